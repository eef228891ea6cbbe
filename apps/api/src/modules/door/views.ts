import type { CheckInTicket } from '@hafla/shared/door/check-ins';
import type { GuestTicket, GuestTicketState } from '@hafla/shared/door/guest-list';
import { formatInZone } from '@hafla/shared/common/zoned-time';
import { shortTicketCode } from '../../lib/tickets/ticket-code';
import { seatOf } from '../bookings/surface';
import type { DoorTicketRow } from './queries';

/** A ticket's state as the door sees it (an unpaid hold reads as cancelled: it admits nobody). */
export function stateOf(status: string): GuestTicketState {
  switch (status) {
    case 'pending_approval':
    case 'valid':
    case 'rejected':
    case 'checked_in':
    case 'refunded':
      return status;
    default:
      return 'cancelled';
  }
}

export const holderNameOf = (row: DoorTicketRow) =>
  row.ticket.holder_name.trim() || `${row.buyer_first_name} ${row.buyer_last_name}`.trim();

export function checkedInByOf(row: DoorTicketRow) {
  const { ticket } = row;
  if (!ticket.checked_in_by) return null;
  return {
    id: ticket.checked_in_by,
    name: `${row.checker_first_name ?? ''} ${row.checker_last_name ?? ''}`.trim(),
  };
}

export function toCheckInTicket(row: DoorTicketRow): CheckInTicket {
  const { ticket } = row;
  return {
    id: ticket.id,
    holder_name: holderNameOf(row),
    ticket_category: { id: ticket.ticket_category_id, name: row.category_name },
    event_date: {
      id: ticket.event_date_id,
      start: formatInZone(row.slot_start, row.timezone),
      end: formatInZone(row.slot_end, row.timezone),
    },
    state: stateOf(ticket.status),
  };
}

export function toGuestTicket(row: DoorTicketRow, qrKey: Buffer): GuestTicket {
  const { ticket } = row;
  return {
    ...toCheckInTicket(row),
    short_code: shortTicketCode(qrKey, ticket),
    holder_email: ticket.holder_email || row.buyer_email,
    holder_phone: ticket.holder_phone,
    booking: ticket.booking_id,
    checked_in_at: ticket.checked_in_at ? formatInZone(ticket.checked_in_at, row.timezone) : null,
    checked_in_by: checkedInByOf(row),
    seat: seatOf({ ...row, seat_id: ticket.seat_id }),
  };
}
