import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { payments } from '../src/db/schema/payments';
import { sandboxCharges } from '../src/db/schema/sandbox-gateway';
import { Booking, EventBookingDetails, PromoCheckResult } from '@hafla/shared/bookings/bookings';
import {
  CancellationCheck,
  PayResult,
  RefundPreview,
  RefundResult,
} from '@hafla/shared/bookings/payments';
import {
  book,
  bookAndPay,
  holdTickets,
  inventoryOf,
  lapseHold,
  ledgerBalance,
  pay,
  send,
} from './booking-helpers';
import {
  createAttendee,
  createOrganizerTestContext,
  createPublishedEvent,
  expectError,
  expectOk,
  type EventFixture,
  type OrganizerTestContext,
} from './event-helpers';

let t: OrganizerTestContext;
let fixture: EventFixture;

beforeAll(async () => {
  t = await createOrganizerTestContext({ publishLimit: 100 });
  fixture = await createPublishedEvent(t.ctx, t.organizer.auth, {
    ticket_categories: [
      { name: 'General', price: 5000, quantity: 5 },
      { name: 'VIP', price: 12000, quantity: 2 },
    ],
  });
});
afterAll(() => t.ctx.close());

const order = (quantity = 2, category = 0) => ({
  event: fixture.event.id,
  event_date: fixture.dates[0]!.id,
  items: [{ ticket_category: fixture.ticket_categories[category]!.id, quantity }],
});

/**
 * A payment's answer is rendered from what its confirmation read and wrote; it must read back
 * the same: the booking as GET answers it, the payment as stored.
 */
async function expectReadBack(auth: string, paid: PayResult) {
  const booking = expectOk(
    await send(t.ctx, auth, 'GET', `/api/v1/bookings/${paid.booking.id}/`),
    200,
    Booking,
  );
  expect(booking).toEqual(paid.booking);
  const rows = await t.ctx.database.db
    .select({ id: payments.id, amount: payments.amount, card_last4: payments.card_last4 })
    .from(payments)
    .where(eq(payments.booking_id, paid.booking.id));
  expect(rows).toEqual(
    paid.payment
      ? [{ id: paid.payment.id, amount: paid.payment.amount, card_last4: paid.payment.card_last4 }]
      : [],
  );
}

describe('holding and paying', () => {
  it('holds, pays with the success card, issues tickets and writes the ledger', async () => {
    const buyer = await createAttendee(t.ctx);
    const held = await holdTickets(t.ctx, buyer.auth, order(2));
    expect(held.status).toBe('pending');
    expect(held.tickets).toHaveLength(2);
    expect(held.total).toBe(10000);
    expect(held.expires_at).not.toBeNull();
    // The answer is built from what was written; it must read back the same.
    expect(
      expectOk(await send(t.ctx, buyer.auth, 'GET', `/api/v1/bookings/${held.id}/`), 200, Booking),
    ).toEqual(held);
    const paid = expectOk(
      await pay(t.ctx, buyer.auth, held.id, undefined, 'pay-once'),
      200,
      PayResult,
    );
    expect(paid.booking.status).toBe('confirmed');
    expect(paid.booking.tickets.every((ticket) => ticket.status === 'valid')).toBe(true);
    expect(paid.payment?.amount).toBe(10000);
    await expectReadBack(buyer.auth, paid);
    // The answer stored under the key, in the confirmation's transaction, is the one answered.
    expect(
      expectOk(await pay(t.ctx, buyer.auth, held.id, undefined, 'pay-once'), 200, PayResult),
    ).toEqual(paid);
    const ledger = await ledgerBalance(t.ctx, fixture.event.id);
    expect(ledger.paid).toBe(ledger.captured);
    const details = expectOk(
      await send(t.ctx, buyer.auth, 'GET', `/api/v1/events/${fixture.event.id}/event-details/`),
      200,
      EventBookingDetails,
    );
    const general = details.days[0]!.periods[0]!.ticket_categories[0]!;
    expect(general.available).toBe(3);
    expect(details.days[0]!.periods[0]!.remaining_allowance).toBe(8);
  });

  it('refuses more than is left and says what is left', async () => {
    const buyer = await createAttendee(t.ctx);
    await holdTickets(t.ctx, buyer.auth, order(2, 1));
    const other = await createAttendee(t.ctx);
    const error = expectError(
      await book(t.ctx, other.auth, order(1, 1)),
      409,
      'sold_out',
      'items.0.quantity',
    );
    expect(error.detail).toContain('0');
  });
});

