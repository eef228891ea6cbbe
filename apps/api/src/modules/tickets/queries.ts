import {
  and,
  asc,
  count,
  eq,
  inArray,
  isNotNull,
  ne,
  notInArray,
  sql,
  type SQL,
} from 'drizzle-orm';
import {
  EDITABLE_BOOKING_STATES,
  EDITABLE_TICKET_STATES,
  ISSUED_TICKET_STATES,
  UNPAID_TICKET_STATES,
} from '@hafla/shared/bookings/states';
import type { Db } from '../../db/client';
import { preparedPerDb } from '../../db/prepared';
import { users } from '../../db/schema/accounts';
import { bookingItems, bookings, eventDateSeats, tickets } from '../../db/schema/bookings';
import { payments, refunds } from '../../db/schema/payments';
import { eventDates, events, ticketCategories } from '../../db/schema/events';

interface Window {
  limit: number;
  offset: number;
}

const ticketColumns = {
  ticket: tickets,
  booking_status: bookings.status,
  booking_confirmed_at: bookings.confirmed_at,
  currency: bookings.currency,
  event_title: events.title,
  event_status: events.status,
  cover_key: events.cover_key,
  timezone: events.timezone,
  venue_name: events.venue_name,
  address: events.address,
  is_online: events.is_online,
  online_url: events.online_url,
  slot_start: eventDates.start_at,
  slot_end: eventDates.end_at,
  category_name: ticketCategories.name,
  buyer_first_name: users.first_name,
  buyer_last_name: users.last_name,
  section_en: eventDateSeats.section_label_en,
  section_ar: eventDateSeats.section_label_ar,
  row: eventDateSeats.row_label,
  seat: eventDateSeats.seat_label,
};

export type TicketRow = Awaited<ReturnType<typeof findTickets>>[number];
export type BookingRefundRow = Awaited<ReturnType<typeof findBookingRefunds>>[number];

function selectTickets(db: Db) {
  return db
    .select(ticketColumns)
    .from(tickets)
    .innerJoin(bookings, eq(bookings.id, tickets.booking_id))
    .innerJoin(events, eq(events.id, tickets.event_id))
    .innerJoin(eventDates, eq(eventDates.id, tickets.event_date_id))
    .innerJoin(ticketCategories, eq(ticketCategories.id, tickets.ticket_category_id))
    .innerJoin(users, eq(users.id, tickets.user_id))
    .leftJoin(
      eventDateSeats,
      and(
        eq(eventDateSeats.event_date_id, tickets.event_date_id),
        eq(eventDateSeats.seat_id, tickets.seat_id),
      ),
    );
}

/** Tickets in slot order (then by id), for a page or all of them. */
export async function findTickets(db: Db, where: SQL | undefined, window?: Window) {
  const query = selectTickets(db)
    .where(where)
    .orderBy(asc(eventDates.start_at), asc(tickets.id))
    .$dynamic();
  return window ? query.limit(window.limit).offset(window.offset) : query;
}

export async function countTickets(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(tickets)
    .innerJoin(bookings, eq(bookings.id, tickets.booking_id))
    .where(where);
  return row?.value ?? 0;
}

const bookingTickets = preparedPerDb((db) =>
  selectTickets(db)
    .where(eq(tickets.booking_id, sql.placeholder('booking')))
    .orderBy(asc(eventDates.start_at), asc(tickets.id))
    .prepare('booking_tickets'),
);

/** A booking's tickets, as `findTickets` reads them (prepared: every confirmation email reads them). */
export const findBookingTickets = (db: Db, bookingId: number): Promise<TicketRow[]> =>
  bookingTickets(db).execute({ booking: bookingId });

/**
 * The holder's tickets the list shows: those of bookings that were confirmed once (a hold let go
 * or lapsed never was), unpaid holds left out. Callers join bookings (findTickets, countTickets).
 */
export function ownPaidTickets(
  userId: string,
  eventId?: number,
  eventDateId?: number,
): SQL | undefined {
  return and(
    eq(tickets.user_id, userId),
    notInArray(tickets.status, [...UNPAID_TICKET_STATES]),
    isNotNull(bookings.confirmed_at),
    eventId === undefined ? undefined : eq(tickets.event_id, eventId),
    eventDateId === undefined ? undefined : eq(tickets.event_date_id, eventDateId),
  );
}

