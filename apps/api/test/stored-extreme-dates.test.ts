import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorEnvelope } from '@hafla/shared/common/errors';
import { dayInZone } from '@hafla/shared/common/zoned-time';
import { rowsOf } from '../src/lib/db-rows';
import { bookAndPay } from './booking-helpers';
import { wishlistEvent } from './discovery-helpers';
import {
  call,
  createAttendee,
  createOrganizer,
  createPublishedEvent,
  setPublishLimit,
  type Account,
} from './event-helpers';
import { createTestContext, type TestContext } from './helpers';

/**
 * Dates are bounded on input (shared/common/date-range.ts), but rows stored before that, or by
 * hand, may hold any instant PostgreSQL can: every list and page that shows them still answers.
 */

let ctx: TestContext;
let organizer: Account;
let attendee: Account;

interface Fixture {
  stored: string;
  eventId: number;
  slotId: number;
  categoryId: number;
  promoId: number;
  bookingId: number;
  ticketId: number;
}
const fixtures: Fixture[] = [];

// Far ends PostgreSQL stores and JavaScript reads differently: a wall clock past year 9999 in the
// event's zone, a year past four digits, and infinity (an invalid Date once read).
const FAR_ENDS = ['9999-12-31 23:59:59+00', '20000-01-01 00:00:00+00', 'infinity'];
const FAR_STARTS = ['0001-01-01 00:00:00+00', '-infinity'];

beforeAll(async () => {
  ctx = await createTestContext();
  await setPublishLimit(ctx, 100);
  organizer = await createOrganizer(ctx);
  attendee = await createAttendee(ctx);
  for (const [index, stored] of FAR_ENDS.entries()) {
    const fixture = await createPublishedEvent(ctx, organizer.auth, {
      title: `Far Night ${index}`,
    });
    const eventId = fixture.event.id;
    const slotId = fixture.dates[0]!.id;
    const categoryId = fixture.ticket_categories[0]!.id;
    const booking = await bookAndPay(ctx, attendee.auth, {
      event: eventId,
      event_date: slotId,
      items: [{ ticket_category: categoryId, quantity: 1 }],
    });
    await wishlistEvent(ctx, attendee, eventId);
    const farStart = FAR_STARTS[index % FAR_STARTS.length]!;
    await ctx.database.db.execute(
      sql`update event_dates set end_at = ${stored}::timestamptz where id = ${slotId}`,
    );
    await ctx.database.db.execute(
      sql`update ticket_categories set sales_start = ${farStart}::timestamptz,
            sales_end = ${stored}::timestamptz where id = ${categoryId}`,
    );
    const promo = await ctx.database.db.execute(
      sql`insert into promo_codes (event_id, code, discount_type, value, valid_from, valid_until)
          values (${eventId}, ${`FAR${index}`}, 'percentage', 10, ${farStart}::timestamptz,
                  ${stored}::timestamptz)
          returning id`,
    );
    const ticketsAnswer = await call(
      ctx,
      attendee.auth,
      'GET',
      `/api/v1/tickets/?event=${eventId}`,
    );
    const ticketId = (ticketsAnswer.json() as { results: Array<{ id: number }> }).results[0]!.id;
    fixtures.push({
      stored,
      eventId,
      slotId,
      categoryId,
      promoId: Number(rowsOf<{ id: number }>(promo)[0]!.id),
      bookingId: booking.id,
      ticketId,
    });
  }
});
afterAll(() => ctx?.close());

function expectAnswered(response: { statusCode: number; body: string; json(): unknown }) {
  expect(response.statusCode, response.body).toBeLessThan(500);
  if (response.statusCode >= 400) ErrorEnvelope.parse(response.json());
}

describe('reads of far dates stored before inputs were bounded', () => {
  it('the public lists, searches and home answer', async () => {
    const today = dayInZone(new Date(), 'Asia/Riyadh');
    for (const query of [
      '',
      '?sort=newest',
      '?sort=soonest',
      '?sort=popular',
      '?search=Far',
      `?date_from=${today}&date_to=2099-12-31`,
      `?organizer=${organizer.id}`,
      '?lat=24.6877&lng=46.7219',
    ]) {
      const response = await call(ctx, null, 'GET', `/api/v1/events_read/${query}`);
      expect(response.statusCode, `${query} ${response.body}`).toBe(200);
    }
    expect((await call(ctx, null, 'GET', '/api/v1/home')).statusCode).toBe(200);
    expect((await call(ctx, null, 'GET', `/api/v1/profile/${organizer.id}/`)).statusCode).toBe(200);
    expect(
      (await call(ctx, attendee.auth, 'GET', `/api/v1/profile/${attendee.id}/wishlist_events/`))
        .statusCode,
    ).toBe(200);
  });

  it.each(FAR_ENDS.map((stored, index) => [stored, index] as const))(
    "each event's pages answer (%s)",
    async (_stored, index) => {
      const { eventId } = fixtures[index]!;
      for (const url of [
        `/api/v1/events_read/${eventId}`,
        `/api/v1/events/${eventId}/event-details/`,
      ]) {
        const response = await call(ctx, null, 'GET', url);
        expect(response.statusCode, `${url} ${response.body}`).toBe(200);
      }
    },
  );

  it.each(FAR_ENDS.map((stored, index) => [stored, index] as const))(
    "the organizer's lists and items answer (%s)",
    async (_stored, index) => {
      const { eventId, slotId, categoryId, promoId } = fixtures[index]!;
      for (const url of [
        '/api/v1/events/',
        `/api/v1/events/${eventId}`,
        `/api/v1/event_dates/?event=${eventId}`,
        `/api/v1/event_dates/${slotId}`,
        `/api/v1/ticket_categories/?event=${eventId}`,
        `/api/v1/ticket_categories/${categoryId}`,
        `/api/v1/promo_codes/?event=${eventId}`,
        `/api/v1/promo_codes/${promoId}/`,
        `/api/v1/events/${eventId}/cancellation-check`,
        '/api/v1/events/events_published_this_month/',
      ]) {
        const response = await call(ctx, organizer.auth, 'GET', url);
        expect(response.statusCode, `${url} ${response.body}`).toBe(200);
      }
    },
  );

  it.each(FAR_ENDS.map((stored, index) => [stored, index] as const))(
    "the ticket holder's bookings and tickets answer (%s)",
    async (_stored, index) => {
      const { eventId, bookingId, ticketId } = fixtures[index]!;
      for (const url of [
        '/api/v1/events_read/reserved-events/',
        '/api/v1/bookings/',
        `/api/v1/bookings/${bookingId}/`,
        `/api/v1/tickets/?event=${eventId}`,
        `/api/v1/tickets/${ticketId}/`,
        '/api/v1/notifications/',
      ]) {
        const response = await call(ctx, attendee.auth, 'GET', url);
        expect(response.statusCode, `${url} ${response.body}`).toBe(200);
      }
      expectAnswered(
        await call(ctx, attendee.auth, 'POST', '/api/v1/payment/refund-check/', {
          booking: bookingId,
        }),
      );
    },
  );

  it('saving another slot on such an event answers the saved slot', async () => {
    const { eventId } = fixtures[0]!;
    const start = new Date(Date.now() + 20 * 86_400_000);
    start.setUTCSeconds(0, 0);
    const end = new Date(start.getTime() + 3_600_000);
    const response = await call(ctx, organizer.auth, 'POST', '/api/v1/event_dates/', {
      event: eventId,
      start: start.toISOString(),
      end: end.toISOString(),
    });
    expect(response.statusCode, response.body).toBe(201);
  });
});
