import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Booking, PromoCheckResult, type BookRequest } from '@hafla/shared/bookings/bookings';
import {
  PayResult,
  RefundPreview,
  RefundResult,
  TEST_CARDS,
} from '@hafla/shared/bookings/payments';
import { PromoCode } from '@hafla/shared/promo-codes/promo-codes';
import { bookings } from '../src/db/schema/bookings';
import { promoCodes, ticketCategories } from '../src/db/schema/events';
import { rowsOf } from '../src/lib/db-rows';
import {
  bookAndPay,
  holdTickets,
  inventoryOf,
  lapseHold,
  ledgerBalance,
  pay,
  send,
} from './booking-helpers';
import {
  call,
  cancelEvent,
  createAttendee,
  createOrganizerTestContext,
  createPublishedEvent,
  expectError,
  expectOk,
  inDays,
  moveEventToPast,
  type EventFixture,
  type EventFixtureOverrides,
  type OrganizerTestContext,
} from './event-helpers';

/**
 * Every way the booking API says no — bad input, someone else's booking, replayed or reused
 * Idempotency-Keys, closed sales, limits, cards that fail, lapsed holds, refunds too late or
 * twice, promo codes that do not apply — and that no refusal moves a single ticket.
 */

let t: OrganizerTestContext;
/** General: 5000 × 100, VIP: 12000 × 2; at most 4 tickets per order. */
let fixture: EventFixture;
/** Another published event, whose slot and category are foreign to `fixture`. */
let other: EventFixture;

beforeAll(async () => {
  t = await createOrganizerTestContext({ publishLimit: 1000 });
  fixture = await createEvent({
    ticket_categories: [
      { name: 'General', price: 5000, quantity: 100 },
      { name: 'VIP', price: 12000, quantity: 2 },
    ],
  });
  other = await createPublishedEvent(t.ctx, t.organizer.auth);
});
afterAll(() => t.ctx.close());

/** General: 5000 × 5, VIP: 12000 × 2; at most 4 tickets per order. */
function createEvent(overrides: EventFixtureOverrides = {}) {
  return createPublishedEvent(t.ctx, t.organizer.auth, {
    max_tickets_per_order: 4,
    ticket_categories: [
      { name: 'General', price: 5000, quantity: 5 },
      { name: 'VIP', price: 12000, quantity: 2 },
    ],
    ...overrides,
  });
}

const GENERAL = 0;
const VIP = 1;
const slotOf = (event: EventFixture) => event.dates[0]!.id;
const categoryOf = (event: EventFixture, index = GENERAL) => event.ticket_categories[index]!.id;

/** An order of `quantity` tickets of one category of an event's first slot. */
const order = (quantity = 1, category = GENERAL, event = fixture): BookRequest => ({
  event: event.event.id,
  event_date: slotOf(event),
  items: [{ ticket_category: categoryOf(event, category), quantity }],
});

interface Answer {
  statusCode: number;
  body: string;
  json(): unknown;
}

/** Everything a refusal must leave alone: each category's sold and held, the event's bookings, the charges. */
async function booksOf(event: EventFixture) {
  const inventory = [];
  for (const category of event.ticket_categories) {
    inventory.push(await inventoryOf(t.ctx, slotOf(event), category.id));
  }
  const [counts] = rowsOf<{ bookings: string; statuses: string | null; charges: number }>(
    await t.ctx.database.db.execute(sql`
      select count(*)::int as bookings, string_agg(status, ',' order by id) as statuses,
             (select count(*) from sandbox_charges s join bookings b
                 on b.id = substring(s.description from '^Hafla booking ([0-9]+):')::int
               where b.event_id = ${event.event.id})::int as charges
        from bookings where event_id = ${event.event.id}`),
  );
  return { inventory, ...counts! };
}

/** Asserts the refusal (status, code, attr) and that it changed nothing; answers the error. */
async function expectRefused(
  request: () => Promise<Answer>,
  status: number,
  code: string,
  attr?: string | null,
  event = fixture,
) {
  const before = await booksOf(event);
  const error = expectError(await request(), status, code, attr);
  expect(await booksOf(event)).toEqual(before);
  return error;
}