export async function findOwnTicket(db: Db, userId: string, id: number) {
  const [row] = await findTickets(db, and(eq(tickets.id, id), eq(tickets.user_id, userId)));
  return row ?? null;
}

/**
 * Sets holder details when the ticket and its booking still allow it; the condition is in the
 * UPDATE, so a ticket refunded or a hold expiring meanwhile is not written. Answers whether a
 * row changed.
 */
export async function updateHolder(
  db: Db,
  userId: string,
  id: number,
  values: { holder_name?: string; holder_email?: string; holder_phone?: string },
): Promise<boolean> {
  const rows = await db
    .update(tickets)
    .set({ ...values, updated_at: new Date() })
    .from(bookings)
    .where(
      and(
        eq(tickets.id, id),
        eq(tickets.user_id, userId),
        inArray(tickets.status, EDITABLE_TICKET_STATES),
        eq(bookings.id, tickets.booking_id),
        inArray(bookings.status, EDITABLE_BOOKING_STATES),
      ),
    )
    .returning({ id: tickets.id });
  return rows.length > 0;
}

export async function findBookingOwner(db: Db, bookingId: number) {
  const [row] = await db
    .select({ user_id: bookings.user_id })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  return row ?? null;
}

/**
 * Which of the user's tickets the reserved-events list reads: issued ones, or with `withHistory`
 * every paid one (given back since or not). Callers join bookings.
 */
function reservedTickets(userId: string, withHistory: boolean): SQL | undefined {
  return withHistory
    ? ownPaidTickets(userId)
    : and(eq(tickets.user_id, userId), inArray(tickets.status, ISSUED_TICKET_STATES));
}

/**
 * A page of the events the user holds issued tickets for (with `withHistory`, paid ones
 * whatever became of them): upcoming first by their next slot, then those whose slots are all
 * over, the most recent first. Counts the issued tickets and those given back.
 */
export async function findReservedEvents(
  db: Db,
  userId: string,
  now: Date,
  window: Window,
  withHistory = false,
) {
  const issued = inArray(tickets.status, ISSUED_TICKET_STATES);
  // The slots that order the events: issued tickets' own, or every paid ticket's in the history.
  const ordering = withHistory ? sql`true` : issued;
  const nextStart = sql<Date | null>`min(${eventDates.start_at}) filter (where ${eventDates.end_at} > ${now} and ${ordering})`;
  const lastStart = sql<Date | null>`max(${eventDates.start_at}) filter (where ${ordering})`;
  const issuedCount = sql<number>`count(*) filter (where ${issued})`.mapWith(Number);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        event_id: tickets.event_id,
        tickets_count: issuedCount,
        refunded_tickets_count: sql<number>`count(*) filter (where not ${issued})`.mapWith(Number),
      })
      .from(tickets)
      .innerJoin(bookings, eq(bookings.id, tickets.booking_id))
      .innerJoin(eventDates, eq(eventDates.id, tickets.event_date_id))
      .where(ownPaidTickets(userId))
      .groupBy(tickets.event_id)
      .having(withHistory ? undefined : sql`${issuedCount} > 0`)
      .orderBy(sql`${nextStart} asc nulls last`, sql`${lastStart} desc`, asc(tickets.event_id))
      .limit(window.limit)
      .offset(window.offset),
    db
      .select({ value: sql<number>`count(distinct ${tickets.event_id})`.mapWith(Number) })
      .from(tickets)
      .innerJoin(bookings, eq(bookings.id, tickets.booking_id))
      .where(reservedTickets(userId, withHistory)),
  ]);
  return { rows, count: total?.value ?? 0 };
}

/**
 * The slots the user holds issued tickets for (with `withHistory`, paid ones) in some events,
 * the earliest first, each with how many tickets are issued and how many were given back.
 */
