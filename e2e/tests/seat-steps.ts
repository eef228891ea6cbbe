import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Locator } from '@playwright/test';
import { callApi, inDays } from './api-steps';
import { expect, Mailbox } from './mailbox';
import { ORGANIZER_PASSWORD } from './organizer-steps';

/** Seat-map journeys: a small two-section chart, published and attached to a date through the API. */

interface ChartSeat {
  id: string;
  label: string;
  x: number;
  y: number;
  category: string;
  accessible: boolean;
  left: string | null;
  right: string | null;
}

/** `rows` straight rows of `perRow` seats, 30 units apart, centred on `x`, from `y` down. */
function section(
  id: string,
  names: { en: string; ar: string },
  rowLabels: readonly string[],
  perRow: number,
  origin: { x: number; y: number },
  category: string,
) {
  return {
    id,
    label_en: names.en,
    label_ar: names.ar,
    rows: rowLabels.map((label, rowIndex) => {
      const seats: ChartSeat[] = Array.from({ length: perRow }, (_, seatIndex) => ({
        id: `${id}.r${rowIndex + 1}.s${seatIndex + 1}`,
        label: String(seatIndex + 1),
        x: origin.x + (seatIndex - (perRow - 1) / 2) * 30,
        y: origin.y + rowIndex * 34,
        category,
        accessible: rowIndex === 0 && (seatIndex === 0 || seatIndex === perRow - 1),
        left: seatIndex === 0 ? null : `${id}.r${rowIndex + 1}.s${seatIndex}`,
        right: seatIndex === perRow - 1 ? null : `${id}.r${rowIndex + 1}.s${seatIndex + 2}`,
      }));
      return { id: `${id}.r${rowIndex + 1}`, label, seats };
    }),
  };
}

/** A hall of two sections: Front (VIP, rows A–B of 8) and Back (rows أ ب ت of 10). */
export function twoSectionChart() {
  return {
    version: 1,
    venue: { width: 600, height: 420, seat_size: 20 },
    stage: { label_en: 'Stage', label_ar: 'المسرح', x: 150, y: 10, width: 300, height: 50 },
    focal_point: { x: 300, y: 35 },
    categories: [
      { key: 'vip', label_en: 'VIP', label_ar: 'كبار الشخصيات', color: '#C2185B' },
      { key: 'standard', label_en: 'Standard', label_ar: 'عادي', color: '#1565C0' },
    ],
    sections: [
      section('front', { en: 'Front', ar: 'الأمام' }, ['A', 'B'], 8, { x: 300, y: 110 }, 'vip'),
      section(
        'back',
        { en: 'Back', ar: 'الخلف' },
        ['أ', 'ب', 'ت'],
        10,
        { x: 300, y: 230 },
        'standard',
      ),
    ],
  };
}

export interface SeatedEvent {
  id: number;
  title: string;
  slot: number;
  vip: number;
  standard: number;
}

/**
 * The organizer publishes an event with two ticket categories (VIP 150 SAR, Standard 80 SAR)
 * and one date, publishes the two-section chart and attaches it to the date.
 */
export async function publishSeatedEvent(
  request: APIRequestContext,
  organizer: string,
  journey: string,
): Promise<SeatedEvent> {
  const [categories, types] = await Promise.all([
    callApi<{ results: Array<{ id: number }> }>(request, organizer, 'GET', '/api/v1/categories/'),
    callApi<{ results: Array<{ id: number }> }>(request, organizer, 'GET', '/api/v1/event_types/'),
  ]);
  const title = `${journey} ${randomUUID().slice(0, 8)}`;
  const event = await callApi<{ id: number }>(request, organizer, 'POST', '/api/v1/events/', {
    title,
    description: `A seated evening to test ${journey.toLowerCase()} end to end.`,
    category: categories.results[0]!.id,
    event_type: types.results[0]!.id,
    venue_name: 'King Fahd Cultural Centre',
    address: 'Riyadh',
    latitude: 24.6877,
    longitude: 46.7219,
    is_online: false,
    online_url: null,
    timezone: 'Asia/Riyadh',
    currency: 'SAR',
    requires_approval: false,
    max_tickets_per_order: 10,
    refund_policy: { refundable_until_hours: 24, refund_percentage: 100 },
  });
  const slot = await callApi<{ id: number }>(request, organizer, 'POST', '/api/v1/event_dates/', {
    event: event.id,
    start: inDays(12),
    end: inDays(12, 3),
  });
  const category = (name: string, price: number) =>
    callApi<{ id: number }>(request, organizer, 'POST', '/api/v1/ticket/create/', {
      event: event.id,
      name,
      price,
      quantity: 50,
    });
  const vip = await category('VIP', 15000);
  const standard = await category('Standard', 8000);
  const chart = await callApi<{ id: number }>(request, organizer, 'POST', '/api/v1/charts/', {
    name: `${journey} hall`,
    draft: twoSectionChart(),
  });
  await callApi(request, organizer, 'POST', `/api/v1/charts/${chart.id}/publish/`);
  await callApi(request, organizer, 'PUT', `/api/v1/event_dates/${slot.id}/chart/`, {
    chart: chart.id,
    categories: { vip: vip.id, standard: standard.id },
  });
  await callApi(request, organizer, 'PATCH', `/api/v1/events/${event.id}/`, {
    status: 'published',
  });
  return { id: event.id, title, slot: slot.id, vip: vip.id, standard: standard.id };
}

/** An attendee of this test's own, registered through the API with the emailed code. */
export async function registerAttendee(
  request: APIRequestContext,
  mailbox: Mailbox,
): Promise<{ email: string; password: string }> {
  const email = `seats-${randomUUID().slice(0, 8)}@example.com`;
  const before = mailbox.messages.length;
  const registered = await request.post('/register/', {
    data: { email, password: ORGANIZER_PASSWORD },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  const code = Mailbox.codeIn(await mailbox.waitFor(email, before));
  const verified = await request.post('/otp/verify_email/', { data: { email, otp: code } });
  expect(verified.ok(), await verified.text()).toBe(true);
  const { access } = (await verified.json()) as { access: string };
  await callApi(request, access, 'PATCH', '/complete_registration/', {
    first_name: 'Huda',
    last_name: 'Nasser',
    user_type: 'attendee',
  });
  return { email, password: ORGANIZER_PASSWORD };
}

/**
 * The screen point of a chart point on the open seat map: the canvas publishes its view
 * (`data-view`: scale and offsets) after every draw.
 */
export async function seatPoint(canvas: Locator, chart: { x: number; y: number }) {
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  const view = JSON.parse((await canvas.getAttribute('data-view')) ?? 'null') as {
    scale: number;
    offsetX: number;
    offsetY: number;
  };
  return {
    x: box.x + chart.x * view.scale + view.offsetX,
    y: box.y + chart.y * view.scale + view.offsetY,
  };
}

/** Where a seat of `twoSectionChart` is: section front (8 a row) or back (10 a row). */
export function seatPosition(section: 'front' | 'back', row: number, seat: number) {
  const perRow = section === 'front' ? 8 : 10;
  const top = section === 'front' ? 110 : 230;
  return { x: 300 + (seat - 1 - (perRow - 1) / 2) * 30, y: top + (row - 1) * 34 };
}
