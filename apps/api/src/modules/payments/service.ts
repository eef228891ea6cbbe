import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { PayRequest, PayResult, Payment } from '@hafla/shared/bookings/payments';
import { platformFee, quote, type PromoTerms } from '@hafla/shared/bookings/pricing';
import { formatInZone } from '@hafla/shared/common/zoned-time';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { bookingItems, bookings, payments, refunds, tickets } from '../../db/schema/bookings';
import { eventDates, events, promoCodes } from '../../db/schema/events';
import { AppError, fieldError, notFound } from '../../lib/app-error';
import { formatAmount } from '../../lib/money';
import { PaymentFailed, type Charge, type PaymentGateway } from '../../lib/payments/gateway';
import { readPlatformSettings, type PlatformSettings } from '../../lib/platform-settings';
import { loadBooking } from '../bookings/booking-views';
import { retake, sellHeld, ticketsHeldInSlot, type Line, type Tx } from '../bookings/inventory';
import { checkPromoUsable, repriceBooking, takePromoUse } from '../bookings/promo';
import { eventStatusOf } from '../events/ownership';
import { addNotifications, type Notice } from '../notifications/notify';
import { queueBookingConfirmation } from '../tickets/ticket-mails';
import { appendLedger, availableAfter } from './ledger';

export interface PaymentsDeps {
  db: Db;
  gateway: PaymentGateway;
  now: () => Date;
  /** After a booking is confirmed and committed (tickets by email). */
  onConfirmed: (bookingId: number) => void;
  /** After a refund is committed and sent to the gateway (the refund email). */
  onRefunded: (refundId: number) => void;
  /** After the commit: push the notifications the transaction wrote (Notifier.push). */
  notify: (notificationIds: number[]) => void;
}

export type PaymentRow = typeof payments.$inferSelect;

export function toPayment(row: PaymentRow, timezone: string): Payment {
  return {
    id: row.id,
    status:
      row.refunded_amount === 0
        ? 'succeeded'
        : row.refunded_amount === row.amount
          ? 'refunded'
          : 'partially_refunded',
    amount: row.amount,
    refunded_amount: row.refunded_amount,
    currency: row.currency,
    card_last4: row.card_last4,
    created_at: formatInZone(row.created_at, timezone),
  };
}

/** The charge could not be applied (the booking moved on meanwhile); it is refunded at once. */
class ChargeNotApplied extends Error {
  constructor(readonly code: 'hold_expired' | 'booking_already_paid' | 'max_per_order_exceeded') {
    super(code);
  }
}

/** The promo code's terms as they stand now; a code switched off or out of its window is refused. */
async function currentPromoTerms(
  db: Db,
  promoCodeId: number | null,
  categoryIds: number[],
  now: Date,
): Promise<PromoTerms | null> {
  if (promoCodeId === null) return null;
  const [promo] = await db.select().from(promoCodes).where(eq(promoCodes.id, promoCodeId));
  if (!promo || !promo.is_active) {
    throw new AppError('promo_code_invalid', { status: 409, attr: 'promo_code' });
  }
  // The booking already holds one use, so only the window and the categories are checked again.
  return checkPromoUsable({ ...promo, max_uses: null }, categoryIds, now, 'promo_code');
}

/**
 * POST /payment/pay/ — charges the booking's total and confirms it. The total is recomputed from
 * the held prices and the promo code as it stands now. The charge happens outside any database
 * transaction (a processor is a network away); then one transaction turns the hold into a sale,
 * issues the tickets and writes the ledger. A hold that lapsed meanwhile is taken again when the
 * tickets are still there; otherwise the charge is refunded at once and the answer says so.
 */
