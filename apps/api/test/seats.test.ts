import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Booking, EventBookingDetails, Ticket, TicketList } from '@hafla/shared/bookings/bookings';
import { PayResult } from '@hafla/shared/bookings/payments';
import { Chart, ChartList } from '@hafla/shared/charts/charts';
import { GuestList } from '@hafla/shared/door/guest-list';
import { sampleChart } from '@hafla/shared/charts/sample-chart';
import { EventDate } from '@hafla/shared/event-dates/event-dates';
import {
  BestAvailableResult,
  EventDateChart,
  SeatBlockResult,
  SeatMap,
  type SeatStatus,
} from '@hafla/shared/charts/seats';
import { eventDateSeats } from '../src/db/schema/bookings';
import { rowsOf } from '../src/lib/db-rows';
import { book, inventoryOf, lapseHold, pay, send } from './booking-helpers';
import {
  call,
  createAttendee,
  createOrganizerTestContext,
  createPublishedEvent,
  expectError,
  expectOk,
  inDays,
  type Account,
  type EventFixture,
} from './event-helpers';
import { createPublishedChart } from './chart-helpers';
import type { TestContext } from './helpers';
import { pdfActualTexts } from './pdf-text';

/**
 * Seats of event dates (decision 0020): attaching a chart to a date, the public seat map,
 * holding seats with the orphan rule, blocking, selling and refunding them, and the refusals.
 */

let ctx: TestContext;
let organizer: Account;
let rival: Account;
let attendee: Account;
let fixture: EventFixture;
let chartId: number;
let date: number;
let otherDate: number;
let vip: number;
let standard: number;
let standing: number;

const SAMPLE = { vip: 12 + 4, standard: 5 * 12 + 30, standing: 150 };

const mapping = () => ({ vip, standard, standing });
const attach = (dateId: number, body: unknown, auth: string | null = organizer.auth) =>
  call(ctx, auth, 'PUT', `/api/v1/event_dates/${dateId}/chart/`, body);
const seatMap = async (dateId = date) =>
  expectOk(await call(ctx, null, 'GET', `/api/v1/event_dates/${dateId}/seats/`), 200, SeatMap);
const statusOf = async (seat: string, dateId = date): Promise<SeatStatus | undefined> =>
  (await seatMap(dateId)).seats.find((state) => state.id === seat)?.status;
const bookSeats = (auth: string, seats: string[], extra: object = {}, dateId = date) =>
  book(ctx, auth, {
    event: fixture.event.id,
    event_date: dateId,
    items: [],
    seats,
    ...extra,
  });
const block = (seats: string[], blocked: boolean, auth: string = organizer.auth) =>
  call(ctx, auth, 'POST', `/api/v1/event_dates/${date}/seats/block/`, { seats, blocked });

/** Every seat of the date and who has it, straight from the table. */
async function seatRows(dateId = date) {
  return ctx.database.db
    .select({ seat: eventDateSeats.seat_id, booking: eventDateSeats.booking_id })
    .from(eventDateSeats)
    .where(eq(eventDateSeats.event_date_id, dateId));
}

beforeAll(async () => {
  ({ ctx, organizer, rival, attendee } = await createOrganizerTestContext());
  fixture = await createPublishedEvent(ctx, organizer.auth, {
    max_tickets_per_order: 6,
    dates: [
      { start: inDays(7), end: inDays(7, 3) },
      { start: inDays(8), end: inDays(8, 3) },
    ],
    ticket_categories: [
      { name: 'VIP', price: 20000, quantity: 10 },
      { name: 'Standard', price: 8000, quantity: 10 },
      { name: 'Standing', price: 3000, quantity: 10 },
    ],
  });
  [vip, standard, standing] = fixture.ticket_categories.map((category) => category.id) as [
    number,
    number,
    number,
  ];
  [date, otherDate] = fixture.dates.map((slot) => slot.id) as [number, number];
  chartId = await createPublishedChart(ctx, organizer.auth);
});
afterAll(() => ctx.close());

