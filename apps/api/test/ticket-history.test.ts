import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Booking,
  type BookRequest,
  ReservedEventList,
  Ticket,
  TicketList,
} from '@hafla/shared/bookings/bookings';
import { RefundResult } from '@hafla/shared/bookings/payments';
import { bookAndPay, holdTickets, send } from './booking-helpers';
import {
  type Account,
  cancelEvent,
  createAttendee,
  createOrganizer,
  createPublishedEvent,
  type EventFixture,
  expectError,
  expectOk,
  inDays,
  setPublishLimit,
} from './event-helpers';
import { createTestContext, type TestContext } from './helpers';

let ctx: TestContext;
let organizer: Account;
let buyer: Account;
let other: Account;
/** Two tickets, one of them given back by the buyer. */
let kept: EventFixture;
/** Bought, then refunded in full at the buyer's request. */
let givenBack: EventFixture;
/** Bought, then called off by the organizer. */
let calledOff: EventFixture;
let keptBooking: Booking;
let givenBackBooking: Booking;
let calledOffBooking: Booking;
let hold: Booking;

const order = (fixture: EventFixture, quantity: number): BookRequest => ({
  event: fixture.event.id,
  event_date: fixture.dates[0]!.id,
  items: [{ ticket_category: fixture.ticket_categories[0]!.id, quantity }],
});

function ask(auth: string, url: string, language: 'en' | 'ar' = 'en') {
  return ctx.app.inject({
    method: 'GET',
    url,
    headers: { authorization: auth, 'accept-language': language },
  });
}

const reservedUrl = '/api/v1/events_read/reserved-events/';

beforeAll(async () => {
  ctx = await createTestContext();
  await setPublishLimit(ctx, 100);
  organizer = await createOrganizer(ctx);
  buyer = await createAttendee(ctx);
  other = await createAttendee(ctx);
  const event = (title: string, days: number, extra: object = {}) =>
    createPublishedEvent(ctx, organizer.auth, {
      title,
      dates: [{ start: inDays(days), end: inDays(days, 3) }],
      ticket_categories: [{ name: 'General', price: 5000, quantity: 50 }],
      ...extra,
    });
  kept = await event('Oud evening', 5, { venue_name: 'Bait Nassif', address: 'Al Balad, Jeddah' });
  givenBack = await event('Changed my mind', 6);
  calledOff = await event('Called off', 7, {
    is_online: true,
    online_url: 'https://meet.example/called-off',
    venue_name: '',
    address: '',
  });
  keptBooking = await bookAndPay(ctx, buyer.auth, order(kept, 2));
  givenBackBooking = await bookAndPay(ctx, buyer.auth, order(givenBack, 1));
  calledOffBooking = await bookAndPay(ctx, buyer.auth, order(calledOff, 1));
  expectOk(
    await send(ctx, buyer.auth, 'POST', '/api/v1/payment/refund/', {
      booking: keptBooking.id,
      tickets: [keptBooking.tickets[1]!.id],
    }),
    200,
    RefundResult,
  );
  expectOk(
    await send(ctx, buyer.auth, 'POST', '/api/v1/payment/refund/', {
      booking: givenBackBooking.id,
    }),
    200,
    RefundResult,
  );
  await cancelEvent(ctx, organizer.auth, calledOff.event.id);
  await ctx.app.bookingJobs.idle();
  hold = await holdTickets(ctx, buyer.auth, order(kept, 1));
});
afterAll(() => ctx.close());

describe('the order history (GET /api/v1/events_read/reserved-events/?include=history)', () => {
  it('without include, lists only events with issued tickets, as before', async () => {
    const list = expectOk(await ask(buyer.auth, reservedUrl), 200, ReservedEventList);
    expect(list.count).toBe(1);
    expect(list.results.map((event) => [event.title, event.tickets_count])).toEqual([
      ['Oud evening', 1],
    ]);
    expect(list.results[0]).toMatchObject({ refunded_tickets_count: 1, refunded_amount: 5000 });
  });

  it('with include=history, keeps the events whose tickets were all given back, and says what was refunded', async () => {
    const list = expectOk(
      await ask(buyer.auth, `${reservedUrl}?include=history`),
      200,
      ReservedEventList,
    );
    expect(list.count).toBe(3);
    const rows = list.results.map((event) => ({
      title: event.title,
      status: event.status,
      issued: event.tickets_count,
      refunded: event.refunded_tickets_count,
      amount: event.refunded_amount,
    }));
    expect(rows).toEqual([
      { title: 'Oud evening', status: 'published', issued: 1, refunded: 1, amount: 5000 },
      { title: 'Changed my mind', status: 'published', issued: 0, refunded: 1, amount: 5000 },
      { title: 'Called off', status: 'cancelled', issued: 0, refunded: 1, amount: 5000 },
    ]);
    expect(list.results[1]!.booked_date.id).toBe(givenBack.dates[0]!.id);
    // Each event's slots carry their own counts and refunds; the event's are their sums.
    expect(list.results.map((event) => event.dates)).toEqual([
      [
        {
          date: expect.objectContaining({ id: kept.dates[0]!.id }),
          tickets_count: 1,
          refunded_tickets_count: 1,
          refunded_amount: 5000,
        },
      ],
      [
        {
          date: expect.objectContaining({ id: givenBack.dates[0]!.id }),
          tickets_count: 0,
          refunded_tickets_count: 1,
          refunded_amount: 5000,
        },
      ],
      [
        {
          date: expect.objectContaining({ id: calledOff.dates[0]!.id }),
          tickets_count: 0,
          refunded_tickets_count: 1,
          refunded_amount: 5000,
        },
      ],
    ]);
  });

  it('leaves out other readers’ history and unpaid holds, and refuses a bad include', async () => {
    const others = expectOk(
      await ask(other.auth, `${reservedUrl}?include=history`),
      200,
      ReservedEventList,
    );
    expect(others.count).toBe(0);
    const page = expectOk(
      await ask(buyer.auth, `${reservedUrl}?include=history&limit=1&offset=2`),
      200,
      ReservedEventList,
    );
    expect(page.results.map((event) => event.title)).toEqual(['Called off']);
    expectError(await ask(buyer.auth, `${reservedUrl}?include=everything`), 400, 'invalid_choice');
  });
});

