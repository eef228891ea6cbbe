import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type {
  CancellationCheck,
  RefundPreview,
  RefundRefusal,
  RefundRequest,
  RefundResult,
} from '@hafla/shared/bookings/payments';
import { percentOf } from '@hafla/shared/common/money';
import { formatInZone } from '@hafla/shared/common/zoned-time';
import type { Db } from '../../db/client';
import { bookings, payments, refunds, tickets } from '../../db/schema/bookings';
import { eventDates, events } from '../../db/schema/events';
import { paymentAttempts } from '../../db/schema/payments';
import { AppError, fieldError, notFound } from '../../lib/app-error';
import { readPlatformSettings } from '../../lib/platform-settings';
import { loadBooking } from '../bookings/booking-views';
import { unsell, type Line, type Tx } from '../bookings/inventory';
import { addNotifications } from '../notifications/notify';
import { queueRefundNotice } from '../tickets/ticket-mails';
import { appendLedger, availableAfter } from '../finance';
import type { PaymentsDeps } from './service';

/**
 * Why tickets are given back: the buyer asked, the event was cancelled (in full, whatever the
 * policy), or the organizer rejected a ticket awaiting approval (in full; decision 0014).
 */
type RefundMode = 'requested' | 'event_cancelled' | 'rejected';

/** Tickets that can still be given back: issued, not used at the door. */
const REFUNDABLE = ['valid', 'pending_approval'];
const PAID = ['confirmed', 'partially_refunded'];

type BookingRow = typeof bookings.$inferSelect;
type EventRow = typeof events.$inferSelect;
type TicketRow = typeof tickets.$inferSelect;

interface Assessment {
  booking: BookingRow;
  event: EventRow;
  slotStart: Date;
  slotEnd: Date;
  tickets: TicketRow[];
  deadline: Date;
  percentage: number;
  amount: number;
  reason: RefundRefusal | null;
}

/** What giving back these tickets of a booking would return, and why not when it cannot. */
async function assess(
  db: Db | Tx,
  booking: BookingRow,
  requested: number[] | undefined,
  now: Date,
  mode: RefundMode,
): Promise<Assessment> {
  const [[event], [slot], rows] = await Promise.all([
    db.select().from(events).where(eq(events.id, booking.event_id)),
    db.select().from(eventDates).where(eq(eventDates.id, booking.event_date_id)),
    db.select().from(tickets).where(eq(tickets.booking_id, booking.id)).orderBy(asc(tickets.id)),
  ]);
  if (!event || !slot) throw notFound('booking');
  let chosen = rows.filter((ticket) => REFUNDABLE.includes(ticket.status));
  if (requested) {
    const byId = new Map(rows.map((ticket) => [ticket.id, ticket]));
    requested.forEach((id, index) => {
      const ticket = byId.get(id);
      if (!ticket) throw fieldError('ticket_not_in_booking', `tickets.${index}`);
      if (!REFUNDABLE.includes(ticket.status)) {
        throw fieldError('ticket_not_refundable', `tickets.${index}`);
      }
    });
    const wanted = new Set(requested);
    chosen = chosen.filter((ticket) => wanted.has(ticket.id));
  }
  const deadline = new Date(slot.start_at.getTime() - event.refundable_until_hours * 3_600_000);
  const percentage = mode === 'requested' ? event.refund_percentage : 100;
  const paid = chosen.reduce((sum, ticket) => sum + ticket.price - ticket.discount, 0);
  let reason: RefundRefusal | null = null;
  // A booking refunded in full was paid: nothing is left in it to give back.
  if (!PAID.includes(booking.status) && booking.status !== 'refunded') reason = 'not_paid';
  else if (chosen.length === 0) reason = 'no_tickets';
  else if (mode === 'requested') {
    if (event.status === 'cancelled') reason = 'event_cancelled';
    else if (now > deadline) reason = 'deadline_passed';
    else if (paid > 0 && percentage === 0) reason = 'not_refundable';
  }
  return {
    booking,
    event,
    slotStart: slot.start_at,
    slotEnd: slot.end_at,
    tickets: chosen,
    deadline,
    percentage,
    amount: reason ? 0 : percentOf(paid, percentage),
    reason,
  };
}