const bookAs = (auth: string, body: unknown, key?: string) =>
  send(t.ctx, auth, 'POST', '/api/v1/tickets/book/', body, key);

/** Charges recorded by the sandbox for one booking, and what of them was refunded. */
async function chargesOf(bookingId: number) {
  return rowsOf<{ amount: number; refunded: number }>(
    await t.ctx.database.db.execute(sql`
      select amount, refunded from sandbox_charges
       where description like ${`Hafla booking ${bookingId}:%`} order by created_at`),
  );
}

describe('bad input', () => {
  const base = () => order();
  const withQuantity = (quantity: unknown) => ({
    ...base(),
    items: [{ ticket_category: categoryOf(fixture), quantity }],
  });

  it.each([
    ['0', 0, 'min_value'],
    ['-1', -1, 'min_value'],
    ['1.5', 1.5, 'not_an_integer'],
    ['1e9', 1e9, 'max_value'],
    ['2^31', 2 ** 31, 'max_value'],
    ['101', 101, 'max_value'],
    ['"1e9" (a string)', '1e9', 'not_a_number'],
    ['"2" (a string)', '2', 'not_a_number'],
    ['null', null, 'null'],
  ])('refuses the quantity %s', async (_name, quantity, code) => {
    const buyer = await createAttendee(t.ctx);
    await expectRefused(
      () => bookAs(buyer.auth, withQuantity(quantity)),
      400,
      code,
      'items.0.quantity',
    );
  });

  // Fields are built when the test runs (the table is read before beforeAll).
  it.each([
    ['a string event', () => ({ event: String(fixture.event.id) }), 'not_a_number', 'event'],
    ['a string slot', () => ({ event_date: 'tomorrow' }), 'not_a_number', 'event_date'],
    ['a missing slot', () => ({ event_date: undefined }), 'required', 'event_date'],
    ['no items', () => ({ items: [] }), 'min_length', 'items'],
    [
      'items as an object',
      () => ({ items: { ticket_category: 1, quantity: 1 } }),
      'invalid',
      'items',
    ],
    ['a negative id', () => ({ event: -3 }), 'min_value', 'event'],
  ])('refuses %s', async (_name, fields, code, attr) => {
    const buyer = await createAttendee(t.ctx);
    await expectRefused(() => bookAs(buyer.auth, { ...base(), ...fields() }), 400, code, attr);
  });

  it('refuses a string category id and more than 20 lines', async () => {
    const buyer = await createAttendee(t.ctx);
    await expectRefused(
      () => bookAs(buyer.auth, { ...base(), items: [{ ticket_category: 'VIP', quantity: 1 }] }),
      400,
      'not_a_number',
      'items.0.ticket_category',
    );
    const lines = Array.from({ length: 21 }, (_, index) => ({
      ticket_category: index + 1,
      quantity: 1,
    }));
    await expectRefused(
      () => bookAs(buyer.auth, { ...base(), items: lines }),
      400,
      'max_length',
      'items',
    );
  });

  it('refuses unknown and foreign categories, slots and events', async () => {
    const buyer = await createAttendee(t.ctx);
    const line = (ticket_category: number) => [{ ticket_category, quantity: 1 }];
    await expectRefused(
      () => bookAs(buyer.auth, { ...base(), items: line(999_999) }),
      400,
      'ticket_category_not_in_event',
      'items.0.ticket_category',
    );
    await expectRefused(
      () => bookAs(buyer.auth, { ...base(), items: line(categoryOf(other)) }),
      400,
      'ticket_category_not_in_event',
      'items.0.ticket_category',
    );
    // The second line is the foreign one: the error names it.
    await expectRefused(
      () =>
        bookAs(buyer.auth, {
          ...base(),
          items: [...line(categoryOf(fixture)), ...line(categoryOf(other))],
        }),
      400,
      'ticket_category_not_in_event',
      'items.1.ticket_category',
    );
    await expectRefused(
      () => bookAs(buyer.auth, { ...base(), event_date: 999_999 }),
      404,
      'not_found',
      'event_date',
    );
    await expectRefused(
      () => bookAs(buyer.auth, { ...base(), event_date: slotOf(other) }),
      404,
      'not_found',
      'event_date',
    );
    await expectRefused(
      () => bookAs(buyer.auth, { ...base(), event: 999_999 }),
      404,
      'not_found',
      'event',
    );
    // Another event's slot and category together, under this event's id.
    await expectRefused(
      () => bookAs(buyer.auth, { ...order(1, GENERAL, other), event: fixture.event.id }),
      404,
      'not_found',
      'event_date',
    );
  });

  it('refuses a category twice in one order', async () => {
    const buyer = await createAttendee(t.ctx);
    const line = { ticket_category: categoryOf(fixture), quantity: 1 };
    await expectRefused(
      () => bookAs(buyer.auth, { ...base(), items: [line, line] }),
      400,
      'duplicate_ticket_category',
      'items.1.ticket_category',
    );
  });

  it('refuses prices and totals sent by the client, holding nothing', async () => {
    const buyer = await createAttendee(t.ctx);
    const tampered = { ticket_category: categoryOf(fixture), quantity: 1 };
    await expectRefused(
      () => bookAs(buyer.auth, { ...base(), items: [{ ...tampered, price: 1 }] }),
      400,
      'unknown_field',
      'items.0.price',
    );
    await expectRefused(
      () => bookAs(buyer.auth, { ...base(), items: [{ ...tampered, unit_price: 1 }] }),
      400,
      'unknown_field',
      'items.0.unit_price',
    );
    await expectRefused(
      () => bookAs(buyer.auth, { ...base(), total: 1 }),
      400,
      'unknown_field',
      'total',
    );
    await expectRefused(
      () => bookAs(buyer.auth, { ...base(), discount: 5000 }),
      400,
      'unknown_field',
      'discount',
    );
  });

  it('refuses visitors who are not signed in', async () => {
    await expectRefused(
      () => send(t.ctx, null, 'POST', '/api/v1/tickets/book/', base()),
      401,
      'not_authenticated',
    );
  });
});