describe('a ticket says what was refunded and why', () => {
  it('the event’s tickets carry their refund (or null) and the event’s status', async () => {
    const list = expectOk(
      await ask(buyer.auth, `/api/v1/tickets/?event=${kept.event.id}`),
      200,
      TicketList,
    );
    const byId = new Map(list.results.map((ticket) => [ticket.id, ticket]));
    expect(byId.has(hold.tickets[0]!.id)).toBe(false);
    const stays = byId.get(keptBooking.tickets[0]!.id)!;
    const back = byId.get(keptBooking.tickets[1]!.id)!;
    expect(stays).toMatchObject({ status: 'valid', refund: null, event: { status: 'published' } });
    expect(back).toMatchObject({
      status: 'refunded',
      refund: { amount: 5000, currency: 'SAR', reason: 'requested', tickets: 1 },
    });
  });

  it('a ticket of a cancelled event shows the event cancelled and its refund', async () => {
    const ticket = expectOk(
      await ask(buyer.auth, `/api/v1/tickets/${calledOffBooking.tickets[0]!.id}/`),
      200,
      Ticket,
    );
    expect(ticket.event.status).toBe('cancelled');
    expect(ticket.refund).toMatchObject({ reason: 'event_cancelled', amount: 5000, tickets: 1 });
    expect(ticket.status).toBe('refunded');
  });
});

describe('calendar files (GET …/calendar.ics)', () => {
  const unfold = (body: string) => body.replace(/\r\n[ \t]/g, '');

  it('a ticket’s file has its slot in UTC, its venue and its own UID', async () => {
    const id = keptBooking.tickets[0]!.id;
    const response = await ask(buyer.auth, `/api/v1/tickets/${id}/calendar.ics`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="hafla-ticket-${id}.ics"`,
    );
    const ics = unfold(response.body);
    expect(ics).toContain('BEGIN:VCALENDAR');
    expect(ics).toContain(`UID:ticket-${id}@hafla`);
    expect(ics).toContain('SUMMARY:Oud evening');
    expect(ics).toContain('LOCATION:Bait Nassif\\, Al Balad\\, Jeddah');
    const start = new Date(kept.dates[0]!.start).toISOString().replace(/[-:]|\.\d{3}/g, '');
    expect(ics).toContain(`DTSTART:${start}`);
  });

  it('a booking’s file has the UID its confirmation email carried, in the reader’s language', async () => {
    const response = await ask(buyer.auth, `/api/v1/bookings/${keptBooking.id}/calendar.ics`, 'ar');
    expect(response.statusCode, response.body).toBe(200);
    const ics = unfold(response.body);
    expect(ics).toContain(`UID:booking-${keptBooking.id}@hafla`);
    expect(ics).toContain(`الحجز #${keptBooking.id} على حفلة`);
  });

  it('is not_found for someone else’s ticket or booking, a refunded ticket, a booking with nothing issued and an unpaid hold', async () => {
    const urls: Array<[string, string]> = [
      [other.auth, `/api/v1/tickets/${keptBooking.tickets[0]!.id}/calendar.ics`],
      [other.auth, `/api/v1/bookings/${keptBooking.id}/calendar.ics`],
      [buyer.auth, `/api/v1/tickets/${keptBooking.tickets[1]!.id}/calendar.ics`],
      [buyer.auth, `/api/v1/bookings/${givenBackBooking.id}/calendar.ics`],
      [buyer.auth, `/api/v1/bookings/${calledOffBooking.id}/calendar.ics`],
      [buyer.auth, `/api/v1/tickets/${hold.tickets[0]!.id}/calendar.ics`],
      [buyer.auth, `/api/v1/bookings/${hold.id}/calendar.ics`],
      [buyer.auth, '/api/v1/tickets/2000000000/calendar.ics'],
    ];
    for (const [auth, url] of urls) expectError(await ask(auth, url), 404, 'not_found');
    expectError(
      await ask(buyer.auth, '/api/v1/tickets/abc/calendar.ics'),
      400,
      'not_a_number',
      'id',
    );
    const anonymous = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/tickets/${keptBooking.tickets[0]!.id}/calendar.ics`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