function toPreview(assessment: Assessment): RefundPreview {
  const zone = assessment.event.timezone;
  return {
    booking: assessment.booking.id,
    tickets: assessment.tickets.map((ticket) => ticket.id),
    can_refund: assessment.reason === null,
    reason: assessment.reason,
    refund_amount: assessment.amount,
    refund_percentage: assessment.percentage,
    currency: assessment.booking.currency,
    deadline: formatInZone(assessment.deadline, zone),
  };
}

async function ownBooking(db: Db | Tx, userId: string, id: number, lock = false) {
  const query = db
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, id), eq(bookings.user_id, userId)))
    .$dynamic();
  const [row] = await (lock ? query.for('update') : query);
  if (!row) throw notFound('booking');
  return row;
}

/** POST /payment/refund-check/ */
export async function refundCheck(
  deps: PaymentsDeps,
  userId: string,
  input: RefundRequest,
): Promise<RefundPreview> {
  const booking = await ownBooking(deps.db, userId, input.booking);
  return toPreview(await assess(deps.db, booking, input.tickets, deps.now(), 'requested'));
}

/**
 * Gives tickets back in one transaction under the booking's lock: the tickets change state, the
 * inventory returns, the payment's refunded amount rises only while it stays within the capture
 * (a conditional update, so racing refunds cannot exceed it), and the ledger gets its row. The
 * gateway is called after commit with a key made from the refund's id; a refund the gateway
 * has not confirmed is sent again by the sweep.
 */
async function performRefund(
  deps: PaymentsDeps,
  load: (tx: Tx) => Promise<BookingRow>,
  requested: number[] | undefined,
  mode: RefundMode,
): Promise<number> {
  const now = deps.now();
  const settings = await readPlatformSettings(deps.db);
  const { refundId, notified } = await deps.db.transaction(async (tx) => {
    const booking = await load(tx);
    const assessment = await assess(tx, booking, requested, now, mode);
    if (assessment.reason) throw new AppError(assessment.reason, { status: 409 });
    const { amount, percentage } = assessment;
    const chosen = assessment.tickets;
    const [payment] = await tx.select().from(payments).where(eq(payments.booking_id, booking.id));
    if (amount > 0) {
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
    const status = mode === 'rejected' ? 'rejected' : amount > 0 ? 'refunded' : 'cancelled';
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

    const [left] = await tx
      .select({ value: sql<number>`count(*)::int` })
      .from(tickets)
      .where(
        and(
          eq(tickets.booking_id, booking.id),
          inArray(tickets.status, [...REFUNDABLE, 'checked_in']),
        ),
      );
    const refundedAmount = booking.refunded_amount + amount;
    await tx
      .update(bookings)
      .set({
        refunded_amount: refundedAmount,
        status: (left?.value ?? 0) === 0 ? 'refunded' : 'partially_refunded',
        updated_at: now,
      })
      .where(eq(bookings.id, booking.id));
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
        params: { amount, currency: booking.currency },
      },
    ]);
    return { refundId: refund.id, notified };
  });
  await sendToGateway(deps, refundId);
  deps.onRefunded(refundId);
  deps.notify(notified);
  return refundId;
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

/** A booking under its lock (refunds of one booking are serialized by it); 404 when missing. */
async function lockBooking(tx: Tx, bookingId: number, attr: string | null) {
  const [row] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
  if (!row) throw notFound(attr);
  return row;
}

/**
 * Rejects a ticket awaiting approval: under its booking's lock it must still be
 * `pending_approval` (approval takes the same lock), then it is refunded in full like any
 * refund (gateway, inventory, ledger, the buyer's notification and email) and becomes `rejected`.
 */
export async function rejectTicket(deps: PaymentsDeps, bookingId: number, ticketId: number) {
  await performRefund(
    deps,
    async (tx) => {
      const row = await lockBooking(tx, bookingId, null);
      const [ticket] = await tx
        .select({ status: tickets.status })
        .from(tickets)
        .where(and(eq(tickets.id, ticketId), eq(tickets.booking_id, bookingId)));
      if (ticket?.status !== 'pending_approval') {
        throw new AppError('ticket_not_pending_approval', { status: 409 });
      }
      return row;
    },
    [ticketId],
    'rejected',
  );
}