describe("another user's booking", () => {
  it('is not found for paying, changing, cancelling or refunding', async () => {
    const owner = await createAttendee(t.ctx);
    const stranger = await createAttendee(t.ctx);
    const held = await holdTickets(t.ctx, owner.auth, order(1));
    const url = `/api/v1/bookings/${held.id}/`;
    const refund = { booking: held.id };

    await expectRefused(() => send(t.ctx, stranger.auth, 'GET', url), 404, 'not_found');
    await expectRefused(
      () => send(t.ctx, stranger.auth, 'PATCH', url, { promo_code: null }),
      404,
      'not_found',
    );
    await expectRefused(
      () => send(t.ctx, stranger.auth, 'POST', `${url}cancel/`),
      404,
      'not_found',
    );
    await expectRefused(() => pay(t.ctx, stranger.auth, held.id), 404, 'not_found', 'booking');

    expectOk(await pay(t.ctx, owner.auth, held.id), 200, PayResult);
    for (const path of ['/api/v1/payment/refund-check/', '/api/v1/payment/refund/']) {
      await expectRefused(
        () => send(t.ctx, stranger.auth, 'POST', path, refund),
        404,
        'not_found',
        'booking',
      );
    }
    // The owner still has their paid booking.
    const mine = expectOk(await send(t.ctx, owner.auth, 'GET', url), 200, Booking);
    expect(mine.status).toBe('confirmed');
  });
});

