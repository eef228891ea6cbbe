import { platformFee, type PromoTerms } from '@hafla/shared/bookings/pricing';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { bookings, tickets } from '../../db/schema/bookings';
import { paymentAttempts, payments } from '../../db/schema/payments';
import { promoCodes } from '../../db/schema/events';
import { AppError } from '../../lib/app-error';
import { rowsOf } from '../../lib/db-rows';
import { readPlatformSettings, type PlatformSettings } from '../catalog/platform-settings';
import { settleKey, type KeyIdentity } from '../idempotency/idempotency';
import {
  repriceBooking,
  retake,
  sellHeld,
  takePromoUse,
  ticketsHeldInSlot,
  type Line,
} from '../bookings/surface';
import { addNotifications } from '../notifications/notify';
import { queueBookingConfirmation } from '../tickets/ticket-mails';
import {
  AttemptClosed,
  attemptOutcome,
  ChargeNotApplied,
  type Paid,
  type Settled,
} from './charge-outcomes';
import { confirmPending, type Reply } from './confirm-pending';
import { appendLedger, availableAfter } from '../finance';
import type { PayContext } from './pay-context';
import { refundUnapplied } from './refund-unapplied';
import { saleNotices } from './sale-notices';
import { payResult } from './pay-result';
import type { PaymentsDeps } from './service';

/** The settle step: a charge (or a free order) becomes a sale, or is refunded. */

/**
 * Applies a charge (or confirms a free booking) and, when it cannot be applied, refunds it —
 * each exactly once whoever calls (the paying request, a twin, the sweep): the attempt's status
 * changes only under the booking's lock. `answer`: the key of a dead call to answer with the
 * outcome, in the same transaction; `bySweep`: the buyer is mailed a refund (no call answers them);
 * `reply`: the paying call's own key and promo code, when the confirmation of a live hold is to
 * render its answer and store it under the key in its own transaction.
 */
export async function settleCharge(
  deps: PaymentsDeps,
  context: PayContext,
  terms: PromoTerms | null,
  paid: Paid | null,
  now: Date,
  answer: KeyIdentity | null,
  bySweep = false,
  known?: PlatformSettings,
  reply: Reply | null = null,
): Promise<Settled> {
  const settings = known ?? (await readPlatformSettings(deps.db));
  try {
    if (answer === null) {
      // Nearly every payment: a live hold, confirmed in two round trips.
      const pending = await confirmPending(deps, context, terms, paid, settings, now, reply);
      if (pending.kind === 'applied') return pending;
      if (pending.kind === 'attempt_closed' && paid) {
        const settled = await attemptOutcome(deps.db, paid.attempt.id);
        throw new AttemptClosed(settled?.kind === 'refunded' ? settled.code : 'hold_expired');
      }
    }
    return await confirm(deps, context, terms, paid, settings, now, answer);
  } catch (error) {
    if (error instanceof AttemptClosed && paid) {
      return { kind: 'refunded', code: error.refusal, amount: paid.attempt.amount };
    }
    if (!(error instanceof ChargeNotApplied)) throw error;
    if (!paid) return { kind: 'refunded', code: error.code, amount: 0 };
    return refundUnapplied(deps, context.booking.id, paid, error.code, now, answer, bySweep);
  }
}

async function confirm(
  deps: PaymentsDeps,
  context: PayContext,
  terms: PromoTerms | null,
  paid: Paid | null,
  settings: PlatformSettings,
  now: Date,
  answer: KeyIdentity | null,
): Promise<Settled> {
  const { booking, event, slot, lines } = context;
  const userId = booking.user_id;
  const lapsed = (row: { status: string; expires_at: Date }) =>
    row.status === 'expired' || row.expires_at <= now;
  return deps.db.transaction(async (tx) => {
    // Lock order as in booking: the user's row, then the booking, promo codes, inventory.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
    const [locked] = await tx
      .select()
      .from(bookings)
      .where(eq(bookings.id, booking.id))
      .for('update');
    if (!locked) throw new ChargeNotApplied('hold_expired');
    if (paid && locked.status !== 'pending' && locked.status !== 'expired') {
      // Perhaps paid with this very charge, by a twin call or the sweep.
      const settled = await attemptOutcome(tx, paid.attempt.id);
      if (settled) return settled;
    }
    if (locked.status === 'expired') {
      await reclaimLapsed(tx, locked, lines, userId, event.max_tickets_per_order, now);
    } else if (locked.status === 'pending' && lapsed(locked)) {
      // Still counted as held, but the buyer may have booked the slot's allowance since.
      await checkAllowance(tx, locked, lines, userId, event.max_tickets_per_order, now);
    } else if (locked.status !== 'pending') {
      throw new ChargeNotApplied(
        locked.status === 'cancelled' ? 'hold_expired' : 'booking_already_paid',
      );
    }
    await repriceBooking(tx, locked, terms, locked.promo_code_id, now);
    const issued = await issueTickets(tx, locked.id, event.requires_approval, settings, now);
    await tx
      .update(bookings)
      .set({ status: 'confirmed', confirmed_at: now, updated_at: now })
      .where(eq(bookings.id, locked.id));
    if (paid) await recordPayment(tx, deps.gateway.name, locked.id, paid, now);
    const ids = await addNotifications(
      tx,
      saleNotices(locked, issued, event.organizer_id, paid?.charge ?? null),
    );
    await queueBookingConfirmation(tx, locked.id);
    if (answer) {
      await settleKey(tx, answer, { ok: await payResult(tx, locked.id, event.timezone) });
    }
    // The hot rows last, locked from here to the commit only: the inventory, then the event's
    // sales figures the ledger entry adds to (the order refunds take them in too).
    if (locked.status === 'pending') await sellHeld(tx, locked.event_date_id, lines);
    else if (!(await retake(tx, locked.event_date_id, lines, locked.id))) {
      throw new ChargeNotApplied('hold_expired');
    }
    await appendSale(tx, locked.id, event.organizer_id, slot.end_at, settings, now);
    return { kind: 'applied', notified: ids };
  });
}

