import type {
  BookingTicket,
  ReservedEvent,
  ReservedEventListQuery,
  Ticket,
  TicketListQuery,
  TicketUpdateRequest,
} from '@hafla/shared/bookings/bookings';
import { isIn, ISSUED_TICKET_STATES, UNPAID_TICKET_STATES } from '@hafla/shared/bookings/states';
import type { Language } from '@hafla/shared/common/i18n';
import { formatInZone } from '@hafla/shared/common/zoned-time';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { type CalendarSlot, slotCalendarEntry } from '../../lib/mail/booking-mails';
import { calendarFile } from '../../lib/tickets/calendar';
import type { FileStorage } from '../../lib/storage';
import type { TicketPdfCache } from '../../lib/tickets/pdf-cache';
import { loadEventSummaries } from '../discovery/event-summaries';
import * as queries from './queries';
import { toBookingTicket, toTicket, toTicketPdfData } from './ticket-views';

export interface TicketsDeps {
  db: Db;
  storage: FileStorage;
  /** ticketQrKey(JWT_SECRET): signs the codes tickets carry. */
  qrKey: Buffer;
  /** Renders ticket PDFs once per content (see pdf-cache.ts). */
  pdfs: TicketPdfCache;
  now: () => Date;
}

interface Page<T> {
  count: number;
  results: T[];
}

export interface TicketsPdf {
  filename: string;
  pdf: Buffer;
}

const isUnpaid = (row: queries.TicketRow) =>
  row.booking_confirmed_at === null || isIn(UNPAID_TICKET_STATES, row.ticket.status);
const isIssued = (row: queries.TicketRow) => isIn(ISSUED_TICKET_STATES, row.ticket.status);

export async function listTickets(
  deps: TicketsDeps,
  userId: string,
  query: TicketListQuery,
): Promise<Page<Ticket>> {
  const where = queries.ownPaidTickets(userId, query.event, query.event_date);
  const [rows, count] = await Promise.all([
    queries.findTickets(deps.db, where, query),
    queries.countTickets(deps.db, where),
  ]);
  const refunds = await refundsOf(deps, rows);
  return {
    count,
    results: rows.map((row) => toTicket(row, deps.storage, deps.qrKey, refunds)),
  };
}

/** The refunds of the given-back tickets' bookings (none asked for when nothing was given back). */
function refundsOf(deps: TicketsDeps, rows: queries.TicketRow[]) {
  const bookingIds = rows
    .filter((row) => !isIssued(row) && !isUnpaid(row))
    .map((row) => row.ticket.booking_id);
  return queries.findBookingRefunds(deps.db, bookingIds);
}

/** Someone else's ticket, or an unpaid hold, is not_found: its existence is not the reader's business. */
export async function getTicket(deps: TicketsDeps, userId: string, id: number): Promise<Ticket> {
  const row = await queries.findOwnTicket(deps.db, userId, id);
  if (!row || isUnpaid(row)) throw notFound();
  return toTicket(row, deps.storage, deps.qrKey, await refundsOf(deps, [row]));
}

/**
 * Attendee details, while the booking waits for payment or stands and the ticket can still
 * admit someone. Pending tickets are editable: the booking screen asks for names before paying.
 */
export async function updateTicket(
  deps: TicketsDeps,
  userId: string,
  id: number,
  changes: TicketUpdateRequest,
): Promise<BookingTicket> {
  const existing = await queries.findOwnTicket(deps.db, userId, id);
  if (!existing) throw notFound();
  const isUpdated = await queries.updateHolder(deps.db, userId, id, changes);
  if (!isUpdated) throw new AppError('ticket_not_editable', { status: 409 });
  const row = await queries.findOwnTicket(deps.db, userId, id);
  if (!row) throw notFound();
  return toBookingTicket(row);
}

async function renderPdf(
  deps: TicketsDeps,
  rows: queries.TicketRow[],
  language: Language,
  filename: string,
): Promise<TicketsPdf> {
  const issued = rows.filter(isIssued);
  if (issued.length === 0) throw notFound();
  const pdf = await deps.pdfs.get({
    language,
    tickets: issued.map((row) => toTicketPdfData(row, deps.qrKey)),
  });
  return { filename, pdf };
}

/** One issued ticket (valid, awaiting approval or used) as a PDF page. */
export async function getTicketPdf(
  deps: TicketsDeps,
  userId: string,
  id: number,
  language: Language,
): Promise<TicketsPdf> {
  const row = await queries.findOwnTicket(deps.db, userId, id);
  return renderPdf(deps, row ? [row] : [], language, `hafla-ticket-${id}.pdf`);
}

/** Every issued ticket of one booking, a page each. */
export async function getBookingPdf(
  deps: TicketsDeps,
  userId: string,
  bookingId: number,
  language: Language,
): Promise<TicketsPdf> {
  const owner = await queries.findBookingOwner(deps.db, bookingId);
  if (!owner || owner.user_id !== userId) throw notFound();
  const rows = await queries.findBookingTickets(deps.db, bookingId);
  return renderPdf(deps, rows, language, `hafla-booking-${bookingId}.pdf`);
}