describe('Idempotency-Key', () => {
  it('replays a booking for the same body and refuses another body', async () => {
    const buyer = await createAttendee(t.ctx);
    const key = `book-${buyer.id}`;
    const first = expectOk(await bookAs(buyer.auth, order(1), key), 201, Booking);
    const held = await booksOf(fixture);

    await expectRefused(
      () => bookAs(buyer.auth, order(2), key),
      422,
      'idempotency_key_reused',
      'Idempotency-Key',
    );
    const again = expectOk(await bookAs(buyer.auth, order(1), key), 201, Booking);
    expect(again.id).toBe(first.id);
    expect(await booksOf(fixture)).toEqual(held);

    // The key is the buyer's own: someone else's request under the same key is theirs.
    const other = await createAttendee(t.ctx);
    const theirs = expectOk(await bookAs(other.auth, order(1), key), 201, Booking);
    expect(theirs.id).not.toBe(first.id);
  });

  it('books once when the same request races itself under one key', async () => {
    const buyer = await createAttendee(t.ctx);
    const key = `race-${buyer.id}`;
    const held = await booksOf(fixture);
    // Three of the four tickets an order may hold: a twin that counted the first one's booking
    // instead of finding its key would be refused (max_per_order_exceeded), not answered.
    const answers = await Promise.all([1, 2, 3].map(() => bookAs(buyer.auth, order(3), key)));
    const ids = answers.map((answer) => expectOk(answer, 201, Booking).id);
    expect(new Set(ids).size).toBe(1);
    const after = await booksOf(fixture);
    expect(after).not.toEqual(held);
    expect(await t.ctx.database.db.$count(bookings, eq(bookings.user_id, buyer.id))).toBe(1);
  });

  it('replays a refusal under its key', async () => {
    const buyer = await createAttendee(t.ctx);
    const key = `refused-${buyer.id}`;
    await expectRefused(() => bookAs(buyer.auth, order(5), key), 400, 'max_per_order_exceeded');
    await expectRefused(() => bookAs(buyer.auth, order(5), key), 400, 'max_per_order_exceeded');
  });

  it('charges once for a repeated payment and refuses a payment key reused for another card', async () => {
    const buyer = await createAttendee(t.ctx);
    const held = await holdTickets(t.ctx, buyer.auth, order(1));
    const key = `pay-${held.id}`;
    const first = expectOk(
      await pay(t.ctx, buyer.auth, held.id, TEST_CARDS.success, key),
      200,
      PayResult,
    );
    const again = expectOk(
      await pay(t.ctx, buyer.auth, held.id, TEST_CARDS.success, key),
      200,
      PayResult,
    );
    expect(again.payment?.id).toBe(first.payment?.id);
    expect(await chargesOf(held.id)).toEqual([{ amount: 5000, refunded: 0 }]);

    await expectRefused(
      () => pay(t.ctx, buyer.auth, held.id, 'pm_card_visa', key),
      422,
      'idempotency_key_reused',
    );
    // A new key for a paid booking is refused before any charge.
    await expectRefused(
      () => pay(t.ctx, buyer.auth, held.id, TEST_CARDS.success, `${key}-2`),
      409,
      'booking_already_paid',
      'booking',
    );
    expect(await chargesOf(held.id)).toHaveLength(1);
  });

  it('refuses a key that is not printable ASCII', async () => {
    const buyer = await createAttendee(t.ctx);
    await expectRefused(
      () => bookAs(buyer.auth, order(1), 'key with spaces'),
      400,
      'invalid',
      'Idempotency-Key',
    );
  });
});