describe('attaching a chart to a date', () => {
  it('refuses incomplete and foreign mappings with field errors, changing nothing', async () => {
    const missing = await attach(date, { chart: chartId, categories: { vip, standard } });
    expectError(missing, 400, 'required', 'categories.standing');
    const unknown = await attach(date, {
      chart: chartId,
      categories: { ...mapping(), balcony: vip },
    });
    expectError(unknown, 400, 'unknown_chart_category', 'categories.balcony');
    const foreign = await createPublishedEvent(ctx, rival.auth);
    const notOurs = await attach(date, {
      chart: chartId,
      categories: { ...mapping(), vip: foreign.ticket_categories[0]!.id },
    });
    expectError(notOurs, 400, 'ticket_category_not_in_event', 'categories.vip');
    const draftOnly = expectOk(
      await call(ctx, organizer.auth, 'POST', '/api/v1/charts/', {
        name: 'Draft',
        draft: sampleChart(),
      }),
      201,
      Chart,
    );
    expectError(
      await attach(date, { chart: draftOnly.id, categories: mapping() }),
      400,
      'chart_not_published',
      'chart',
    );
    expectError(
      await attach(date, { chart: 'x', categories: mapping() }),
      400,
      'not_a_number',
      'chart',
    );
    expect((await attach(date, { chart: chartId, categories: [] })).statusCode).toBe(400);
    expect(await seatRows()).toHaveLength(0);
    expectError(
      await call(ctx, null, 'GET', `/api/v1/event_dates/${date}/seats/`),
      404,
      'not_found',
    );
  });

  it('is the organizer’s own: others’ dates and charts are not found, attendees are refused', async () => {
    expectError(
      await attach(date, { chart: chartId, categories: mapping() }, rival.auth),
      404,
      'not_found',
    );
    const rivalChart = await createPublishedChart(ctx, rival.auth);
    expectError(
      await attach(date, { chart: rivalChart, categories: mapping() }),
      404,
      'not_found',
      'chart',
    );
    expectError(
      await attach(date, { chart: chartId, categories: mapping() }, attendee.auth),
      403,
      'permission_denied',
    );
    expectError(
      await attach(date, { chart: chartId, categories: mapping() }, null),
      401,
      'not_authenticated',
    );
    expectError(
      await call(ctx, rival.auth, 'GET', `/api/v1/event_dates/${date}/chart/`),
      404,
      'not_found',
    );
    expect(await seatRows()).toHaveLength(0);
  });

  it('pins the published version; the categories’ quantity for the date becomes their seat count', async () => {
    const attached = expectOk(
      await attach(date, { chart: chartId, categories: mapping() }),
      200,
      EventDateChart,
    );
    expect(attached).toMatchObject({
      event_date: date,
      chart: chartId,
      version: 1,
      seat_count: SAMPLE.vip + SAMPLE.standard,
    });
    expect(attached.categories).toEqual([
      { key: 'vip', ticket_category: vip, quantity: SAMPLE.vip, seated: true },
      { key: 'standard', ticket_category: standard, quantity: SAMPLE.standard, seated: true },
      { key: 'standing', ticket_category: standing, quantity: SAMPLE.standing, seated: false },
    ]);
    // Editing and publishing the chart again never moves the date's seats.
    expectOk(
      await call(ctx, organizer.auth, 'POST', `/api/v1/charts/${chartId}/publish/`),
      200,
      Chart,
    );
    expect(
      expectOk(
        await call(ctx, organizer.auth, 'GET', `/api/v1/event_dates/${date}/chart/`),
        200,
        EventDateChart,
      ).version,
    ).toBe(1);

    const details = expectOk(
      await call(ctx, null, 'GET', `/api/v1/events/${fixture.event.id}/event-details/`),
      200,
      EventBookingDetails,
    );
    const period = details.days.flatMap((day) => day.periods).find((slot) => slot.id === date)!;
    expect(period.has_seat_map).toBe(true);
    // The organizer's dates say so too, so their list asks only such dates for their chart.
    const own = expectOk(
      await call(ctx, organizer.auth, 'GET', `/api/v1/event_dates/${date}`),
      200,
      EventDate,
    );
    expect(own.has_seat_map).toBe(true);
    expect(
      period.ticket_categories.map(({ available, seated }) => ({ available, seated })),
    ).toEqual([
      { available: SAMPLE.vip, seated: true },
      { available: SAMPLE.standard, seated: true },
      { available: SAMPLE.standing, seated: false },
    ]);
    const other = details.days.flatMap((day) => day.periods).find((slot) => slot.id === otherDate)!;
    expect(other.has_seat_map).toBe(false);
    expect(other.ticket_categories.map((category) => category.available)).toEqual([10, 10, 10]);
  });

  it('shows anyone the seat map with every seat available and the counters', async () => {
    const map = await seatMap();
    expect(map.seats).toHaveLength(SAMPLE.vip + SAMPLE.standard);
    expect(new Set(map.seats.map((seat) => seat.status))).toEqual(new Set(['available']));
    expect(map.counters).toEqual([
      { category: 'vip', ticket_category: vip, available: SAMPLE.vip, total: SAMPLE.vip },
      {
        category: 'standard',
        ticket_category: standard,
        available: SAMPLE.standard,
        total: SAMPLE.standard,
      },
      { category: 'standing', ticket_category: standing, available: 0, total: 0 },
    ]);
    expect(map.seat_chart.sections.map((section) => section.id)).toEqual(['stalls', 'balcony']);
  });
});