describe('promo codes', () => {
  it('previews, applies to a pending booking and charges the discounted total', async () => {
    const promo = await send(t.ctx, t.organizer.auth, 'POST', '/api/v1/promo_codes/', {
      event: fixture.event.id,
      code: 'Half50',
      discount_type: 'percentage',
      value: 50,
      max_uses: 5,
    });
    expect(promo.statusCode, promo.body).toBe(201);
    const buyer = await createAttendee(t.ctx);
    const preview = expectOk(
      await send(t.ctx, buyer.auth, 'POST', '/api/v1/promo_codes/check/', {
        event: fixture.event.id,
        code: 'half50',
        items: order(1).items,
      }),
      200,
      PromoCheckResult,
    );
    expect(preview).toMatchObject({ subtotal: 5000, discount: 2500, total: 2500, currency: 'SAR' });

    const held = await holdTickets(t.ctx, buyer.auth, order(1));
    const applied = expectOk(
      await send(t.ctx, buyer.auth, 'PATCH', `/api/v1/bookings/${held.id}/`, {
        promo_code: 'HALF50',
      }),
      200,
      Booking,
    );
    expect(applied).toMatchObject({ promo_code: 'Half50', discount: 2500, total: 2500 });
    const paid = expectOk(await pay(t.ctx, buyer.auth, held.id), 200, PayResult);
    expect(paid.payment?.amount).toBe(2500);
    expect(paid.booking.items[0]?.discount).toBe(2500);
    expect(paid.booking.promo_code).toBe('Half50');
    await expectReadBack(buyer.auth, paid);

    const removedFromNew = await holdTickets(t.ctx, buyer.auth, {
      ...order(1),
      promo_code: 'half50',
    });
    expect(removedFromNew.discount).toBe(2500);
    const removed = expectOk(
      await send(t.ctx, buyer.auth, 'PATCH', `/api/v1/bookings/${removedFromNew.id}/`, {
        promo_code: null,
      }),
      200,
      Booking,
    );
    expect(removed).toMatchObject({ promo_code: null, discount: 0, total: 5000 });
    await send(t.ctx, buyer.auth, 'POST', `/api/v1/bookings/${removedFromNew.id}/cancel/`);
  });
});

describe('free tickets', () => {
  it('confirm without a payment method and write no ledger row', async () => {
    const free = await createPublishedEvent(t.ctx, t.organizer.auth, {
      ticket_categories: [{ name: 'Free entry', price: 0, quantity: 10 }],
    });
    const buyer = await createAttendee(t.ctx);
    const held = await holdTickets(t.ctx, buyer.auth, {
      event: free.event.id,
      event_date: free.dates[0]!.id,
      items: [{ ticket_category: free.ticket_categories[0]!.id, quantity: 2 }],
    });
    expect(held.total).toBe(0);
    const paid = expectOk(await pay(t.ctx, buyer.auth, held.id, null), 200, PayResult);
    expect(paid.booking.status).toBe('confirmed');
    expect(paid.payment).toBeNull();
    await expectReadBack(buyer.auth, paid);
    expect((await ledgerBalance(t.ctx, free.event.id)).rows).toBe(0);
  });

  it('still need a card when something is to pay', async () => {
    const buyer = await createAttendee(t.ctx);
    const held = await holdTickets(t.ctx, buyer.auth, order(1));
    expectError(await pay(t.ctx, buyer.auth, held.id, null), 400, 'required', 'payment_method');
    await send(t.ctx, buyer.auth, 'POST', `/api/v1/bookings/${held.id}/cancel/`);
  });
});