describe('sales and events that cannot be booked', () => {
  it('refuses categories whose sales window is closed or not yet open', async () => {
    const event = await createEvent();
    const buyer = await createAttendee(t.ctx);
    const [general, vip] = event.ticket_categories.map((category) => category.id);
    await t.ctx.database.db
      .update(ticketCategories)
      .set({ sales_end: new Date(Date.now() - 60_000) })
      .where(eq(ticketCategories.id, general!));
    await t.ctx.database.db
      .update(ticketCategories)
      .set({ sales_start: new Date(Date.now() + 86_400_000) })
      .where(eq(ticketCategories.id, vip!));
    for (const category of [GENERAL, VIP]) {
      await expectRefused(
        () => bookAs(buyer.auth, order(1, category, event)),
        409,
        'sales_closed',
        'items.0.ticket_category',
        event,
      );
    }
  });

  it('refuses cancelled, draft and ended events', async () => {
    const buyer = await createAttendee(t.ctx);
    const cancelled = await createEvent();
    await cancelEvent(t.ctx, t.organizer.auth, cancelled.event.id);
    await expectRefused(
      () => bookAs(buyer.auth, order(1, GENERAL, cancelled)),
      409,
      'event_not_bookable',
      'event',
      cancelled,
    );
    const draft = await createEvent({ publish: false });
    await expectRefused(
      () => bookAs(buyer.auth, order(1, GENERAL, draft)),
      404,
      'not_found',
      'event',
      draft,
    );
    const ended = await createEvent();
    await moveEventToPast(t.ctx, ended.event.id);
    await expectRefused(
      () => bookAs(buyer.auth, order(1, GENERAL, ended)),
      409,
      'event_not_bookable',
      'event',
      ended,
    );
  });

  it('refuses a sixth open hold, and takes one again once a hold is paid', async () => {
    const event = await createEvent({
      max_tickets_per_order: 10,
      ticket_categories: [{ name: 'General', price: 5000, quantity: 50 }],
    });
    const buyer = await createAttendee(t.ctx);
    const holds = [];
    for (let index = 0; index < 5; index += 1) {
      holds.push(await holdTickets(t.ctx, buyer.auth, order(1, GENERAL, event)));
    }
    const error = await expectRefused(
      () => bookAs(buyer.auth, order(1, GENERAL, event)),
      429,
      'hold_limit',
      null,
      event,
    );
    expect(error.detail).toContain('5');
    // A lapsed hold is not open any more.
    await lapseHold(t.ctx, holds[0]!.id);
    await holdTickets(t.ctx, buyer.auth, order(1, GENERAL, event));
    await expectRefused(
      () => bookAs(buyer.auth, order(1, GENERAL, event)),
      429,
      'hold_limit',
      null,
      event,
    );
    expectOk(await pay(t.ctx, buyer.auth, holds[1]!.id), 200, PayResult);
    await holdTickets(t.ctx, buyer.auth, order(1, GENERAL, event));
  });

  it('counts held and bought tickets of the slot against the per-order maximum', async () => {
    const event = await createEvent();
    const buyer = await createAttendee(t.ctx);
    await expectRefused(
      () => bookAs(buyer.auth, order(5, GENERAL, event)),
      400,
      'max_per_order_exceeded',
      'items.0.quantity',
      event,
    );
    await expectRefused(
      () =>
        bookAs(buyer.auth, {
          ...order(3, GENERAL, event),
          items: [
            { ticket_category: categoryOf(event, GENERAL), quantity: 3 },
            { ticket_category: categoryOf(event, VIP), quantity: 2 },
          ],
        }),
      400,
      'max_per_order_exceeded',
      'items',
      event,
    );
    const first = await holdTickets(t.ctx, buyer.auth, order(3, GENERAL, event));
    const error = await expectRefused(
      () => bookAs(buyer.auth, order(2, VIP, event)),
      409,
      'max_per_order_exceeded',
      'items',
      event,
    );
    expect(error.detail).toContain('1 more');
    expectOk(await pay(t.ctx, buyer.auth, first.id), 200, PayResult);
    await holdTickets(t.ctx, buyer.auth, order(1, VIP, event));
    await expectRefused(
      () => bookAs(buyer.auth, order(1, VIP, event)),
      409,
      'max_per_order_exceeded',
      'items',
      event,
    );
  });

  it('refuses more tickets than are left, saying how many are', async () => {
    const event = await createEvent();
    const first = await createAttendee(t.ctx);
    await holdTickets(t.ctx, first.auth, order(1, VIP, event));
    const buyer = await createAttendee(t.ctx);
    const error = await expectRefused(
      () => bookAs(buyer.auth, order(2, VIP, event)),
      409,
      'sold_out',
      'items.0.quantity',
      event,
    );
    expect(error.detail).toContain('1 available');
  });
});

