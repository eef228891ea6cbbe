import { createHash } from 'node:crypto';
import { isIn, PAID_BOOKING_STATES, PAYABLE_BOOKING_STATES } from '@hafla/shared/bookings/states';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bookings } from '../../db/schema/bookings';
import { paymentAttempts } from '../../db/schema/payments';
import { AppError } from '../../lib/app-error';
import { compile, queryOnce } from '../../db/pipeline';
import { stateList } from '../../lib/sql-list';

/**
 * How long an attempt may stay `charging` before the sweep settles it. Well under the sweep's
 * reach (it runs every HOLD_SWEEP_SECONDS), far above a charge call (a gateway adapter must time
 * out sooner): a charge whose answer was lost is applied or refunded within this plus one sweep.
 */
export const SETTLE_AFTER_MS = 60_000;

export type Attempt = typeof paymentAttempts.$inferSelect;

/** What the gateway is asked to do, hashed: only the same request joins an open attempt. */
export function requestHashOf(amount: number, currency: string, paymentMethod: string): string {
  return createHash('sha256')
    .update(JSON.stringify([amount, currency, paymentMethod.replace(/[\s-]/g, '')]))
    .digest('hex');
}

const paymentInProgress = () =>
  new AppError('payment_in_progress', {
    status: 409,
    attr: 'booking',
    headers: { 'retry-after': '1' },
  });

interface OpenRequest {
  bookingId: number;
  amount: number;
  gateway: string;
  requestHash: string;
  idempotencyKey: string | null;
  now: Date;
}

/**
 * The booking's open attempt for this request: a new one (written before any charge, so a charge
 * is never made that nothing records), or the one an identical call opened and is still charging,
 * whose gateway key it then shares. The insert takes the booking's key-share lock and rechecks it
 * is unpaid, so a call arriving while a twin commits the booking's payment waits for that commit
 * and opens nothing (no second charge to refund).
 */
export async function openAttempt(db: Db, request: OpenRequest): Promise<Attempt> {
  const settleAfter = new Date(request.now.getTime() + SETTLE_AFTER_MS);
  for (let tries = 0; tries < 3; tries += 1) {
    // Prepared (named by its text): every payment opens one.
    const [opened] = await queryOnce<
      Pick<Attempt, 'id' | 'user_id' | 'number' | 'currency' | 'gateway_key'>
    >(
      db,
      ...compile(
        sql`
        insert into ${paymentAttempts} (booking_id, user_id, number, amount, currency, gateway,
               gateway_key, request_hash, idempotency_key, settle_after, created_at, updated_at)
        select b.id, b.user_id, n.next, ${request.amount}, b.currency, ${request.gateway},
               'pay:' || b.id || ':' || n.next, ${request.requestHash}, ${request.idempotencyKey},
               ${settleAfter}, ${request.now}, ${request.now}
          from ${bookings} b,
               (select coalesce(max(number), 0) + 1 as next from ${paymentAttempts}
                 where booking_id = ${request.bookingId}) n
         where b.id = ${request.bookingId} and b.status in ${stateList(PAYABLE_BOOKING_STATES)}
           for key share of b
        on conflict do nothing
        returning id, user_id, number, currency, gateway_key`,
        { prepare: true },
      ),
    );
    if (opened) {
      return {
        ...opened,
        booking_id: request.bookingId,
        amount: request.amount,
        gateway: request.gateway,
        request_hash: request.requestHash,
        idempotency_key: request.idempotencyKey,
        status: 'charging',
        gateway_charge_id: null,
        refund_id: null,
        refusal: null,
        settle_after: settleAfter,
        created_at: request.now,
        updated_at: request.now,
      };
    }

    const [open] = await db
      .select()
      .from(paymentAttempts)
      .where(
        and(
          eq(paymentAttempts.booking_id, request.bookingId),
          eq(paymentAttempts.status, 'charging'),
        ),
      );
    if (open) {
      if (open.request_hash !== request.requestHash) throw paymentInProgress();
      // Joining moves the settling on: the sweep must not find "no charge" while this call charges.
      const [joined] = await db
        .update(paymentAttempts)
        .set({ settle_after: settleAfter, updated_at: request.now })
        .where(and(eq(paymentAttempts.id, open.id), eq(paymentAttempts.status, 'charging')))
        .returning();
      if (joined) return joined;
      continue;
    }
    const [booking] = await db
      .select({ status: bookings.status })
      .from(bookings)
      .where(eq(bookings.id, request.bookingId));
    if (booking && isIn(PAID_BOOKING_STATES, booking.status)) {
      throw new AppError('booking_already_paid', { status: 409, attr: 'booking' });
    }
    if (booking?.status === 'cancelled') {
      throw new AppError('booking_not_pending', { status: 409, attr: 'booking' });
    }
    // A twin's attempt ended between our insert and our read: try again with the next number.
  }
  throw paymentInProgress();
}

/** The gateway declined: nothing was captured, and the next call may open a new attempt. */
export async function failAttempt(db: Db, attemptId: number, now: Date): Promise<void> {
  await db
    .update(paymentAttempts)
    .set({ status: 'failed', updated_at: now })
    .where(and(eq(paymentAttempts.id, attemptId), eq(paymentAttempts.status, 'charging')));
}

/**
 * Claims up to `limit` attempts due for settling, skipping those another process is claiming;
 * a claim moves `settle_after` on, so no other sweep takes them until it lapses (the claimer died).
 */
export async function claimDueAttempts(db: Db, now: Date, limit: number): Promise<Attempt[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: paymentAttempts.id })
      .from(paymentAttempts)
      .where(and(eq(paymentAttempts.status, 'charging'), lte(paymentAttempts.settle_after, now)))
      .orderBy(asc(paymentAttempts.settle_after))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(paymentAttempts)
      .set({ settle_after: new Date(now.getTime() + SETTLE_AFTER_MS) })
      .where(
        inArray(
          paymentAttempts.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });
}

/**
 * The gateway has no charge under the attempt's key: it failed. Only while nobody joined it since
 * the claim (a joiner moves `settle_after`, and may be charging right now).
 */
export async function failUnchargedAttempt(db: Db, claimed: Attempt, now: Date): Promise<boolean> {
  const [failed] = await db
    .update(paymentAttempts)
    .set({ status: 'failed', updated_at: now })
    .where(
      and(
        eq(paymentAttempts.id, claimed.id),
        eq(paymentAttempts.status, 'charging'),
        eq(paymentAttempts.settle_after, claimed.settle_after),
      ),
    )
    .returning({ id: paymentAttempts.id });
  return Boolean(failed);
}