describe('holding seats', () => {
  let buyer: Account;
  let second: Account;
  beforeAll(async () => {
    buyer = await createAttendee(ctx);
    second = await createAttendee(ctx);
  });

  it('holds seats and standing tickets in one booking whose tickets carry their seats', async () => {
    const held = expectOk(
      await bookSeats(buyer.auth, ['stalls.r2.s1', 'stalls.r2.s2'], {
        items: [{ ticket_category: standing, quantity: 1 }],
      }),
      201,
      Booking,
    );
    expect(held.items.map((item) => [item.ticket_category, item.quantity])).toEqual([
      [standard, 2],
      [standing, 1],
    ]);
    const seats = held.tickets.map((ticket) => ticket.seat);
    expect(seats).toContainEqual({
      id: 'stalls.r2.s1',
      section_en: 'Stalls',
      section_ar: 'الصالة',
      row: 'B',
      seat: '1',
    });
    expect(seats).toContainEqual({
      id: 'stalls.r2.s2',
      section_en: 'Stalls',
      section_ar: 'الصالة',
      row: 'B',
      seat: '2',
    });
    expect(seats.filter((seat) => seat === null)).toHaveLength(1);
    // The answer is what reading the booking back says.
    expect(
      expectOk(await send(ctx, buyer.auth, 'GET', `/api/v1/bookings/${held.id}/`), 200, Booking),
    ).toEqual(held);
    expect(await statusOf('stalls.r2.s1')).toBe('held');
    expect(await inventoryOf(ctx, date, standard)).toEqual({ sold: 0, held: 2 });

    // Another buyer is told which seat is gone, and nothing of theirs is held.
    const taken = await bookSeats(second.auth, ['stalls.r2.s3', 'stalls.r2.s2']);
    const error = expectError(taken, 409, 'seat_taken', 'seats.1');
    expect(error.detail).toContain('stalls.r2.s2');
    expect(await statusOf('stalls.r2.s3')).toBe('available');

    // Paid: sold, and the ticket shows its seat.
    const paid = expectOk(await pay(ctx, buyer.auth, held.id), 200, PayResult);
    expect(paid.booking.status).toBe('confirmed');
    // Rendered by the confirmation, seats included; it reads back the same.
    expect(paid.booking.tickets.find((one) => one.seat)?.seat).toMatchObject({ row: 'B' });
    expect(
      expectOk(await send(ctx, buyer.auth, 'GET', `/api/v1/bookings/${held.id}/`), 200, Booking),
    ).toEqual(paid.booking);
    expect(await statusOf('stalls.r2.s1')).toBe('sold');
    const list = expectOk(await send(ctx, buyer.auth, 'GET', '/api/v1/tickets/'), 200, TicketList);
    const ticket = list.results.find((one) => one.seat?.id === 'stalls.r2.s1')!;
    expect(Ticket.parse(ticket).seat).toMatchObject({ row: 'B', seat: '1' });
    // The PDF prints the section, row and seat, in the reader's language.
    const pdfIn = async (language: string) => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/tickets/${ticket.id}/pdf/`,
        headers: { authorization: buyer.auth, 'accept-language': language },
      });
      expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
      return pdfActualTexts(response.rawPayload);
    };
    expect(await pdfIn('en')).toEqual(
      expect.arrayContaining(['Section', 'Stalls', 'Seat', 'Row B · Seat 1']),
    );
    expect(await pdfIn('ar')).toEqual(expect.arrayContaining(['القسم', 'الصالة', 'المقعد']));
    // The organizer's guest list shows the seat too.
    const guests = expectOk(
      await call(
        ctx,
        organizer.auth,
        'GET',
        `/api/v1/tickets/?event=${fixture.event.id}&view=guest_list`,
      ),
      200,
      GuestList,
    );
    expect(guests.results.find((guest) => guest.id === ticket.id)?.seat).toEqual(ticket.seat);
  });

  it('refuses a selection that strands one seat, naming it, unless no other placement exists', async () => {
    // Row C: taking seats 2 and 3 would leave seat 1 alone at the row's end.
    const stranding = await bookSeats(second.auth, ['stalls.r3.s2', 'stalls.r3.s3']);
    const error = expectError(stranding, 409, 'orphan_seat', 'seats');
    expect(error.detail).toContain('stalls.r3.s1');
    expect(await statusOf('stalls.r3.s2')).toBe('available');
    // Row B after the sale: seat 3 is now at the end of the free stretch; 3 and 4 strand nothing.
    expectOk(await bookSeats(second.auth, ['stalls.r2.s3', 'stalls.r2.s4']), 201, Booking);
  });

  it('refuses unknown seats, seats of another date and counted tickets of seated categories', async () => {
    const buyer3 = await createAttendee(ctx);
    expectError(await bookSeats(buyer3.auth, ['nowhere']), 400, 'seat_not_found', 'seats.0');
    expectError(
      await bookSeats(buyer3.auth, ['stalls.r4.s1'], {}, otherDate),
      400,
      'seat_not_found',
      'seats.0',
    );
    expectError(
      await bookSeats(buyer3.auth, [], { items: [{ ticket_category: vip, quantity: 1 }] }),
      400,
      'seat_required',
      'items.0.ticket_category',
    );
    expectError(
      await bookSeats(buyer3.auth, ['stalls.r4.s1', 'stalls.r4.s1']),
      400,
      'duplicate_seat',
    );
    expectError(await bookSeats(buyer3.auth, []), 400, 'min_length', 'items');
    expectError(
      await book(ctx, buyer3.auth, {
        event: fixture.event.id + 1000,
        event_date: date,
        items: [],
        seats: ['stalls.r4.s1'],
      }),
      404,
      'not_found',
    );
    // Seven seats are over the event's six per order.
    const seven = Array.from({ length: 7 }, (_, index) => `stalls.r5.s${index + 1}`);
    expectError(await bookSeats(buyer3.auth, seven), 400, 'max_per_order_exceeded', 'seats');
    const [count] = rowsOf<{ n: number }>(
      await ctx.database.db.execute(
        sql`select count(*)::int as n from bookings b join users u on u.id = b.user_id where u.id = ${buyer3.id}`,
      ),
    );
    expect(count?.n).toBe(0);
    expect(await statusOf('stalls.r4.s1')).toBe('available');
  });

  it('frees the seats of a lapsed hold at once, for reading and for the next buyer', async () => {
    const first = await createAttendee(ctx);
    const next = await createAttendee(ctx);
    const held = expectOk(
      await bookSeats(first.auth, ['stalls.r6.s5', 'stalls.r6.s6']),
      201,
      Booking,
    );
    await lapseHold(ctx, held.id);
    expect(await statusOf('stalls.r6.s5')).toBe('available');
    const taken = expectOk(
      await bookSeats(next.auth, ['stalls.r6.s5', 'stalls.r6.s6']),
      201,
      Booking,
    );
    expect(taken.tickets.map((ticket) => ticket.seat?.id).sort()).toEqual([
      'stalls.r6.s5',
      'stalls.r6.s6',
    ]);
    const rows = (await seatRows()).filter((row) => row.seat === 'stalls.r6.s5');
    expect(rows).toEqual([{ seat: 'stalls.r6.s5', booking: taken.id }]);
    // The first buyer's late payment finds the seats gone: refused, nothing sold twice.
    const late = await pay(ctx, first.auth, held.id);
    expect(late.statusCode, late.body).toBe(409);
    expect(await statusOf('stalls.r6.s5')).toBe('held');
  });

  it('applies a promo code limited to a seated category to its seats', async () => {
    const coded = await createAttendee(ctx);
    const code = await call(ctx, organizer.auth, 'POST', '/api/v1/promo_codes/', {
      event: fixture.event.id,
      code: 'FRONT10',
      discount_type: 'percentage',
      value: 10,
      ticket_categories: [standard],
    });
    expect(code.statusCode, code.body).toBe(201);
    const held = expectOk(
      await bookSeats(coded.auth, ['balcony.r2.s1', 'balcony.r2.s2'], { promo_code: 'front10' }),
      201,
      Booking,
    );
    expect(held).toMatchObject({ promo_code: 'FRONT10', subtotal: 16000, discount: 1600 });
  });

  it('gives a cancelled hold’s seats back', async () => {
    const buyer4 = await createAttendee(ctx);
    const held = expectOk(
      await bookSeats(buyer4.auth, ['balcony.r1.s1', 'balcony.r1.s2']),
      201,
      Booking,
    );
    expectOk(
      await send(ctx, buyer4.auth, 'POST', `/api/v1/bookings/${held.id}/cancel/`),
      200,
      Booking,
    );
    expect(await statusOf('balcony.r1.s1')).toBe('available');
    expect(await inventoryOf(ctx, date, standard)).toMatchObject({ held: 6 });
  });
});

describe('best available', () => {
  const bestAvailable = (auth: string, body: object, eventId = fixture.event.id) =>
    send(ctx, auth, 'POST', `/api/v1/events/${eventId}/best-available/`, {
      event_date: date,
      ...body,
    });

  it('holds adjacent seats nearest the stage, and says they are together', async () => {
    const buyer = await createAttendee(ctx);
    const result = expectOk(
      await bestAvailable(buyer.auth, { ticket_category: vip, quantity: 2 }),
      201,
      BestAvailableResult,
    );
    expect(result.together).toBe(true);
    expect(result.booking.status).toBe('pending');
    const seats = result.booking.tickets.map((ticket) => ticket.seat!);
    expect(seats.map((seat) => seat.row)).toEqual(['A', 'A']);
    // The front row's middle: nearest the focal point.
    expect(seats.map((seat) => seat.id).sort()).toEqual(['stalls.r1.s6', 'stalls.r1.s7']);
    for (const seat of seats) expect(await statusOf(seat.id)).toBe('held');
    expect(
      expectOk(
        await send(ctx, buyer.auth, 'GET', `/api/v1/bookings/${result.booking.id}/`),
        200,
        Booking,
      ),
    ).toEqual(result.booking);
  });

  it('refuses unseated categories, too many seats and strangers’ events, holding nothing', async () => {
    const buyer = await createAttendee(ctx);
    expectError(
      await bestAvailable(buyer.auth, { ticket_category: standing, quantity: 2 }),
      400,
      'ticket_category_not_seated',
      'ticket_category',
    );
    expectError(
      await bestAvailable(buyer.auth, { ticket_category: vip, quantity: 0 }),
      400,
      'min_value',
      'quantity',
    );
    expectError(
      await bestAvailable(buyer.auth, { ticket_category: vip, quantity: 40 }),
      409,
      'sold_out',
      'quantity',
    );
    const foreign = await createPublishedEvent(ctx, rival.auth);
    expectError(
      await bestAvailable(buyer.auth, { ticket_category: vip, quantity: 1 }, foreign.event.id),
      404,
      'not_found',
    );
    expectError(
      await send(ctx, null, 'POST', `/api/v1/events/${fixture.event.id}/best-available/`, {
        event_date: date,
        ticket_category: vip,
        quantity: 1,
      }),
      401,
      'not_authenticated',
    );
    const [count] = rowsOf<{ n: number }>(
      await ctx.database.db.execute(
        sql`select count(*)::int as n from bookings where user_id = ${buyer.id}`,
      ),
    );
    expect(count?.n).toBe(0);
  });
});

describe('blocking seats', () => {
  it('blocks and unblocks free seats; a blocked seat cannot be held', async () => {
    const blocked = expectOk(
      await block(['balcony.r3.s1', 'balcony.r3.s2'], true),
      200,
      SeatBlockResult,
    );
    expect(blocked.seats).toEqual([
      { id: 'balcony.r3.s1', status: 'blocked' },
      { id: 'balcony.r3.s2', status: 'blocked' },
    ]);
    const buyer = await createAttendee(ctx);
    expectError(
      await bookSeats(buyer.auth, ['balcony.r3.s2', 'balcony.r3.s3']),
      409,
      'seat_taken',
      'seats.0',
    );
    expectOk(await block(['balcony.r3.s1', 'balcony.r3.s2'], false), 200, SeatBlockResult);
    expect(await statusOf('balcony.r3.s1')).toBe('available');
  });

  it('refuses held and sold seats, unknown seats and other organizers, changing nothing', async () => {
    expectError(await block(['stalls.r2.s1', 'balcony.r3.s5'], true), 409, 'seat_taken', 'seats.0');
    expect(await statusOf('balcony.r3.s5')).toBe('available');
    expectError(await block(['nowhere'], true), 400, 'seat_not_found', 'seats.0');
    expectError(await block(['balcony.r3.s5'], true, rival.auth), 404, 'not_found');
    expectError(await block(['balcony.r3.s5'], true, attendee.auth), 403, 'permission_denied');
    expectError(await block([], true), 400, 'min_length', 'seats');
    expect(await statusOf('balcony.r3.s5')).toBe('available');
  });
});

describe('a chart in use', () => {
  it('cannot be detached or deleted while its seats are held or sold', async () => {
    expectError(
      await call(ctx, organizer.auth, 'DELETE', `/api/v1/event_dates/${date}/chart/`),
      409,
      'chart_in_use',
    );
    expectError(
      await call(ctx, organizer.auth, 'DELETE', `/api/v1/charts/${chartId}/`),
      409,
      'chart_in_use',
    );
    const list = expectOk(
      await call(ctx, organizer.auth, 'GET', '/api/v1/charts/?limit=1000'),
      200,
      ChartList,
    );
    expect(list.results.find((chart) => chart.id === chartId)?.in_use).toBe(true);
    expectError(
      await call(ctx, rival.auth, 'DELETE', `/api/v1/event_dates/${date}/chart/`),
      404,
      'not_found',
    );
    expect((await seatMap()).seats.length).toBe(SAMPLE.vip + SAMPLE.standard);
  });

  it('is detached from a date with nothing held, and then deleted', async () => {
    const chart = await createPublishedChart(ctx, organizer.auth);
    expectOk(await attach(otherDate, { chart, categories: mapping() }), 200, EventDateChart);
    // A hold that was let go leaves nothing in use.
    const buyer = await createAttendee(ctx);
    const held = expectOk(
      await bookSeats(buyer.auth, ['stalls.r1.s1', 'stalls.r1.s2'], {}, otherDate),
      201,
      Booking,
    );
    expectOk(
      await send(ctx, buyer.auth, 'POST', `/api/v1/bookings/${held.id}/cancel/`),
      200,
      Booking,
    );
    const detached = await call(
      ctx,
      organizer.auth,
      'DELETE',
      `/api/v1/event_dates/${otherDate}/chart/`,
    );
    expect(detached.statusCode, detached.body).toBe(204);
    expect(await seatRows(otherDate)).toHaveLength(0);
    expect(await inventoryOf(ctx, otherDate, vip)).toMatchObject({ held: 0, sold: 0 });
    const deleted = await call(ctx, organizer.auth, 'DELETE', `/api/v1/charts/${chart}/`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    // The booking that was let go still reads, without its seat.
    const after = expectOk(
      await send(ctx, buyer.auth, 'GET', `/api/v1/bookings/${held.id}/`),
      200,
      Booking,
    );
    expect(after.tickets.map((ticket) => ticket.seat)).toEqual([null, null]);
  });

  it('frees a refunded ticket’s seat', async () => {
    const buyer = await createAttendee(ctx);
    const held = expectOk(
      await bookSeats(buyer.auth, ['stalls.r4.s1', 'stalls.r4.s2']),
      201,
      Booking,
    );
    expectOk(await pay(ctx, buyer.auth, held.id), 200, PayResult);
    const ticket = held.tickets.find((one) => one.seat?.id === 'stalls.r4.s1')!;
    const refunded = await send(ctx, buyer.auth, 'POST', '/api/v1/payment/refund/', {
      booking: held.id,
      tickets: [ticket.id],
    });
    expect(refunded.statusCode, refunded.body).toBeLessThan(300);
    expect(await statusOf('stalls.r4.s1')).toBe('available');
    expect(await statusOf('stalls.r4.s2')).toBe('sold');
  });
});