describe('payment', () => {
  it('keeps the hold when the card is declined or short of funds', async () => {
    const buyer = await createAttendee(t.ctx);
    const held = await holdTickets(t.ctx, buyer.auth, order(2));
    for (const [card, code] of [
      [TEST_CARDS.declined, 'payment_declined'],
      [TEST_CARDS.insufficient_funds, 'insufficient_funds'],
      ['4111111111111112', 'payment_method_invalid'],
    ] as const) {
      await expectRefused(() => pay(t.ctx, buyer.auth, held.id, card), 402, code, 'payment_method');
    }
    await expectRefused(
      () => pay(t.ctx, buyer.auth, held.id, null),
      400,
      'required',
      'payment_method',
    );
    const still = expectOk(
      await send(t.ctx, buyer.auth, 'GET', `/api/v1/bookings/${held.id}/`),
      200,
      Booking,
    );
    expect(still.status).toBe('pending');
    expect(still.tickets.every((ticket) => ticket.status === 'pending')).toBe(true);
    expect(await chargesOf(held.id)).toEqual([]);
    // The same hold can still be paid.
    expectOk(await pay(t.ctx, buyer.auth, held.id), 200, PayResult);
  });

  it('takes a lapsed hold again when its tickets are still there', async () => {
    const event = await createEvent();
    const buyer = await createAttendee(t.ctx);
    const slot = slotOf(event);
    const category = categoryOf(event, VIP);

    // Lapsed but not yet released: the hold still counts, the payment converts it.
    const lapsed = await holdTickets(t.ctx, buyer.auth, order(1, VIP, event));
    await lapseHold(t.ctx, lapsed.id);
    const paid = expectOk(await pay(t.ctx, buyer.auth, lapsed.id), 200, PayResult);
    expect(paid.booking.status).toBe('confirmed');
    expect(await inventoryOf(t.ctx, slot, category)).toEqual({ sold: 1, held: 0 });

    // Released by the sweep (expired): the payment takes the tickets again.
    const other = await createAttendee(t.ctx);
    const expired = await holdTickets(t.ctx, other.auth, order(1, VIP, event));
    await lapseHold(t.ctx, expired.id);
    await t.ctx.app.bookingJobs.sweep();
    expect(await inventoryOf(t.ctx, slot, category)).toEqual({ sold: 1, held: 0 });
    const retaken = expectOk(await pay(t.ctx, other.auth, expired.id), 200, PayResult);
    expect(retaken.booking.status).toBe('confirmed');
    expect(retaken.booking.tickets.map((ticket) => ticket.status)).toEqual(['valid']);
    expect(await inventoryOf(t.ctx, slot, category)).toEqual({ sold: 2, held: 0 });
    const ledger = await ledgerBalance(t.ctx, event.event.id);
    expect(ledger.paid).toBe(ledger.captured);
  });

  it('refunds at once a payment for a lapsed hold whose tickets were sold meanwhile', async () => {
    const event = await createEvent();
    const slot = slotOf(event);
    const category = categoryOf(event, VIP);
    const late = await createAttendee(t.ctx);
    const held = await holdTickets(t.ctx, late.auth, order(2, VIP, event));
    await lapseHold(t.ctx, held.id);
    // Another buyer finds the slot full, releases the lapsed hold and buys its tickets.
    const rival = await createAttendee(t.ctx);
    await bookAndPay(t.ctx, rival.auth, order(2, VIP, event));
    expect(await inventoryOf(t.ctx, slot, category)).toEqual({ sold: 2, held: 0 });

    // The card is charged, then refunded at once: the tickets stay the rival's.
    const error = expectError(await pay(t.ctx, late.auth, held.id), 409, 'hold_expired', 'booking');
    expect(await inventoryOf(t.ctx, slot, category)).toEqual({ sold: 2, held: 0 });
    expect(error.detail).toContain('refunded');
    expect(error.detail).toContain('240');
    expect(await chargesOf(held.id)).toEqual([{ amount: 24000, refunded: 24000 }]);
    const [refund] = rowsOf<{ amount: number; reason: string }>(
      await t.ctx.database.db.execute(
        sql`select amount, reason from refunds where booking_id = ${held.id}`,
      ),
    );
    expect(refund).toEqual({ amount: 24000, reason: 'hold_lapsed' });
    const [row] = await t.ctx.database.db
      .select({ status: bookings.status })
      .from(bookings)
      .where(eq(bookings.id, held.id));
    expect(row?.status).toBe('expired');
    const ledger = await ledgerBalance(t.ctx, event.event.id);
    expect(ledger.paid).toBe(ledger.captured);
  });

  it('refuses paying a cancelled hold', async () => {
    const buyer = await createAttendee(t.ctx);
    const held = await holdTickets(t.ctx, buyer.auth, order(1));
    expectOk(
      await send(t.ctx, buyer.auth, 'POST', `/api/v1/bookings/${held.id}/cancel/`),
      200,
      Booking,
    );
    await expectRefused(
      () => pay(t.ctx, buyer.auth, held.id),
      409,
      'booking_not_pending',
      'booking',
    );
    await expectRefused(
      () => send(t.ctx, buyer.auth, 'POST', `/api/v1/bookings/${held.id}/cancel/`),
      409,
      'booking_not_pending',
    );
  });
});