export async function findReservedSlots(
  db: Db,
  userId: string,
  eventIds: number[],
  withHistory = false,
) {
  if (eventIds.length === 0) return [];
  const issued = inArray(tickets.status, ISSUED_TICKET_STATES);
  const issuedCount = sql<number>`count(*) filter (where ${issued})`.mapWith(Number);
  return db
    .select({
      event_id: tickets.event_id,
      id: eventDates.id,
      start_at: eventDates.start_at,
      end_at: eventDates.end_at,
      tickets_count: issuedCount,
      refunded_tickets_count: sql<number>`count(*) filter (where not ${issued})`.mapWith(Number),
    })
    .from(tickets)
    .innerJoin(bookings, eq(bookings.id, tickets.booking_id))
    .innerJoin(eventDates, eq(eventDates.id, tickets.event_date_id))
    .where(and(ownPaidTickets(userId), inArray(tickets.event_id, eventIds)))
    .groupBy(tickets.event_id, eventDates.id, eventDates.start_at, eventDates.end_at)
    .having(withHistory ? undefined : sql`${issuedCount} > 0`)
    .orderBy(asc(eventDates.start_at), asc(eventDates.id));
}

/**
 * What was refunded to the user for some events' bookings, per event and slot (a charge that
 * could not be applied to a lapsed hold never made a booking anyone saw, so it is left out).
 */
export async function findRefundedAmounts(db: Db, userId: string, eventIds: number[]) {
  if (eventIds.length === 0) return [];
  return db
    .select({
      event_id: bookings.event_id,
      event_date_id: bookings.event_date_id,
      amount: sql<number>`coalesce(sum(${refunds.amount}), 0)`.mapWith(Number),
    })
    .from(refunds)
    .innerJoin(bookings, eq(bookings.id, refunds.booking_id))
    .where(
      and(
        eq(bookings.user_id, userId),
        inArray(bookings.event_id, eventIds),
        ne(refunds.reason, 'hold_lapsed'),
      ),
    )
    .groupBy(bookings.event_id, bookings.event_date_id);
}

/** The refunds of some bookings, oldest first: which tickets each gave back. */
export async function findBookingRefunds(db: Db, bookingIds: number[]) {
  if (bookingIds.length === 0) return [];
  return db
    .select({
      id: refunds.id,
      booking_id: refunds.booking_id,
      amount: refunds.amount,
      currency: refunds.currency,
      reason: refunds.reason,
      ticket_ids: refunds.ticket_ids,
      created_at: refunds.created_at,
    })
    .from(refunds)
    .where(inArray(refunds.booking_id, [...new Set(bookingIds)]))
    .orderBy(asc(refunds.id));
}

/** What a booking email needs about the booking, its buyer and its slot. */
const bookingForMail = preparedPerDb((db) =>
  db
    .select({
      booking: bookings,
      email: users.email,
      first_name: users.first_name,
      event_title: events.title,
      timezone: events.timezone,
      is_online: events.is_online,
      venue_name: events.venue_name,
      address: events.address,
      slot_start: eventDates.start_at,
      slot_end: eventDates.end_at,
    })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.user_id))
    .innerJoin(events, eq(events.id, bookings.event_id))
    .innerJoin(eventDates, eq(eventDates.id, bookings.event_date_id))
    .where(eq(bookings.id, sql.placeholder('booking')))
    .prepare('booking_for_mail'),
);

/** A booking with its buyer, event and slot, as its emails tell them (prepared). */
export async function findBookingForMail(db: Db, bookingId: number) {
  const [row] = await bookingForMail(db).execute({ booking: bookingId });
  return row ?? null;
}

const bookingLines = preparedPerDb((db) =>
  db
    .select({
      name: ticketCategories.name,
      quantity: bookingItems.quantity,
      unit_price: bookingItems.unit_price,
    })
    .from(bookingItems)
    .innerJoin(ticketCategories, eq(ticketCategories.id, bookingItems.ticket_category_id))
    .where(eq(bookingItems.booking_id, sql.placeholder('booking')))
    .orderBy(asc(ticketCategories.position), asc(ticketCategories.id))
    .prepare('booking_lines'),
);

/** A booking's order lines with their category names, in the event's category order (prepared). */
export const findBookingLines = (db: Db, bookingId: number) =>
  bookingLines(db).execute({ booking: bookingId });

export async function findRefund(db: Db, refundId: number) {
  const [row] = await db
    .select({ refund: refunds, card_last4: payments.card_last4 })
    .from(refunds)
    .leftJoin(payments, eq(payments.id, refunds.payment_id))
    .where(eq(refunds.id, refundId));
  return row ?? null;
}