/** POST /payment/refund/ */
export async function refund(
  deps: PaymentsDeps,
  userId: string,
  input: RefundRequest,
): Promise<RefundResult> {
  const refundId = await performRefund(
    deps,
    (tx) => ownBooking(tx, userId, input.booking, true),
    input.tickets,
    'requested',
  );
  const [row] = await deps.db.select().from(refunds).where(eq(refunds.id, refundId));
  const booking = await loadBooking(deps.db, input.booking, userId);
  if (!row || !booking) throw notFound('booking');
  return {
    booking,
    refund: {
      id: row.id,
      amount: row.amount,
      currency: row.currency,
      reason: 'requested',
      created_at: formatInZone(row.created_at, booking.timezone),
    },
  };
}

/**
 * Refunds one booking of a cancelled event in full, whatever the refund policy says. Every
 * process's sweep and the cancelling request's job may reach the same booking: the first one
 * refunds it under its lock, the others find nothing left and stop there.
 */
export async function refundForCancelledEvent(deps: PaymentsDeps, bookingId: number) {
  try {
    await performRefund(
      deps,
      (tx) => lockBooking(tx, bookingId, 'booking'),
      undefined,
      'event_cancelled',
    );
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'no_tickets')) throw error;
  }
}

/** Paid bookings of cancelled events still to refund (the request that cancelled did most). */
export async function bookingsToRefund(db: Db, eventId: number | null, limit: number) {
  const rows = await db
    .select({ id: bookings.id })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.event_id))
    .where(
      and(
        eq(events.status, 'cancelled'),
        eventId === null ? undefined : eq(events.id, eventId),
        inArray(bookings.status, PAID),
        sql`exists (select 1 from ${tickets} t where t.booking_id = ${bookings.id} and t.status in ('valid', 'pending_approval'))`,
      ),
    )
    .orderBy(asc(bookings.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Committed refunds the gateway has not confirmed yet (the process died in between). */
export async function refundsNotSent(db: Db, before: Date) {
  const rows = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(
      and(
        isNull(refunds.gateway_refund_id),
        sql`(${refunds.payment_id} is not null or exists (select 1 from ${paymentAttempts} a where a.refund_id = ${refunds.id}))`,
        sql`${refunds.amount} > 0`,
        lt(refunds.created_at, before),
      ),
    )
    .limit(100);
  return rows.map((row) => row.id);
}

/** GET /events/{id}/cancellation-check — all of the reader's paid bookings for the event at once. */
export async function cancellationCheck(
  deps: PaymentsDeps,
  userId: string,
  eventId: number,
): Promise<CancellationCheck> {
  const now = deps.now();
  const [event] = await deps.db.select().from(events).where(eq(events.id, eventId));
  if (!event || event.status === 'draft') throw notFound();
  const rows = await deps.db
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.user_id, userId),
        eq(bookings.event_id, eventId),
        inArray(bookings.status, PAID),
      ),
    )
    .orderBy(asc(bookings.id));
  const assessments = await Promise.all(
    rows.map((booking) => assess(deps.db, booking, undefined, now, 'requested')),
  );
  const refundable = assessments.filter((assessment) => assessment.reason === null);
  const withTickets = assessments.filter((assessment) => assessment.tickets.length > 0);
  const deadlines = (refundable.length > 0 ? refundable : withTickets).map((a) => a.deadline);
  const deadline =
    deadlines.length > 0 ? new Date(Math.min(...deadlines.map((date) => date.getTime()))) : null;
  return {
    can_cancel: refundable.length > 0,
    reason:
      refundable.length > 0
        ? null
        : (withTickets[0]?.reason ??
          (event.status === 'cancelled' ? 'event_cancelled' : 'no_tickets')),
    refund_amount: refundable.reduce((sum, assessment) => sum + assessment.amount, 0),
    currency: event.currency,
    deadline: deadline ? formatInZone(deadline, event.timezone) : null,
    bookings: refundable.map((assessment) => assessment.booking.id),
  };
}