describe('refunds', () => {
  const refund = (auth: string, booking: number, tickets?: number[]) =>
    send(t.ctx, auth, 'POST', '/api/v1/payment/refund/', {
      booking,
      ...(tickets ? { tickets } : {}),
    });

  it('refuses a refund after the deadline', async () => {
    // The slot starts in two days; refunds close three days before it.
    const event = await createEvent({
      dates: [{ start: inDays(2), end: inDays(2, 3) }],
      refund_policy: { refundable_until_hours: 72, refund_percentage: 100 },
    });
    const buyer = await createAttendee(t.ctx);
    const paid = await bookAndPay(t.ctx, buyer.auth, order(1, GENERAL, event));
    const preview = expectOk(
      await send(t.ctx, buyer.auth, 'POST', '/api/v1/payment/refund-check/', {
        booking: paid.id,
      }),
      200,
      RefundPreview,
    );
    expect(preview).toMatchObject({ can_refund: false, reason: 'deadline_passed' });
    await expectRefused(
      () => refund(buyer.auth, paid.id),
      409,
      'deadline_passed',
      undefined,
      event,
    );
  });

  it('refuses refunding twice, unpaid bookings and tickets of another booking', async () => {
    const buyer = await createAttendee(t.ctx);
    const paid = await bookAndPay(t.ctx, buyer.auth, order(1));
    expectOk(await refund(buyer.auth, paid.id), 200, RefundResult);
    await expectRefused(() => refund(buyer.auth, paid.id), 409, 'no_tickets');

    const held = await holdTickets(t.ctx, buyer.auth, order(1));
    await expectRefused(() => refund(buyer.auth, held.id), 409, 'not_paid');

    const second = await bookAndPay(t.ctx, buyer.auth, order(1));
    await expectRefused(
      () => refund(buyer.auth, second.id, [held.tickets[0]!.id]),
      400,
      'ticket_not_in_booking',
      'tickets.0',
    );
  });

  it('lets exactly one of two racing refunds through', async () => {
    const event = await createEvent();
    const buyer = await createAttendee(t.ctx);
    const paid = await bookAndPay(t.ctx, buyer.auth, order(2, GENERAL, event));
    const answers = await Promise.all([refund(buyer.auth, paid.id), refund(buyer.auth, paid.id)]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 409]);
    expectError(
      answers.find((answer) => answer.statusCode === 409)!,
      409,
      'no_tickets',
    );

    const [payment] = rowsOf<{ amount: number; refunded_amount: number }>(
      await t.ctx.database.db.execute(
        sql`select amount, refunded_amount from payments where booking_id = ${paid.id}`,
      ),
    );
    expect(payment).toEqual({ amount: 10000, refunded_amount: 10000 });
    expect(await chargesOf(paid.id)).toEqual([{ amount: 10000, refunded: 10000 }]);
    expect(await inventoryOf(t.ctx, slotOf(event), categoryOf(event))).toEqual({
      sold: 0,
      held: 0,
    });
    const ledger = await ledgerBalance(t.ctx, event.event.id);
    expect(ledger.paid).toBe(ledger.captured);
  });
});

