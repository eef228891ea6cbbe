import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Booking } from '@hafla/shared/bookings/bookings';
import { PayResult, TEST_CARDS } from '@hafla/shared/bookings/payments';
import { bookAndPay, holdTickets, lapseHold, ledgerBalance, pay, send } from './booking-helpers';
import {
  createAttendee,
  createOrganizer,
  createPublishedEvent,
  expectError,
  expectOk,
  setPublishLimit,
  type Account,
  type EventFixture,
} from './event-helpers';
import { createTestContext, type TestContext } from './helpers';
import {
  afterCharging,
  ageAttempts,
  attemptsOf,
  paymentRowsOf,
  sandboxBooksOf,
} from './payment-helpers';

/**
 * Decision 0010: a charge is recorded as an attempt before the gateway is asked, so a charge
 * whose confirmation never happened — the answer lost, the process gone — is found by the sweep
 * and applied or refunded exactly once; and identical calls share one attempt, so one charge.
 */

let ctx: TestContext;
let organizer: Account;

beforeAll(async () => {
  // The sweep runs only when a test says so.
  ctx = await createTestContext({ HOLD_SWEEP_SECONDS: '0', RATE_LIMITS: 'off' });
  await setPublishLimit(ctx, 100);
  organizer = await createOrganizer(ctx);
});
afterAll(() => ctx.close());

const PRICE = 4000;

async function smallEvent(quantity = 5): Promise<EventFixture> {
  return createPublishedEvent(ctx, organizer.auth, {
    ticket_categories: [{ name: 'General', price: PRICE, quantity }],
  });
}

const orderOf = (fixture: EventFixture, quantity: number) => ({
  event: fixture.event.id,
  event_date: fixture.dates[0]!.id,
  items: [{ ticket_category: fixture.ticket_categories[0]!.id, quantity }],
});

const bookingOf = async (buyer: Account, id: number) =>
  expectOk(await send(ctx, buyer.auth, 'GET', `/api/v1/bookings/${id}/`), 200, Booking);

/** Two processes' sweeps at once, as every API process runs one. */
async function sweepTwiceAtOnce(): Promise<void> {
  await Promise.all([ctx.app.bookingJobs.sweep(), ctx.app.bookingJobs.sweep()]);
}

/** The books of the event agree: ledger, confirmed bookings, and the sandbox's own. */
async function expectBooksBalance(fixture: EventFixture, bookingIds: number[]) {
  const ledger = await ledgerBalance(ctx, fixture.event.id);
  expect(ledger.paid).toBe(ledger.captured);
  let kept = 0;
  for (const id of bookingIds) {
    for (const charge of await sandboxBooksOf(ctx, id)) kept += charge.amount - charge.refunded;
  }
  expect(kept).toBe(ledger.captured);
}