/**
 * The payment row, written only while its attempt is still open (one statement: the attempt
 * becomes `applied` and the payment is inserted from it). An attempt refunded meanwhile (the
 * sweep gave up on it) is never applied.
 */
async function recordPayment(tx: Tx, gateway: string, bookingId: number, paid: Paid, now: Date) {
  const { attempt, charge } = paid;
  const [recorded] = rowsOf<{ id: number }>(
    await tx.execute(sql`
      with applied as (
        update ${paymentAttempts}
           set status = 'applied', gateway_charge_id = ${charge.id}, updated_at = ${now}
         where id = ${attempt.id} and status in ('charging', 'failed')
         returning id)
      insert into ${payments} (booking_id, gateway, gateway_charge_id, amount, currency,
             card_last4, created_at, updated_at)
      select ${bookingId}, ${gateway}, ${charge.id}, ${charge.amount}, ${charge.currency},
             ${charge.cardLast4}, ${now}, ${now}
        from applied
      returning id`),
  );
  if (recorded) return;
  const settled = await attemptOutcome(tx, attempt.id);
  throw new AttemptClosed(settled?.kind === 'refunded' ? settled.code : 'hold_expired');
}

/** A lapsed booking's tickets plus what the buyer holds in the slot now stay within the allowance. */
async function checkAllowance(
  tx: Tx,
  booking: { event_date_id: number },
  lines: Line[],
  userId: string,
  maxPerOrder: number,
  now: Date,
): Promise<void> {
  const wanted = lines.reduce((sum, line) => sum + line.quantity, 0);
  if ((await ticketsHeldInSlot(tx, userId, booking.event_date_id, now)) + wanted > maxPerOrder) {
    throw new ChargeNotApplied('max_per_order_exceeded');
  }
}

/**
 * A lapsed hold paid for after all: the buyer's allowance for the slot and the promo code's use
 * are checked and taken again, and its tickets wait for the inventory (taken last, by the caller).
 */
async function reclaimLapsed(
  tx: Tx,
  booking: typeof bookings.$inferSelect,
  lines: Line[],
  userId: string,
  maxPerOrder: number,
  now: Date,
): Promise<void> {
  await checkAllowance(tx, booking, lines, userId, maxPerOrder, now);
  if (booking.promo_code_id !== null) {
    const [promo] = await tx
      .select()
      .from(promoCodes)
      .where(eq(promoCodes.id, booking.promo_code_id));
    if (!promo) throw new ChargeNotApplied('hold_expired');
    try {
      await takePromoUse(tx, promo, userId, 'promo_code');
    } catch (error) {
      if (error instanceof AppError) throw new ChargeNotApplied('hold_expired');
      throw error;
    }
  }
  await tx
    .update(tickets)
    .set({ status: 'pending' })
    .where(and(eq(tickets.booking_id, booking.id), eq(tickets.status, 'expired')));
}

/** Paid tickets become valid (or wait for the organizer's approval) and carry the platform's fee. */
async function issueTickets(
  tx: Tx,
  bookingId: number,
  requiresApproval: boolean,
  settings: PlatformSettings,
  now: Date,
): Promise<number[]> {
  const rows = await tx
    .select({ id: tickets.id, price: tickets.price, discount: tickets.discount })
    .from(tickets)
    .where(and(eq(tickets.booking_id, bookingId), eq(tickets.status, 'pending')))
    .orderBy(asc(tickets.id));
  const status = requiresApproval ? 'pending_approval' : 'valid';
  for (const row of rows) {
    const fee = platformFee(
      row.price - row.discount,
      settings.platform_fee_percent,
      settings.platform_fee_fixed,
    );
    await tx
      .update(tickets)
      .set({ status, platform_fee: fee, updated_at: now })
      .where(eq(tickets.id, row.id));
  }
  return rows.map((row) => row.id);
}

/** The sale's ledger row: what the tickets cost, the discount, the platform's fee. */
async function appendSale(
  tx: Tx,
  bookingId: number,
  organizerId: string,
  slotEnd: Date,
  settings: PlatformSettings,
  now: Date,
): Promise<void> {
  const [sums] = await tx
    .select({
      gross: sql<number>`coalesce(sum(${tickets.price}), 0)::int`,
      discount: sql<number>`coalesce(sum(${tickets.discount}), 0)::int`,
      fee: sql<number>`coalesce(sum(${tickets.platform_fee}), 0)::int`,
      eventId: sql<number>`min(${tickets.event_id})::int`,
      currency: sql<string>`min(${bookings.currency})`,
    })
    .from(tickets)
    .innerJoin(bookings, eq(bookings.id, tickets.booking_id))
    .where(eq(tickets.booking_id, bookingId));
  // A free order moves no money and writes no ledger row.
  if (!sums || sums.gross === 0) return;
  await appendLedger(tx, {
    organizerId,
    eventId: sums.eventId,
    bookingId,
    kind: 'sale',
    gross: sums.gross,
    discount: sums.discount,
    platformFee: sums.fee,
    currency: sums.currency,
    availableAt: availableAfter(slotEnd, settings.payout_hold_days),
    now,
  });
}
