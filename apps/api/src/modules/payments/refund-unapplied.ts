import { eq } from 'drizzle-orm';
import { bookings } from '../../db/schema/bookings';
import { paymentAttempts, refunds } from '../../db/schema/payments';
import { settleKey, type KeyIdentity } from '../idempotency/idempotency';
import { queueRefundNotice } from '../tickets/ticket-mails';
import {
  attemptOutcome,
  refusalOf,
  type Paid,
  type RefusalCode,
  type Settled,
} from './charge-outcomes';
import { sendToGateway } from './refund-transaction';
import type { PaymentsDeps } from './service';

/**
 * Gives back a charge that could not be applied: the decision is recorded first (the attempt
 * becomes `refunded` with its refund row, under the booking's lock, so it happens once), then the
 * gateway is asked (the refund's id is its key; one the gateway did not confirm is sent again by
 * the sweep). An attempt a twin applied meanwhile is left applied.
 */
export async function refundUnapplied(
  deps: PaymentsDeps,
  bookingId: number,
  paid: Paid,
  code: RefusalCode,
  now: Date,
  answer: KeyIdentity | null,
  bySweep: boolean,
): Promise<Settled> {
  const { attempt, charge } = paid;
  const recorded = await deps.db.transaction(async (tx) => {
    await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.id, bookingId))
      .for('update');
    const [state] = await tx
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.id, attempt.id))
      .for('update');
    const settled = state ? await attemptOutcome(tx, state.id) : null;
    if (settled) return { settled, refundId: null };
    const [refund] = await tx
      .insert(refunds)
      .values({
        booking_id: bookingId,
        payment_id: null,
        amount: charge.amount,
        currency: charge.currency,
        reason: 'hold_lapsed',
        ticket_ids: [],
        created_at: now,
      })
      .returning({ id: refunds.id });
    if (!refund) throw new Error('insert returned no row');
    await tx
      .update(paymentAttempts)
      .set({
        status: 'refunded',
        gateway_charge_id: charge.id,
        refund_id: refund.id,
        refusal: code,
        updated_at: now,
      })
      .where(eq(paymentAttempts.id, attempt.id));
    // A call that died never told the buyer; a live call's answer says it (no mail, as before).
    if (bySweep) await queueRefundNotice(tx, refund.id);
    const outcome: Settled = { kind: 'refunded', code, amount: charge.amount };
    if (answer) await settleKey(tx, answer, refusalOf(outcome, charge.currency));
    return { settled: outcome, refundId: refund.id };
  });
  if (recorded.refundId !== null) {
    try {
      await sendToGateway(deps, recorded.refundId);
    } catch {
      // Recorded, so not lost: the sweep sends it again.
    }
    deps.onRefunded(recorded.refundId);
  }
  return recorded.settled;
}