describe('promo codes', () => {
  let event: EventFixture;
  let codeCounter = 0;

  beforeAll(async () => {
    event = await createEvent();
  });

  async function createCode(fields: Record<string, unknown> = {}) {
    codeCounter += 1;
    return expectOk(
      await call(t.ctx, t.organizer.auth, 'POST', '/api/v1/promo_codes/', {
        event: event.event.id,
        code: `REFUSE${codeCounter}`,
        discount_type: 'percentage',
        value: 10,
        ...fields,
      }),
      201,
      PromoCode,
    );
  }

  /** Asserts the same refusal from the preview and from booking with the code. */
  async function expectCodeRefused(code: string, reason: string, category = GENERAL) {
    const buyer = await createAttendee(t.ctx);
    const items = order(1, category, event).items;
    await expectRefused(
      () =>
        send(t.ctx, buyer.auth, 'POST', '/api/v1/promo_codes/check/', {
          event: event.event.id,
          code,
          items,
        }),
      409,
      reason,
      'code',
      event,
    );
    await expectRefused(
      () => bookAs(buyer.auth, { ...order(1, category, event), promo_code: code }),
      409,
      reason,
      'promo_code',
      event,
    );
  }

  it('refuses codes that do not exist or are switched off', async () => {
    await expectCodeRefused('NO-SUCH-CODE', 'promo_code_invalid');
    const off = await createCode({ is_active: false });
    await expectCodeRefused(off.code, 'promo_code_invalid');
    // Another event's code is not this event's.
    const foreign = expectOk(
      await call(t.ctx, t.organizer.auth, 'POST', '/api/v1/promo_codes/', {
        event: other.event.id,
        code: 'ELSEWHERE',
        discount_type: 'percentage',
        value: 10,
      }),
      201,
      PromoCode,
    );
    await expectCodeRefused(foreign.code, 'promo_code_invalid');
  });

  it('refuses codes outside their validity window', async () => {
    const expired = await createCode();
    await t.ctx.database.db
      .update(promoCodes)
      .set({ valid_until: new Date(Date.now() - 60_000) })
      .where(eq(promoCodes.id, expired.id));
    await expectCodeRefused(expired.code, 'promo_code_expired');
    const early = await createCode({ valid_from: inDays(3) });
    await expectCodeRefused(early.code, 'promo_code_invalid');
  });

  it('refuses used-up codes, in total and per user, and frees a use when a hold lapses', async () => {
    const once = await createCode({ max_uses: 1 });
    const first = await createAttendee(t.ctx);
    const held = await holdTickets(t.ctx, first.auth, {
      ...order(1, GENERAL, event),
      promo_code: once.code.toLowerCase(),
    });
    expect(held.discount).toBe(500);
    await expectCodeRefused(once.code, 'promo_code_exhausted');
    // The lapsed hold gives its use back.
    await lapseHold(t.ctx, held.id);
    await t.ctx.app.bookingJobs.sweep();
    const second = await createAttendee(t.ctx);
    await holdTickets(t.ctx, second.auth, { ...order(1, GENERAL, event), promo_code: once.code });

    const perUser = await createCode({ max_uses_per_user: 1 });
    const buyer = await createAttendee(t.ctx);
    await holdTickets(t.ctx, buyer.auth, { ...order(1, GENERAL, event), promo_code: perUser.code });
    await expectRefused(
      () => bookAs(buyer.auth, { ...order(1, GENERAL, event), promo_code: perUser.code }),
      409,
      'promo_code_exhausted',
      'promo_code',
      event,
    );
  });

  it('refuses codes for categories not in the order', async () => {
    const vipOnly = await createCode({ ticket_categories: [categoryOf(event, VIP)] });
    await expectCodeRefused(vipOnly.code, 'promo_code_not_applicable', GENERAL);
    const buyer = await createAttendee(t.ctx);
    const preview = expectOk(
      await send(t.ctx, buyer.auth, 'POST', '/api/v1/promo_codes/check/', {
        event: event.event.id,
        code: vipOnly.code,
        items: order(1, VIP, event).items,
      }),
      200,
      PromoCheckResult,
    );
    expect(preview.discount).toBe(1200);
  });

  it('refuses a bad code on a pending booking, keeping its price', async () => {
    const buyer = await createAttendee(t.ctx);
    const held = await holdTickets(t.ctx, buyer.auth, order(1, GENERAL, event));
    await expectRefused(
      () =>
        send(t.ctx, buyer.auth, 'PATCH', `/api/v1/bookings/${held.id}/`, {
          promo_code: 'NO-SUCH-CODE',
        }),
      409,
      'promo_code_invalid',
      'promo_code',
      event,
    );
    const still = expectOk(
      await send(t.ctx, buyer.auth, 'GET', `/api/v1/bookings/${held.id}/`),
      200,
      Booking,
    );
    expect(still.total).toBe(held.total);
  });
});