describe('lapsed holds', () => {
  it('free their tickets for the next buyer at once; paying late is refunded and says so', async () => {
    const event = await createPublishedEvent(t.ctx, t.organizer.auth, {
      ticket_categories: [{ name: 'Few', price: 3000, quantity: 2 }],
    });
    const body = {
      event: event.event.id,
      event_date: event.dates[0]!.id,
      items: [{ ticket_category: event.ticket_categories[0]!.id, quantity: 2 }],
    };
    const slow = await createAttendee(t.ctx);
    const late = await holdTickets(t.ctx, slow.auth, body);
    await lapseHold(t.ctx, late.id);
    const details = expectOk(
      await send(t.ctx, null, 'GET', `/api/v1/events/${event.event.id}/event-details/`),
      200,
      EventBookingDetails,
    );
    expect(details.days[0]!.periods[0]!.ticket_categories[0]!.available).toBe(2);

    const quick = await createAttendee(t.ctx);
    await bookAndPay(t.ctx, quick.auth, body);
    expect(await inventoryOf(t.ctx, event.dates[0]!.id, event.ticket_categories[0]!.id)).toEqual({
      sold: 2,
      held: 0,
    });
    const refused = expectError(await pay(t.ctx, slow.auth, late.id), 409, 'hold_expired');
    expect(refused.detail).toContain('refunded');
    const ledger = await ledgerBalance(t.ctx, event.event.id);
    expect(ledger.paid).toBe(6000);
  });

  it('are taken again when a late payment finds the tickets still there', async () => {
    const buyer = await createAttendee(t.ctx);
    const held = await holdTickets(t.ctx, buyer.auth, order(1));
    await lapseHold(t.ctx, held.id);
    await t.ctx.app.bookingJobs.sweep();
    expect(
      expectOk(await send(t.ctx, buyer.auth, 'GET', `/api/v1/bookings/${held.id}/`), 200, Booking)
        .status,
    ).toBe('expired');
    const paid = expectOk(await pay(t.ctx, buyer.auth, held.id), 200, PayResult);
    expect(paid.booking.status).toBe('confirmed');
    expect(paid.booking.tickets.every((ticket) => ticket.status === 'valid')).toBe(true);
  });
  it('are not taken again past the buyer’s allowance for the slot', async () => {
    const event = await createPublishedEvent(t.ctx, t.organizer.auth, {
      max_tickets_per_order: 4,
      ticket_categories: [{ name: 'Seat', price: 1000, quantity: 20, max_per_order: 4 }],
    });
    const body = {
      event: event.event.id,
      event_date: event.dates[0]!.id,
      items: [{ ticket_category: event.ticket_categories[0]!.id, quantity: 3 }],
    };
    const buyer = await createAttendee(t.ctx);
    const first = await holdTickets(t.ctx, buyer.auth, body);
    await lapseHold(t.ctx, first.id);
    await bookAndPay(t.ctx, buyer.auth, body);
    const charges = await t.ctx.database.db.$count(sandboxCharges);
    expectError(await pay(t.ctx, buyer.auth, first.id), 409, 'max_per_order_exceeded');
    expect(await t.ctx.database.db.$count(sandboxCharges)).toBe(charges);
    await t.ctx.app.bookingJobs.sweep();
    expect(await inventoryOf(t.ctx, event.dates[0]!.id, event.ticket_categories[0]!.id)).toEqual({
      sold: 3,
      held: 0,
    });
  });
});

