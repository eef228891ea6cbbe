import { writeFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { ATTENDEE, bookAndPay, callApi, logIn, ORGANIZER } from './api-steps';
import { expect, test } from './mailbox';
import { openPdfJs, pdfPageImage, type Mask } from './pdf-pages';

/**
 * The ticket PDF, in English and in Arabic, looks as it did: its page is drawn by pdf.js in the
 * browser and compared with the images committed beside this file (`npx playwright test
 * ticket-pdfs --update-snapshots` makes them anew, after a deliberate change of the design).
 * Everything on the ticket is fixed here — event, slot, venue, category, price, holder — except
 * what differs between runs: the QR code (the bounding box of its black modules), the short code
 * under it and the ticket and booking numbers (the regions below), which are painted over.
 */

const EVENT = {
  title: 'Oud night · ليلة العود',
  venue_name: 'King Fahd Cultural Centre',
  address: 'Olaya Street, Riyadh',
  timezone: 'Asia/Riyadh',
  // 19:00–22:00 in Riyadh, a Friday, years ahead so it is always bookable.
  start: '2031-03-14T16:00:00.000Z',
  end: '2031-03-14T19:00:00.000Z',
};
const CATEGORY = { name: 'Gold circle', price: 12_500 };
const HOLDER = 'Layla Al-Harbi';

/** Pixels per PDF point: an A5 page becomes 629 × 893 pixels. */
const SCALE = 1.5;
/** A5 portrait in points, as lib/tickets/ticket-pdf.ts lays it out. */
const PAGE = { width: 419.53, margin: 28 };
const HALF = (PAGE.width - 2 * PAGE.margin) / 2;

/**
 * The numbers of one ticket, in points from the top left: the badge "Ticket #N" in the header,
 * the value of the "Ticket number" cell and the "Booking N" line at the foot, each at the end of
 * its line (the right in English, the left in Arabic), a whole half line each so a number of any
 * length is covered alike; and the short code under the QR code.
 */
function numberMasks(direction: 'ltr' | 'rtl'): Mask[] {
  const endX = direction === 'ltr' ? PAGE.width - PAGE.margin - HALF : PAGE.margin;
  return [
    { x: endX, y: 20, width: HALF, height: 22 },
    { x: endX, y: 263, width: HALF, height: 18 },
    { x: endX, y: 572, width: HALF, height: 16 },
    // The short code under the QR code, centred: its MAC differs with each ticket's secret.
    { x: PAGE.width / 2 - 90, y: 521, width: 180, height: 18 },
  ];
}

interface Ticketed {
  ticket: number;
  booking: number;
}

/** The organizer publishes the fixed event; the attendee books one ticket, pays and names it. */
async function bookFixedTicket(request: APIRequestContext): Promise<Ticketed> {
  const organizer = await logIn(request, ORGANIZER);
  const [categories, types] = await Promise.all([
    callApi<{ results: Array<{ id: number }> }>(request, organizer, 'GET', '/api/v1/categories/'),
    callApi<{ results: Array<{ id: number }> }>(request, organizer, 'GET', '/api/v1/event_types/'),
  ]);
  const event = await callApi<{ id: number }>(request, organizer, 'POST', '/api/v1/events/', {
    title: EVENT.title,
    description: 'A fixed ticket for the visual check of the PDFs.',
    category: categories.results[0]!.id,
    event_type: types.results[0]!.id,
    venue_name: EVENT.venue_name,
    address: EVENT.address,
    latitude: 24.6877,
    longitude: 46.7219,
    is_online: false,
    online_url: null,
    timezone: EVENT.timezone,
    currency: 'SAR',
    requires_approval: false,
    max_tickets_per_order: 10,
    refund_policy: { refundable_until_hours: 24, refund_percentage: 100 },
  });
  const slot = await callApi<{ id: number }>(request, organizer, 'POST', '/api/v1/event_dates/', {
    event: event.id,
    start: EVENT.start,
    end: EVENT.end,
  });
  const category = await callApi<{ id: number }>(
    request,
    organizer,
    'POST',
    '/api/v1/ticket/create/',
    { event: event.id, name: CATEGORY.name, price: CATEGORY.price, quantity: 10 },
  );
  await callApi(request, organizer, 'PATCH', `/api/v1/events/${event.id}/`, {
    status: 'published',
  });

  const attendee = await logIn(request, ATTENDEE);
  const booking = await bookAndPay(
    request,
    attendee,
    { id: event.id, title: EVENT.title, slot: slot.id, category: category.id },
    1,
  );
  const ticket = booking.tickets[0]!.id;
  await callApi(request, attendee, 'PATCH', `/api/v1/tickets/${ticket}/`, { holder_name: HOLDER });
  return { ticket, booking: booking.id };
}

async function ticketPdf(
  request: APIRequestContext,
  ticket: number,
  language: 'en' | 'ar',
): Promise<Buffer> {
  const response = await request.get(`/api/v1/tickets/${ticket}/pdf/`, {
    headers: {
      Authorization: `Bearer ${await logIn(request, ATTENDEE)}`,
      'Accept-Language': language,
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/pdf');
  return response.body();
}

test('the ticket PDF looks as before in English and in Arabic', async ({ page, request }) => {
  const { ticket } = await bookFixedTicket(request);
  const escaped = await openPdfJs(page);

  for (const [language, direction] of [
    ['en', 'ltr'],
    ['ar', 'rtl'],
  ] as const) {
    const pdf = await ticketPdf(request, ticket, language);
    // Kept with the test's results, to look at when the images differ.
    await writeFile(test.info().outputPath(`ticket-${language}.pdf`), pdf);
    const image = await pdfPageImage(page, pdf, {
      scale: SCALE,
      masks: numberMasks(direction),
      maskBlack: true,
    });
    expect(image.pages, `${language}: one page for one ticket`).toBe(1);
    // The QR code is where it was, about 200 points square, centred.
    expect(image.black, `${language}: a QR code`).not.toBeNull();
    expect(image.black!.width).toBeGreaterThan(150);
    expect(Math.abs(image.black!.width - image.black!.height)).toBeLessThan(2);
    // Antialiasing may differ by a few pixels; a different font, size, position or direction
    // changes thousands.
    expect(image.png).toMatchSnapshot(`ticket-${language}.png`, {
      threshold: 0.2,
      maxDiffPixels: 150,
    });
  }
  expect(escaped, 'pdf.js fetched nothing from the network').toEqual([]);
});
