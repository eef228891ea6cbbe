import { percentOf } from '@hafla/shared/common/money';
import { ISSUED_TICKET_STATES } from '@hafla/shared/bookings/states';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { bookings, tickets } from '../../db/schema/bookings';
import { paymentAttempts, payments, refunds } from '../../db/schema/payments';
import { AppError } from '../../lib/app-error';
import { readPlatformSettings } from '../catalog/platform-settings';
import { freeSeatsOf, pushFreed, unsell, type Line } from '../bookings/surface';
import { addNotifications } from '../notifications/notify';
import { queueRefundNotice } from '../tickets/ticket-mails';
import { appendLedger, availableAfter } from '../finance';
import { assess, type Assessment } from './refund-assessment';
import { ticketStatusAfter, type RefundMode } from './refund-decision';
import type { PaymentsDeps } from './service';

type BookingRow = typeof bookings.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

/**
 * Gives tickets back in one transaction under the booking's lock: the tickets change state, the
 * inventory returns, the payment's refunded amount rises only while it stays within the capture
 * (a conditional update, so racing refunds cannot exceed it), and the ledger gets its row. The
 * gateway is called after commit with a key made from the refund's id; a refund the gateway
 * has not confirmed is sent again by the sweep.
 */
export async function performRefund(
  deps: PaymentsDeps,
  load: (tx: Tx) => Promise<BookingRow>,
  requested: number[] | undefined,
  mode: RefundMode,
  /** Told to the holder with the refund (an organizer's reason for rejecting a ticket). */
  note?: string,
): Promise<number> {
  const now = deps.now();
  const settings = await readPlatformSettings(deps.db);
  const freed: Array<{ event_date_id: number; seat_id: string }> = [];
  const { refundId, notified } = await deps.db.transaction(async (tx) => {
    freed.length = 0;
    const booking = await load(tx);
    const assessment = await assess(tx, booking, requested, now, mode);
    if (assessment.reason) throw new AppError(assessment.reason, { status: 409 });
    const { amount, percentage } = assessment;
    const chosen = assessment.tickets;
    const [payment] = await tx.select().from(payments).where(eq(payments.booking_id, booking.id));
    if (amount > 0) await raiseRefunded(tx, payment, amount, now);
    await giveBack(tx, assessment, ticketStatusAfter(mode, amount), now, freed);
    const [refund] = await tx
      .insert(refunds)
      .values({
        booking_id: booking.id,
        payment_id: payment?.id ?? null,
        amount,
        currency: booking.currency,
        reason: mode,
        ticket_ids: chosen.map((ticket) => ticket.id),
        created_at: now,
      })
      .returning({ id: refunds.id });
    if (!refund) throw new Error('insert returned no row');
    await queueRefundNotice(tx, refund.id);

    const gross = percentOf(
      chosen.reduce((sum, ticket) => sum + ticket.price, 0),
      percentage,
    );
    if (gross > 0) {
      await appendLedger(tx, {
        organizerId: assessment.event.organizer_id,
        eventId: booking.event_id,
        bookingId: booking.id,
        refundId: refund.id,
        kind: 'refund',
        gross: -gross,
        // What the buyer gets back is gross − discount, exactly the amount refunded.
        discount: -(gross - amount),
        platformFee: -percentOf(
          chosen.reduce((sum, ticket) => sum + ticket.platform_fee, 0),
          percentage,
        ),
        currency: booking.currency,
        availableAt: availableAfter(assessment.slotEnd, settings.payout_hold_days),
        now,
      });
    }
    const notified = await addNotifications(tx, [
      {
        userId: booking.user_id,
        kind: mode === 'rejected' ? 'ticket_rejected' : 'refund_done',
        type: 'ticket',
        value: chosen[0]?.id ?? booking.id,
        eventId: booking.event_id,
        bookingId: booking.id,
        eventDateId: booking.event_date_id,
        params: { amount, currency: booking.currency, ...(note ? { reason: note } : {}) },
      },
    ]);
    return { refundId: refund.id, notified };
  });
  if (deps.seats) pushFreed(deps.seats, freed);
  await sendToGateway(deps, refundId);
  deps.onRefunded(refundId);
  deps.notify(notified);
  return refundId;
}

/** The payment's refunded amount rises, only while it stays within what was captured. */
async function raiseRefunded(tx: Tx, payment: PaymentRow | undefined, amount: number, now: Date) {
  const [raised] = payment
    ? await tx
        .update(payments)
        .set({ refunded_amount: sql`${payments.refunded_amount} + ${amount}`, updated_at: now })
        .where(
          and(
            eq(payments.id, payment.id),
            sql`${payments.refunded_amount} + ${amount} <= ${payments.amount}`,
          ),
        )
        .returning({ id: payments.id })
    : [];
  if (!raised) throw new AppError('refund_exceeds_capture', { status: 409 });
}

/**
 * The chosen tickets take their new state, their places return to the inventory, and the
 * booking becomes refunded once none of its tickets is left (partially refunded before).
 */
async function giveBack(
  tx: Tx,
  assessment: Assessment,
  status: string,
  now: Date,
  freed: Array<{ event_date_id: number; seat_id: string }>,
) {
  const { booking, amount } = assessment;
  const chosen = assessment.tickets;
  await tx
    .update(tickets)
    .set({ status, updated_at: now })
    .where(
      inArray(
        tickets.id,
        chosen.map((ticket) => ticket.id),
      ),
    );
  const counts = new Map<number, number>();
  for (const ticket of chosen) {
    counts.set(ticket.ticket_category_id, (counts.get(ticket.ticket_category_id) ?? 0) + 1);
  }
  const lines: Line[] = [...counts].map(([ticket_category_id, quantity]) => ({
    ticket_category_id,
    quantity,
  }));
  await unsell(tx, booking.event_date_id, lines);
  // Their seats go back on sale too (decision 0020).
  freed.push(
    ...(await freeSeatsOf(
      tx,
      [booking.id],
      chosen.map((ticket) => ticket.id),
    )),
  );

  const [left] = await tx
    .select({ value: sql<number>`count(*)::int` })
    .from(tickets)
    .where(and(eq(tickets.booking_id, booking.id), inArray(tickets.status, ISSUED_TICKET_STATES)));
  const refundedAmount = booking.refunded_amount + amount;
  await tx
    .update(bookings)
    .set({
      refunded_amount: refundedAmount,
      status: (left?.value ?? 0) === 0 ? 'refunded' : 'partially_refunded',
      updated_at: now,
    })
    .where(eq(bookings.id, booking.id));
}

/**
 * Sends a committed refund to the gateway (idempotent: the key is the refund's id). The charge
 * is the booking's payment, or for a charge that was never applied, its attempt's.
 */
export async function sendToGateway(deps: Pick<PaymentsDeps, 'db' | 'gateway'>, refundId: number) {
  const [row] = await deps.db
    .select({
      refund: refunds,
      charge: sql<
        string | null
      >`coalesce(${payments.gateway_charge_id}, ${paymentAttempts.gateway_charge_id})`,
    })
    .from(refunds)
    .leftJoin(payments, eq(payments.id, refunds.payment_id))
    .leftJoin(paymentAttempts, eq(paymentAttempts.refund_id, refunds.id))
    .where(eq(refunds.id, refundId));
  if (!row?.charge || row.refund.amount === 0 || row.refund.gateway_refund_id) return;
  const sent = await deps.gateway.refund({
    chargeId: row.charge,
    amount: row.refund.amount,
    idempotencyKey: `refund:${refundId}`,
  });
  await deps.db.update(refunds).set({ gateway_refund_id: sent.id }).where(eq(refunds.id, refundId));
}