export async function pay(
  deps: PaymentsDeps,
  userId: string,
  input: PayRequest,
  idempotencyKey: string | null,
): Promise<PayResult> {
  const now = deps.now();
  const [booking] = await deps.db
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, input.booking), eq(bookings.user_id, userId)));
  if (!booking) throw notFound('booking');
  if (['confirmed', 'partially_refunded', 'refunded'].includes(booking.status)) {
    throw new AppError('booking_already_paid', { status: 409, attr: 'booking' });
  }
  if (booking.status === 'cancelled') {
    throw new AppError('booking_not_pending', { status: 409, attr: 'booking' });
  }
  const [event] = await deps.db.select().from(events).where(eq(events.id, booking.event_id));
  const [slot] = await deps.db
    .select()
    .from(eventDates)
    .where(eq(eventDates.id, booking.event_date_id));
  if (!event || !slot) throw notFound('booking');
  if (eventStatusOf(event, now) !== 'published' || slot.start_at <= now) {
    throw new AppError('event_not_bookable', { status: 409, attr: 'booking' });
  }
  const items = await deps.db
    .select()
    .from(bookingItems)
    .where(eq(bookingItems.booking_id, booking.id));
  const lines: Line[] = items.map((item) => ({
    ticket_category_id: item.ticket_category_id,
    quantity: item.quantity,
  }));
  const terms = await currentPromoTerms(
    deps.db,
    booking.promo_code_id,
    lines.map((line) => line.ticket_category_id),
    now,
  );
  const priced = quote(
    items.map((item) => ({
      ticket_category: item.ticket_category_id,
      quantity: item.quantity,
      unit_price: item.unit_price,
    })),
    terms,
  );
  if (priced.total > 0 && !input.payment_method) throw fieldError('required', 'payment_method');
  const lapsed = (row: { status: string; expires_at: Date }) =>
    row.status === 'expired' || row.expires_at <= now;
  if (lapsed(booking)) await precheckLapsed(deps.db, booking, lines, event, now);

  let charge: Charge | null = null;
  if (priced.total > 0) {
    try {
      charge = await deps.gateway.charge({
        amount: priced.total,
        currency: booking.currency,
        paymentMethod: input.payment_method ?? '',
        // The same Idempotency-Key reaches the processor as the same charge.
        idempotencyKey: `pay:${userId}:${booking.id}:${idempotencyKey ?? randomUUID()}`,
        description: `Hafla booking ${booking.id}: ${event.title}`,
      });
    } catch (error) {
      if (error instanceof PaymentFailed) {
        throw new AppError(error.code, { status: 402, attr: 'payment_method' });
      }
      throw error;
    }
  }

  const settings = await readPlatformSettings(deps.db);
  let notified: number[];
  try {
    notified = await deps.db.transaction(async (tx) => {
      // Lock order as in booking: the user's row, then the booking, promo codes, inventory.
      await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.id, userId))
        .for('no key update');
      const [locked] = await tx
        .select()
        .from(bookings)
        .where(eq(bookings.id, booking.id))
        .for('update');
      if (!locked) throw new ChargeNotApplied('hold_expired');
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
      if (charge) {
        await tx.insert(payments).values({
          booking_id: locked.id,
          gateway: deps.gateway.name,
          gateway_charge_id: charge.id,
          amount: charge.amount,
          currency: charge.currency,
          card_last4: charge.cardLast4,
          created_at: now,
          updated_at: now,
        });
      }
      await appendSale(tx, locked.id, event.organizer_id, slot.end_at, settings, now);
      const ids = await addNotifications(
        tx,
        saleNotices(locked, issued, event.organizer_id, charge),
      );
      await queueBookingConfirmation(tx, locked.id);
      // The inventory last: its rows are the hot ones, locked from here to the commit only.
      if (locked.status === 'pending') await sellHeld(tx, locked.event_date_id, lines);
      else if (!(await retake(tx, locked.event_date_id, lines))) {
        throw new ChargeNotApplied('hold_expired');
      }
      return ids;
    });
  } catch (error) {
    if (!(error instanceof ChargeNotApplied)) throw error;
    const refunded = charge ? await refundUnapplied(deps, booking.id, charge, now) : null;
    throw new AppError(error.code, {
      status: 409,
      attr: 'booking',
      params: refunded === null ? {} : { refunded: formatAmount(refunded, booking.currency) },
    });
  }
  deps.onConfirmed(booking.id);
  deps.notify(notified);

  const confirmed = await loadBooking(deps.db, booking.id, userId);
  if (!confirmed) throw notFound('booking');
  const [payment] = await deps.db
    .select()
    .from(payments)
    .where(eq(payments.booking_id, booking.id));
  return { booking: confirmed, payment: payment ? toPayment(payment, event.timezone) : null };
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

/**
 * Refuses before any charge a lapsed hold the buyer may no longer take: they hold the slot's
 * allowance in other bookings now. Tickets gone meanwhile are found after the charge, which is
 * then refunded at once, as the contract says.
 */
async function precheckLapsed(
  db: Db,
  booking: typeof bookings.$inferSelect,
  lines: Line[],
  event: { max_tickets_per_order: number },
  now: Date,
): Promise<void> {
  const wanted = lines.reduce((sum, line) => sum + line.quantity, 0);
  const held = await ticketsHeldInSlot(db, booking.user_id, booking.event_date_id, now);
  if (held + wanted > event.max_tickets_per_order) {
    throw new AppError('max_per_order_exceeded', {
      status: 409,
      attr: 'booking',
      params: {
        max: event.max_tickets_per_order,
        remaining: Math.max(0, event.max_tickets_per_order - held),
      },
    });
  }
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

/** The buyer learns the tickets are theirs; the organizer learns of the sale. */
function saleNotices(
  booking: {
    id: number;
    user_id: string;
    event_id: number;
    event_date_id: number;
    currency: string;
  },
  ticketIds: number[],
  organizerId: string,
  charge: Charge | null,
): Notice[] {
  const common = {
    eventId: booking.event_id,
    bookingId: booking.id,
    eventDateId: booking.event_date_id,
  };
  return [
    {
      ...common,
      userId: booking.user_id,
      kind: 'booking_confirmed',
      type: 'ticket',
      value: ticketIds[0] ?? booking.id,
      params: { tickets: ticketIds.length },
    },
    {
      ...common,
      userId: organizerId,
      kind: 'new_booking',
      type: 'event',
      value: booking.event_id,
      params: {
        tickets: ticketIds.length,
        total: charge?.amount ?? 0,
        currency: booking.currency,
      },
    },
  ];
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

/** Gives back a charge that could not be applied, and records it against the booking. */
async function refundUnapplied(
  deps: PaymentsDeps,
  bookingId: number,
  charge: Charge,
  now: Date,
): Promise<number> {
  const refund = await deps.gateway.refund({
    chargeId: charge.id,
    amount: charge.amount,
    idempotencyKey: `unapplied:${charge.id}`,
  });
  await deps.db.insert(refunds).values({
    booking_id: bookingId,
    payment_id: null,
    amount: charge.amount,
    currency: charge.currency,
    reason: 'hold_lapsed',
    gateway_refund_id: refund.id,
    ticket_ids: [],
    created_at: now,
  });
  return charge.amount;
}