describe('a charge whose confirmation never happened', () => {
  it('is applied by the sweep, once, when the hold can still be taken', async () => {
    const fixture = await smallEvent();
    const buyer = await createAttendee(ctx);
    const held = await holdTickets(ctx, buyer.auth, orderOf(fixture, 2));
    const lost = afterCharging(ctx, 'lose-answer');
    try {
      const answer = await pay(ctx, buyer.auth, held.id);
      expect(answer.statusCode).toBeGreaterThanOrEqual(500);
    } finally {
      lost.restore();
    }
    expect((await bookingOf(buyer, held.id)).status).toBe('pending');
    expect(await sandboxBooksOf(ctx, held.id)).toEqual([
      { amount: 2 * PRICE, refunded: 0, refunds: 0 },
    ]);
    expect(await attemptsOf(ctx, held.id)).toMatchObject([{ status: 'charging' }]);

    // Not before its settling age: the call may still be on its way.
    await ctx.app.bookingJobs.sweep();
    expect(await attemptsOf(ctx, held.id)).toMatchObject([{ status: 'charging' }]);

    await ageAttempts(ctx, held.id);
    await sweepTwiceAtOnce();
    const confirmed = await bookingOf(buyer, held.id);
    expect(confirmed.status).toBe('confirmed');
    expect(confirmed.tickets.every((ticket) => ticket.status === 'valid')).toBe(true);
    expect(await attemptsOf(ctx, held.id)).toMatchObject([{ status: 'applied' }]);
    expect(await paymentRowsOf(ctx, held.id)).toEqual({
      payments: 1,
      refunds: 0,
      unsent: 0,
      mailed: 0,
    });
    await ageAttempts(ctx, held.id);
    await ctx.app.bookingJobs.sweep();
    expect(await sandboxBooksOf(ctx, held.id)).toEqual([
      { amount: 2 * PRICE, refunded: 0, refunds: 0 },
    ]);
    await expectBooksBalance(fixture, [held.id]);
    // The buyer paying again now is told it is paid; nothing more is charged.
    expectError(await pay(ctx, buyer.auth, held.id), 409, 'booking_already_paid');
    expect(await sandboxBooksOf(ctx, held.id)).toHaveLength(1);
  });

  it('is refunded by the sweep, once, when its tickets were sold meanwhile', async () => {
    const fixture = await smallEvent(2);
    const buyer = await createAttendee(ctx);
    const held = await holdTickets(ctx, buyer.auth, orderOf(fixture, 2));
    const lost = afterCharging(ctx, 'lose-answer');
    try {
      expect((await pay(ctx, buyer.auth, held.id)).statusCode).toBeGreaterThanOrEqual(500);
    } finally {
      lost.restore();
    }
    await lapseHold(ctx, held.id);
    const quick = await createAttendee(ctx);
    const other = await bookAndPay(ctx, quick.auth, orderOf(fixture, 2));

    await ageAttempts(ctx, held.id);
    await sweepTwiceAtOnce();
    expect((await bookingOf(buyer, held.id)).status).toBe('expired');
    expect(await attemptsOf(ctx, held.id)).toMatchObject([
      { status: 'refunded', refusal: 'hold_expired' },
    ]);
    expect(await sandboxBooksOf(ctx, held.id)).toEqual([
      { amount: 2 * PRICE, refunded: 2 * PRICE, refunds: 1 },
    ]);
    expect(await paymentRowsOf(ctx, held.id)).toEqual({
      payments: 0,
      refunds: 1,
      unsent: 0,
      mailed: 1,
    });
    await ctx.app.bookingJobs.sweep();
    expect(await sandboxBooksOf(ctx, held.id)).toEqual([
      { amount: 2 * PRICE, refunded: 2 * PRICE, refunds: 1 },
    ]);
    await expectBooksBalance(fixture, [held.id, other.id]);
    // The buyer's retry is told what happened; nothing more is charged.
    expectError(await pay(ctx, buyer.auth, held.id), 409, 'hold_expired');
  });

  it('is applied by the caller’s own retry, which joins the attempt and charges nothing more', async () => {
    const fixture = await smallEvent();
    const buyer = await createAttendee(ctx);
    const held = await holdTickets(ctx, buyer.auth, orderOf(fixture, 1));
    const lost = afterCharging(ctx, 'lose-answer');
    try {
      expect((await pay(ctx, buyer.auth, held.id)).statusCode).toBeGreaterThanOrEqual(500);
    } finally {
      lost.restore();
    }
    const paid = expectOk(await pay(ctx, buyer.auth, held.id), 200, PayResult);
    expect(paid.booking.status).toBe('confirmed');
    expect(await sandboxBooksOf(ctx, held.id)).toEqual([
      { amount: PRICE, refunded: 0, refunds: 0 },
    ]);
    expect(await attemptsOf(ctx, held.id)).toMatchObject([{ number: 1, status: 'applied' }]);
    await expectBooksBalance(fixture, [held.id]);
  });
});

describe('the Idempotency-Key of a call whose process died after charging', () => {
  it('answers the confirmation once the sweep applied the charge', async () => {
    const fixture = await smallEvent();
    const buyer = await createAttendee(ctx);
    const held = await holdTickets(ctx, buyer.auth, orderOf(fixture, 1));
    const key = `dead-${held.id}`;
    const died = afterCharging(ctx, 'die');
    const dead = pay(ctx, buyer.auth, held.id, TEST_CARDS.success, key);
    try {
      await until(async () => (await sandboxBooksOf(ctx, held.id)).length === 1);
      expectError(
        await pay(ctx, buyer.auth, held.id, TEST_CARDS.success, key),
        409,
        'idempotency_request_in_progress',
      );
      // Another card cannot start a second charge while this one is unsettled.
      expectError(
        await pay(ctx, buyer.auth, held.id, 'pm_card_visa'),
        409,
        'payment_in_progress',
        'booking',
      );

      await ageAttempts(ctx, held.id);
      await ctx.app.bookingJobs.sweep();
      const replayed = expectOk(
        await pay(ctx, buyer.auth, held.id, TEST_CARDS.success, key),
        200,
        PayResult,
      );
      expect(replayed.booking.status).toBe('confirmed');
      expect(replayed.payment?.amount).toBe(PRICE);
      expect(await sandboxBooksOf(ctx, held.id)).toEqual([
        { amount: PRICE, refunded: 0, refunds: 0 },
      ]);
      await expectBooksBalance(fixture, [held.id]);
    } finally {
      died.restore();
      died.release();
      await dead;
    }
  });

  it('answers the refusal, with the amount refunded, once the sweep refunded the charge', async () => {
    const fixture = await smallEvent(1);
    const buyer = await createAttendee(ctx);
    const held = await holdTickets(ctx, buyer.auth, orderOf(fixture, 1));
    const key = `dead-${held.id}`;
    const died = afterCharging(ctx, 'die');
    const dead = pay(ctx, buyer.auth, held.id, TEST_CARDS.success, key);
    try {
      await until(async () => (await sandboxBooksOf(ctx, held.id)).length === 1);
      died.restore();
      await lapseHold(ctx, held.id);
      const quick = await createAttendee(ctx);
      const other = await bookAndPay(ctx, quick.auth, orderOf(fixture, 1));

      await ageAttempts(ctx, held.id);
      await ctx.app.bookingJobs.sweep();
      const refusal = expectError(
        await pay(ctx, buyer.auth, held.id, TEST_CARDS.success, key),
        409,
        'hold_expired',
        'booking',
      );
      expect(refusal.detail).toContain('refunded');
      expect(await sandboxBooksOf(ctx, held.id)).toEqual([
        { amount: PRICE, refunded: PRICE, refunds: 1 },
      ]);
      await expectBooksBalance(fixture, [held.id, other.id]);
    } finally {
      died.restore();
      died.release();
      await dead;
    }
  });

  it('is released when nothing was charged, so the retry simply runs', async () => {
    const fixture = await smallEvent();
    const buyer = await createAttendee(ctx);
    const held = await holdTickets(ctx, buyer.auth, orderOf(fixture, 1));
    const key = `uncharged-${held.id}`;
    // As if the process died after recording its attempt, before the gateway saw the charge.
    const sandbox = ctx.app.paymentsDeps.gateway;
    let release: () => void = () => undefined;
    ctx.app.paymentsDeps.gateway = {
      ...sandbox,
      charge: () =>
        new Promise((_resolve, reject) => {
          release = () => reject(new Error('gone'));
        }),
    };
    const dead = pay(ctx, buyer.auth, held.id, TEST_CARDS.success, key);
    try {
      await until(async () => (await attemptsOf(ctx, held.id)).length === 1);
      ctx.app.paymentsDeps.gateway = sandbox;
      await ageAttempts(ctx, held.id);
      await ctx.app.bookingJobs.sweep();
      expect(await attemptsOf(ctx, held.id)).toMatchObject([{ status: 'failed' }]);
      const paid = expectOk(
        await pay(ctx, buyer.auth, held.id, TEST_CARDS.success, key),
        200,
        PayResult,
      );
      expect(paid.booking.status).toBe('confirmed');
      expect(await attemptsOf(ctx, held.id)).toMatchObject([
        { number: 1, status: 'failed' },
        { number: 2, status: 'applied' },
      ]);
      expect(await sandboxBooksOf(ctx, held.id)).toEqual([
        { amount: PRICE, refunded: 0, refunds: 0 },
      ]);
    } finally {
      ctx.app.paymentsDeps.gateway = sandbox;
      release();
      await dead;
    }
  });
});