describe('refunds and cancellation', () => {
  it('refund what the policy allows, release the tickets and debit the ledger', async () => {
    const event = await createPublishedEvent(t.ctx, t.organizer.auth, {
      refund_policy: { refundable_until_hours: 24, refund_percentage: 50 },
      ticket_categories: [{ name: 'Seat', price: 4999, quantity: 10 }],
    });
    const buyer = await createAttendee(t.ctx);
    const booking = await bookAndPay(t.ctx, buyer.auth, {
      event: event.event.id,
      event_date: event.dates[0]!.id,
      items: [{ ticket_category: event.ticket_categories[0]!.id, quantity: 3 }],
    });
    const check = expectOk(
      await send(t.ctx, buyer.auth, 'GET', `/api/v1/events/${event.event.id}/cancellation-check`),
      200,
      CancellationCheck,
    );
    expect(check).toMatchObject({ can_cancel: true, reason: null, refund_amount: 7499 });

    const one = [booking.tickets[0]!.id];
    const preview = expectOk(
      await send(t.ctx, buyer.auth, 'POST', '/api/v1/payment/refund-check/', {
        booking: booking.id,
        tickets: one,
      }),
      200,
      RefundPreview,
    );
    expect(preview).toMatchObject({ can_refund: true, refund_amount: 2500, refund_percentage: 50 });
    const done = expectOk(
      await send(t.ctx, buyer.auth, 'POST', '/api/v1/payment/refund/', {
        booking: booking.id,
        tickets: one,
      }),
      200,
      RefundResult,
    );
    expect(done.refund.amount).toBe(preview.refund_amount);
    expect(done.booking).toMatchObject({ status: 'partially_refunded', refunded_amount: 2500 });
    expect(await inventoryOf(t.ctx, event.dates[0]!.id, event.ticket_categories[0]!.id)).toEqual({
      sold: 2,
      held: 0,
    });
    const ledger = await ledgerBalance(t.ctx, event.event.id);
    expect(ledger.paid).toBe(ledger.captured);
    expect(ledger.paid).toBe(3 * 4999 - 2500);
  });

  it('an organizer cancelling the event refunds every paid booking in full', async () => {
    const event = await createPublishedEvent(t.ctx, t.organizer.auth, {
      refund_policy: { refundable_until_hours: 0, refund_percentage: 0 },
      ticket_categories: [{ name: 'Seat', price: 2000, quantity: 10 }],
    });
    const body = {
      event: event.event.id,
      event_date: event.dates[0]!.id,
      items: [{ ticket_category: event.ticket_categories[0]!.id, quantity: 2 }],
    };
    const buyers = [await createAttendee(t.ctx), await createAttendee(t.ctx)];
    const paid = await Promise.all(buyers.map((buyer) => bookAndPay(t.ctx, buyer.auth, body)));
    const waiting = await createAttendee(t.ctx);
    const pending = await holdTickets(t.ctx, waiting.auth, {
      ...body,
      items: [{ ...body.items[0]!, quantity: 1 }],
    });

    const cancelled = await send(
      t.ctx,
      t.organizer.auth,
      'PATCH',
      `/api/v1/events/${event.event.id}/`,
      {
        status: 'cancelled',
      },
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await t.ctx.app.bookingJobs.idle();

    for (const [index, booking] of paid.entries()) {
      const after = expectOk(
        await send(t.ctx, buyers[index]!.auth, 'GET', `/api/v1/bookings/${booking.id}/`),
        200,
        Booking,
      );
      expect(after).toMatchObject({ status: 'refunded', refunded_amount: 4000 });
      expect(after.tickets.every((ticket) => ticket.status === 'refunded')).toBe(true);
    }
    const released = expectOk(
      await send(t.ctx, waiting.auth, 'GET', `/api/v1/bookings/${pending.id}/`),
      200,
      Booking,
    );
    expect(released.status).toBe('cancelled');
    expect(await inventoryOf(t.ctx, event.dates[0]!.id, event.ticket_categories[0]!.id)).toEqual({
      sold: 0,
      held: 0,
    });
    const ledger = await ledgerBalance(t.ctx, event.event.id);
    expect(ledger).toMatchObject({ paid: 0, net: 0, captured: 0 });
  });
});
