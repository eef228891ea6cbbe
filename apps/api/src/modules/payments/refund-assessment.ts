import type { RefundPreview } from '@hafla/shared/bookings/payments';
import { formatInZone } from '@hafla/shared/common/zoned-time';
import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import type { bookings } from '../../db/schema/bookings';
import { tickets } from '../../db/schema/bookings';
import { eventDates, events } from '../../db/schema/events';
import { notFound } from '../../lib/app-error';
import { decideRefund, type RefundDecision, type RefundMode } from './refund-decision';

type BookingRow = typeof bookings.$inferSelect;
type EventRow = typeof events.$inferSelect;
type TicketRow = typeof tickets.$inferSelect;

export interface Assessment extends RefundDecision<TicketRow> {
  booking: BookingRow;
  event: EventRow;
  slotStart: Date;
  slotEnd: Date;
}

/** What giving back these tickets of a booking would return, and why not when it cannot. */
export async function assess(
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
  const decision = decideRefund({
    bookingStatus: booking.status,
    eventStatus: event.status,
    tickets: rows,
    requested,
    slotStart: slot.start_at,
    refundableUntilHours: event.refundable_until_hours,
    refundPercentage: event.refund_percentage,
    mode,
    now,
  });
  return { ...decision, booking, event, slotStart: slot.start_at, slotEnd: slot.end_at };
}

export function toPreview(assessment: Assessment): RefundPreview {
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