describe('identical pay calls without an Idempotency-Key', () => {
  it('capture one charge when ten are sent at once, and all answer the same confirmation or booking_already_paid', async () => {
    const fixture = await smallEvent();
    const buyer = await createAttendee(ctx);
    const held = await holdTickets(ctx, buyer.auth, orderOf(fixture, 2));
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => pay(ctx, buyer.auth, held.id)),
    );
    const confirmations = answers.filter((answer) => answer.statusCode === 200);
    expect(confirmations.length).toBeGreaterThan(0);
    for (const answer of answers) {
      if (answer.statusCode !== 200) expectError(answer, 409, 'booking_already_paid', 'booking');
    }
    const paid = confirmations.map((answer) => expectOk(answer, 200, PayResult));
    expect(new Set(paid.map((result) => result.payment?.id)).size).toBe(1);
    expect(paid.every((result) => result.booking.status === 'confirmed')).toBe(true);
    expect(await sandboxBooksOf(ctx, held.id)).toEqual([
      { amount: 2 * PRICE, refunded: 0, refunds: 0 },
    ]);
    expect(await paymentRowsOf(ctx, held.id)).toEqual({
      payments: 1,
      refunds: 0,
      unsent: 0,
      mailed: 0,
    });
    expect(await attemptsOf(ctx, held.id)).toMatchObject([{ number: 1, status: 'applied' }]);
    await expectBooksBalance(fixture, [held.id]);
  });

  it('after a declined card, charge a good card under a new attempt and a new gateway key', async () => {
    const fixture = await smallEvent();
    const buyer = await createAttendee(ctx);
    const held = await holdTickets(ctx, buyer.auth, orderOf(fixture, 1));
    expectError(
      await pay(ctx, buyer.auth, held.id, TEST_CARDS.declined),
      402,
      'payment_declined',
      'payment_method',
    );
    expect((await bookingOf(buyer, held.id)).status).toBe('pending');
    expectOk(await pay(ctx, buyer.auth, held.id), 200, PayResult);
    const attempts = await attemptsOf(ctx, held.id);
    expect(attempts).toMatchObject([
      { number: 1, status: 'failed' },
      { number: 2, status: 'applied' },
    ]);
    expect(attempts[0]!.gateway_key).not.toBe(attempts[1]!.gateway_key);
    expect(await sandboxBooksOf(ctx, held.id)).toEqual([
      { amount: PRICE, refunded: 0, refunds: 0 },
    ]);
    await expectBooksBalance(fixture, [held.id]);
  });
});

/** Polls until `done` (a call running in the background reached a point), for at most 5 s. */
async function until(done: () => Promise<boolean>): Promise<void> {
  for (let tries = 0; tries < 100; tries += 1) {
    if (await done()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('timed out waiting');
}
