import type {
  BookingTicket,
  Ticket,
  TicketRefund,
  TicketStatus,
} from '@hafla/shared/bookings/bookings';
import type { EventStatus } from '@hafla/shared/events/events';
import { formatInZone } from '@hafla/shared/common/zoned-time';
import type { FileStorage } from '../../lib/storage';
import { shortTicketCode, signTicketCode } from '../../lib/tickets/ticket-code';
import type { TicketPdfData } from '../../lib/tickets/ticket-pdf';
import { seatOf } from '../bookings/surface';
import type { BookingRefundRow, TicketRow } from './queries';

export function toBookingTicket(row: TicketRow): BookingTicket {
  const { ticket } = row;
  return {
    id: ticket.id,
    ticket_category: ticket.ticket_category_id,
    status: ticket.status as TicketStatus,
    holder_name: ticket.holder_name,
    holder_email: ticket.holder_email,
    holder_phone: ticket.holder_phone,
    seat: seatOf({ ...row, seat_id: ticket.seat_id }),
  };
}

/** The refund that gave this ticket back, among its booking's refunds. */
export function refundOfTicket(
  ticketId: number,
  refunds: readonly BookingRefundRow[],
  timezone: string,
): TicketRefund | null {
  const refund = refunds.find((candidate) => candidate.ticket_ids.includes(ticketId));
  if (!refund) return null;
  return {
    id: refund.id,
    amount: refund.amount,
    currency: refund.currency,
    reason: refund.reason as TicketRefund['reason'],
    tickets: refund.ticket_ids.length,
    created_at: formatInZone(refund.created_at, timezone),
  };
}

export function toTicket(
  row: TicketRow,
  storage: FileStorage,
  qrKey: Buffer,
  refunds: readonly BookingRefundRow[] = [],
): Ticket {
  const { ticket } = row;
  const zone = row.timezone;
  return {
    ...toBookingTicket(row),
    booking: ticket.booking_id,
    event: {
      id: ticket.event_id,
      title: row.event_title,
      status: row.event_status as EventStatus,
      cover: row.cover_key ? storage.url(row.cover_key) : null,
      timezone: zone,
      venue_name: row.venue_name,
      address: row.address,
      is_online: row.is_online,
      online_url: row.online_url,
    },
    event_date: {
      id: ticket.event_date_id,
      start: formatInZone(row.slot_start, zone),
      end: formatInZone(row.slot_end, zone),
    },
    ticket_category_name: row.category_name,
    price: ticket.price - ticket.discount,
    discount: ticket.discount,
    currency: row.currency,
    qr: signTicketCode(qrKey, ticket),
    short_code: shortTicketCode(qrKey, ticket),
    checked_in_at: ticket.checked_in_at ? formatInZone(ticket.checked_in_at, zone) : null,
    created_at: formatInZone(ticket.created_at, zone),
    refund: refundOfTicket(ticket.id, refunds, zone),
  };
}

/** A ticket's page in a PDF; an unnamed ticket carries its buyer's name. */
export function toTicketPdfData(row: TicketRow, qrKey: Buffer): TicketPdfData {
  const { ticket } = row;
  const buyer = `${row.buyer_first_name} ${row.buyer_last_name}`.trim();
  return {
    id: ticket.id,
    bookingId: ticket.booking_id,
    status: ticket.status as TicketStatus,
    code: signTicketCode(qrKey, ticket),
    shortCode: shortTicketCode(qrKey, ticket),
    eventTitle: row.event_title,
    timezone: row.timezone,
    start: row.slot_start,
    end: row.slot_end,
    isOnline: row.is_online,
    venueName: row.venue_name,
    address: row.address,
    onlineUrl: row.online_url,
    categoryName: row.category_name,
    seat: seatOf({ ...row, seat_id: ticket.seat_id }),
    holderName: ticket.holder_name.trim() || buyer,
    price: ticket.price - ticket.discount,
    currency: row.currency,
  };
}
