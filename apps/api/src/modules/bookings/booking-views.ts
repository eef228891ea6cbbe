import { and, asc, eq, inArray } from 'drizzle-orm';
import type {
  Booking,
  BookingStatus,
  TicketSeat,
  TicketStatus,
} from '@hafla/shared/bookings/bookings';
import { formatInZone } from '@hafla/shared/common/zoned-time';
import type { Db, Tx } from '../../db/client';
import { bookingItems, bookings, eventDateSeats, tickets } from '../../db/schema/bookings';
import { eventDates, events, promoCodes, ticketCategories } from '../../db/schema/events';

/**
 * The bookings module's public surface for reading a booking as its buyer sees it (payments
 * answers with the same shape).
 */

export type BookingRow = typeof bookings.$inferSelect;

const bookingColumns = {
  booking: bookings,
  event_title: events.title,
  timezone: events.timezone,
  organizer_id: events.organizer_id,
  requires_approval: events.requires_approval,
  slot_start: eventDates.start_at,
  slot_end: eventDates.end_at,
  promo_code: promoCodes.code,
};

export type BookingWithEvent = {
  booking: BookingRow;
  event_title: string;
  timezone: string;
  organizer_id: string;
  requires_approval: boolean;
  slot_start: Date;
  slot_end: Date;
  promo_code: string | null;
};

function selectBookings(db: Db | Tx) {
  return db
    .select(bookingColumns)
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.event_id))
    .innerJoin(eventDates, eq(eventDates.id, bookings.event_date_id))
    .leftJoin(promoCodes, eq(promoCodes.id, bookings.promo_code_id));
}

export async function findBookings(
  db: Db | Tx,
  where: Parameters<ReturnType<typeof selectBookings>['where']>[0],
  page?: { limit: number; offset: number },
): Promise<BookingWithEvent[]> {
  const query = selectBookings(db).where(where).orderBy(asc(bookings.id)).$dynamic();
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

/** A booking line as a booking is rendered: its category's name and the price held. */
export interface BookingItemRow {
  booking_id: number;
  ticket_category: number;
  name: string;
  quantity: number;
  unit_price: number;
}

/** A ticket as a booking is rendered, with its seat's labels (null: unseated). */
export interface BookingTicketRow {
  id: number;
  booking_id: number;
  ticket_category: number;
  status: string;
  discount: number;
  holder_name: string;
  holder_email: string;
  holder_phone: string;
  seat_id: string | null;
  section_en: string | null;
  section_ar: string | null;
  row: string | null;
  seat: string | null;
}

/** Renders bookings with their lines and tickets (two more queries for any number of them). */
export async function toBookings(db: Db | Tx, rows: BookingWithEvent[]): Promise<Booking[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.booking.id);
  const [items, ticketRows] = await Promise.all([
    db
      .select({
        booking_id: bookingItems.booking_id,
        ticket_category: bookingItems.ticket_category_id,
        name: ticketCategories.name,
        quantity: bookingItems.quantity,
        unit_price: bookingItems.unit_price,
      })
      .from(bookingItems)
      .innerJoin(ticketCategories, eq(ticketCategories.id, bookingItems.ticket_category_id))
      .where(inArray(bookingItems.booking_id, ids))
      .orderBy(asc(ticketCategories.position), asc(ticketCategories.id)),
    db
      .select({
        id: tickets.id,
        booking_id: tickets.booking_id,
        ticket_category: tickets.ticket_category_id,
        status: tickets.status,
        discount: tickets.discount,
        holder_name: tickets.holder_name,
        holder_email: tickets.holder_email,
        holder_phone: tickets.holder_phone,
        seat_id: tickets.seat_id,
        section_en: eventDateSeats.section_label_en,
        section_ar: eventDateSeats.section_label_ar,
        row: eventDateSeats.row_label,
        seat: eventDateSeats.seat_label,
      })
      .from(tickets)
      .leftJoin(
        eventDateSeats,
        and(
          eq(eventDateSeats.event_date_id, tickets.event_date_id),
          eq(eventDateSeats.seat_id, tickets.seat_id),
        ),
      )
      .where(inArray(tickets.booking_id, ids))
      .orderBy(asc(tickets.id)),
  ]);
  return rows.map((row) =>
    renderBooking(
      row,
      items.filter((item) => item.booking_id === row.booking.id),
      ticketRows.filter((ticket) => ticket.booking_id === row.booking.id),
    ),
  );
}

/**
 * One booking as its buyer sees it, from its rows: the lines in their categories' order, the
 * tickets by id. Pure, so a transaction that knows the rows it wrote can answer without reading
 * them back (the confirmation of a payment).
 */
export function renderBooking(
  row: BookingWithEvent,
  items: BookingItemRow[],
  ticketRows: BookingTicketRow[],
): Booking {
  const zone = row.timezone;
  const b = row.booking;
  return {
    id: b.id,
    status: b.status as BookingStatus,
    event: b.event_id,
    event_title: row.event_title,
    event_date: {
      id: b.event_date_id,
      start: formatInZone(row.slot_start, zone),
      end: formatInZone(row.slot_end, zone),
    },
    timezone: zone,
    expires_at: b.status === 'pending' ? formatInZone(b.expires_at, zone) : null,
    items: items.map(({ booking_id: _booking, ...item }) => ({
      ...item,
      discount: ticketRows
        .filter((ticket) => ticket.ticket_category === item.ticket_category)
        .reduce((sum, ticket) => sum + ticket.discount, 0),
    })),
    tickets: ticketRows.map((ticket) => ({
      id: ticket.id,
      ticket_category: ticket.ticket_category,
      status: ticket.status as TicketStatus,
      holder_name: ticket.holder_name,
      holder_email: ticket.holder_email,
      holder_phone: ticket.holder_phone,
      seat: seatOf(ticket),
    })),
    promo_code: row.promo_code,
    subtotal: b.subtotal,
    discount: b.discount,
    fees: b.fees,
    total: b.total,
    refunded_amount: b.refunded_amount,
    currency: b.currency,
    created_at: formatInZone(b.created_at, zone),
    confirmed_at: b.confirmed_at ? formatInZone(b.confirmed_at, zone) : null,
  };
}

/** A ticket's seat as printed, from its slot's seat row (null: unseated). */
export function seatOf(row: {
  seat_id: string | null;
  section_en: string | null;
  section_ar: string | null;
  row: string | null;
  seat: string | null;
}): TicketSeat | null {
  if (row.seat_id === null || row.seat === null) return null;
  return {
    id: row.seat_id,
    section_en: row.section_en ?? '',
    section_ar: row.section_ar ?? '',
    row: row.row ?? '',
    seat: row.seat,
  };
}

/** One booking of this user (or of anyone when `userId` is null), rendered; null when not theirs. */
export async function loadBooking(
  db: Db | Tx,
  id: number,
  userId: string | null,
): Promise<Booking | null> {
  const rows = await findBookings(db, eq(bookings.id, id));
  const row = rows[0];
  if (!row || (userId !== null && row.booking.user_id !== userId)) return null;
  const [booking] = await toBookings(db, [row]);
  return booking ?? null;
}
