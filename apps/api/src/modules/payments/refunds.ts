import type {
  CancellationCheck,
  RefundPreview,
  RefundRequest,
  RefundResult,
} from '@hafla/shared/bookings/payments';
import { REFUNDABLE_BOOKING_STATES, REFUNDABLE_TICKET_STATES } from '@hafla/shared/bookings/states';
import { formatInZone } from '@hafla/shared/common/zoned-time';
import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { bookings, tickets } from '../../db/schema/bookings';
import { paymentAttempts, refunds } from '../../db/schema/payments';
import { events } from '../../db/schema/events';
import { AppError, notFound } from '../../lib/app-error';
import { stateList } from '../../lib/sql-list';
import { loadBooking } from '../bookings/surface';
import { assess, toPreview } from './refund-assessment';
import { performRefund } from './refund-transaction';
import type { PaymentsDeps } from './service';

/**
 * Refunds asked for after the sale: the buyer's (check and refund), an organizer's rejection, an
 * event's cancellation, and what the sweep picks up. The decision is `refund-decision.ts` (pure),
 * the transaction `refund-transaction.ts`.
 */

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
export async function rejectTicket(
  deps: PaymentsDeps,
  bookingId: number,
  ticketId: number,
  reason?: string,
) {
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
    reason,
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
        inArray(bookings.status, REFUNDABLE_BOOKING_STATES),
        sql`exists (select 1 from ${tickets} t where t.booking_id = ${bookings.id} and t.status in ${stateList(REFUNDABLE_TICKET_STATES)})`,
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
        inArray(bookings.status, REFUNDABLE_BOOKING_STATES),
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
