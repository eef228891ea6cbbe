import type { RefundRefusal } from '@hafla/shared/bookings/payments';
import {
  isIn,
  REFUNDABLE_BOOKING_STATES,
  REFUNDABLE_TICKET_STATES,
} from '@hafla/shared/bookings/states';
import { percentOf } from '@hafla/shared/common/money';
import { fieldError } from '../../lib/app-error';

/**
 * Why tickets are given back: the buyer asked, the event was cancelled (in full, whatever the
 * policy), or the organizer rejected a ticket awaiting approval (in full; decision 0014).
 */
export type RefundMode = 'requested' | 'event_cancelled' | 'rejected';

/** What the decision needs of a ticket. */
export interface RefundTicket {
  id: number;
  status: string;
  price: number;
  discount: number;
}

/** Everything a refund is decided on, as plain data. */
export interface RefundCase<T extends RefundTicket> {
  bookingStatus: string;
  eventStatus: string;
  /** Every ticket of the booking. */
  tickets: readonly T[];
  /** The tickets asked for; all that can still be given back when absent. */
  requested: readonly number[] | undefined;
  slotStart: Date;
  refundableUntilHours: number;
  refundPercentage: number;
  mode: RefundMode;
  now: Date;
}

export interface RefundDecision<T extends RefundTicket> {
  /** The tickets that would be given back. */
  tickets: T[];
  /** The last moment the buyer may ask. */
  deadline: Date;
  percentage: number;
  /** What the buyer gets back (0 when refused). */
  amount: number;
  /** Why not, or null when the refund may go ahead. */
  reason: RefundRefusal | null;
}

/**
 * The refund decision: which tickets go back, how much is returned and, when nothing may be,
 * why. A pure function of the booking, its tickets, the policy and the time. A ticket asked for
 * that is not the booking's, or can no longer be given back, is a field error on its index.
 */
export function decideRefund<T extends RefundTicket>(input: RefundCase<T>): RefundDecision<T> {
  let chosen = input.tickets.filter((ticket) => isIn(REFUNDABLE_TICKET_STATES, ticket.status));
  if (input.requested) {
    const byId = new Map(input.tickets.map((ticket) => [ticket.id, ticket]));
    input.requested.forEach((id, index) => {
      const ticket = byId.get(id);
      if (!ticket) throw fieldError('ticket_not_in_booking', `tickets.${index}`);
      if (!isIn(REFUNDABLE_TICKET_STATES, ticket.status)) {
        throw fieldError('ticket_not_refundable', `tickets.${index}`);
      }
    });
    const wanted = new Set(input.requested);
    chosen = chosen.filter((ticket) => wanted.has(ticket.id));
  }
  const deadline = new Date(input.slotStart.getTime() - input.refundableUntilHours * 3_600_000);
  const percentage = input.mode === 'requested' ? input.refundPercentage : 100;
  const paid = chosen.reduce((sum, ticket) => sum + ticket.price - ticket.discount, 0);
  const reason = refusalOf(input, chosen.length, paid, percentage, deadline);
  return {
    tickets: chosen,
    deadline,
    percentage,
    amount: reason ? 0 : percentOf(paid, percentage),
    reason,
  };
}

function refusalOf(
  input: RefundCase<RefundTicket>,
  count: number,
  paid: number,
  percentage: number,
  deadline: Date,
): RefundRefusal | null {
  // A booking refunded in full was paid: nothing is left in it to give back.
  const wasPaid =
    isIn(REFUNDABLE_BOOKING_STATES, input.bookingStatus) || input.bookingStatus === 'refunded';
  if (!wasPaid) return 'not_paid';
  if (count === 0) return 'no_tickets';
  if (input.mode !== 'requested') return null;
  if (input.eventStatus === 'cancelled') return 'event_cancelled';
  if (input.now > deadline) return 'deadline_passed';
  if (paid > 0 && percentage === 0) return 'not_refundable';
  return null;
}

/** What the given-back tickets become: rejected, refunded, or cancelled when nothing was paid. */
export const ticketStatusAfter = (mode: RefundMode, amount: number) =>
  mode === 'rejected' ? 'rejected' : amount > 0 ? 'refunded' : 'cancelled';