export interface TicketsCalendar {
  filename: string;
  ics: string;
}

function calendarSlot(row: queries.TicketRow): CalendarSlot {
  return {
    eventTitle: row.event_title,
    timezone: row.timezone,
    start: row.slot_start,
    end: row.slot_end,
    isOnline: row.is_online,
    venueName: row.venue_name,
    address: row.address,
    onlineUrl: row.online_url,
  };
}

const appUrl = (publicUrl: string | undefined, path: string) =>
  publicUrl ? new URL(path, publicUrl).toString() : null;

/** One issued ticket's slot as an iCalendar file; anything else is not_found, as for its PDF. */
export async function getTicketCalendar(
  deps: TicketsDeps,
  reader: { userId: string; language: Language; publicUrl?: string },
  id: number,
): Promise<TicketsCalendar> {
  const row = await queries.findOwnTicket(deps.db, reader.userId, id);
  if (!row || !isIssued(row)) throw notFound();
  const entry = slotCalendarEntry(calendarSlot(row), reader.language, {
    booking: row.ticket.booking_id,
    ticket: id,
    url: appUrl(reader.publicUrl, `/user/tickets/${id}`),
  });
  return { filename: `hafla-ticket-${id}.ics`, ics: calendarFile(entry) };
}

/** A booking with issued tickets as an iCalendar file (the one its confirmation email carries). */
export async function getBookingCalendar(
  deps: TicketsDeps,
  reader: { userId: string; language: Language; publicUrl?: string },
  bookingId: number,
): Promise<TicketsCalendar> {
  const owner = await queries.findBookingOwner(deps.db, bookingId);
  if (!owner || owner.user_id !== reader.userId) throw notFound();
  const row = (await queries.findBookingTickets(deps.db, bookingId)).find(isIssued);
  if (!row) throw notFound();
  const entry = slotCalendarEntry(calendarSlot(row), reader.language, {
    booking: bookingId,
    url: appUrl(reader.publicUrl, `/user/myTickets/${row.ticket.event_id}`),
  });
  return { filename: `hafla-booking-${bookingId}.ics`, ics: calendarFile(entry) };
}

/**
 * Events the reader holds issued tickets for (with `include=history`, paid ones whatever became
 * of them), with how many, how many were given back and what was refunded, and their next slot
 * (their last one once all are over): upcoming first, past ones after, the most recent first.
 * Each also lists its slots with their own counts: tickets to two nights are two dates.
 */
export async function listReservedEvents(
  deps: TicketsDeps,
  reader: { userId: string; language: Language },
  query: ReservedEventListQuery,
): Promise<Page<ReservedEvent>> {
  const now = deps.now();
  const withHistory = query.include === 'history';
  const { rows, count } = await queries.findReservedEvents(
    deps.db,
    reader.userId,
    now,
    query,
    withHistory,
  );
  const ids = rows.map((row) => row.event_id);
  const [summaries, slots, refunded] = await Promise.all([
    loadEventSummaries(
      {
        db: deps.db,
        storage: deps.storage,
        language: reader.language,
        viewerId: reader.userId,
        now,
      },
      ids,
    ),
    queries.findReservedSlots(deps.db, reader.userId, ids, withHistory),
    queries.findRefundedAmounts(deps.db, reader.userId, ids),
  ]);
  const countsOf = new Map(rows.map((row) => [row.event_id, row]));
  const results = summaries.flatMap((summary) => {
    const own = slots.filter((slot) => slot.event_id === summary.id);
    const refundedHere = refunded.filter((row) => row.event_id === summary.id);
    const booked = own.find((slot) => slot.end_at > now) ?? own[own.length - 1];
    if (!booked) return [];
    return [
      {
        ...summary,
        tickets_count: countsOf.get(summary.id)?.tickets_count ?? 0,
        refunded_tickets_count: countsOf.get(summary.id)?.refunded_tickets_count ?? 0,
        refunded_amount: refundedHere.reduce((sum, row) => sum + row.amount, 0),
        booked_date: {
          id: booked.id,
          start: formatInZone(booked.start_at, summary.timezone),
          end: formatInZone(booked.end_at, summary.timezone),
        },
        dates: own.map((slot) => ({
          date: {
            id: slot.id,
            start: formatInZone(slot.start_at, summary.timezone),
            end: formatInZone(slot.end_at, summary.timezone),
          },
          tickets_count: slot.tickets_count,
          refunded_tickets_count: slot.refunded_tickets_count,
          refunded_amount: refundedHere
            .filter((row) => row.event_date_id === slot.id)
            .reduce((sum, row) => sum + row.amount, 0),
        })),
      },
    ];
  });
  return { count, results };
}
