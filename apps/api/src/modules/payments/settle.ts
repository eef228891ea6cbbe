import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { bookings } from '../../db/schema/bookings';
import { AppError } from '../../lib/app-error';
import { settleKey, type KeyIdentity } from '../idempotency/idempotency';
import { claimDueAttempts, failUnchargedAttempt, type Attempt } from './attempts';
import type { Paid, RefusalCode } from './charge-outcomes';
import { isBookable, loadPayContext, priceNow } from './pay-context';
import { refundUnapplied } from './refund-unapplied';
import { settleCharge } from './settle-charge';
import { PAY_SCOPE, pushSold, type PaymentsDeps } from './service';
import { loadBooking } from '../bookings/surface';

const BATCH = 20;

/**
 * The sweep's part of decision 0010: every attempt still `charging` past its `settle_after`
 * belongs to a call that died or lost its answer. The gateway is asked for the charge under the
 * attempt's key; without one the attempt failed, with one it is applied when the hold can be
 * taken again, otherwise refunded — and the dead call's Idempotency-Key gets that outcome.
 */
export async function settleDueAttempts(
  deps: PaymentsDeps,
  log: FastifyBaseLogger,
  stopping: () => boolean,
): Promise<void> {
  for (;;) {
    const now = deps.now();
    const claimed = await claimDueAttempts(deps.db, now, BATCH);
    for (const attempt of claimed) {
      // A claim lapses after SETTLE_AFTER_MS: what is left here is settled by a later sweep.
      if (stopping()) return;
      try {
        await settleAttempt(deps, attempt);
      } catch (error) {
        log.error({ err: error, attempt: attempt.id }, 'settling a payment attempt failed');
      }
    }
    if (claimed.length < BATCH) return;
  }
}

async function settleAttempt(deps: PaymentsDeps, attempt: Attempt): Promise<void> {
  const now = deps.now();
  const answer: KeyIdentity | null = attempt.idempotency_key
    ? { userId: attempt.user_id, scope: PAY_SCOPE, key: attempt.idempotency_key }
    : null;
  const charge = await deps.gateway.findCharge(attempt.gateway_key);
  if (!charge) {
    // Nothing captured: the call died before charging, or was declined and died before saying so.
    if ((await failUnchargedAttempt(deps.db, attempt, now)) && answer) {
      await settleKey(deps.db, answer, null);
    }
    return;
  }
  const paid: Paid = { attempt, charge };
  const [booking] = await deps.db
    .select()
    .from(bookings)
    .where(eq(bookings.id, attempt.booking_id));
  if (!booking) throw new Error(`booking ${attempt.booking_id} of attempt ${attempt.id} is gone`);
  const context = await loadPayContext(deps.db, booking);
  let refusal: RefusalCode | null = null;
  let terms = null;
  if (!context || !isBookable(context, now)) refusal = 'event_not_bookable';
  else {
    try {
      const priced = await priceNow(deps.db, context, now);
      terms = priced.terms;
      // Applied only at the price it was charged: the promo code's terms may have changed since.
      if (priced.total !== charge.amount || booking.currency !== charge.currency) {
        refusal = 'hold_expired';
      }
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      refusal = 'hold_expired';
    }
  }
  const settled =
    refusal !== null || !context
      ? await refundUnapplied(deps, booking.id, paid, refusal ?? 'hold_expired', now, answer, true)
      : await settleCharge(deps, context, terms, paid, now, answer, true);
  if (settled.kind === 'applied') {
    deps.onConfirmed(booking.id);
    deps.notify(settled.notified);
    if (deps.seats) {
      const confirmed = await loadBooking(deps.db, booking.id, null);
      if (confirmed) pushSold(deps, confirmed);
    }
  }
}
