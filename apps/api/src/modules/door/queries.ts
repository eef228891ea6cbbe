import { and, asc, count, eq, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { GUEST_TICKET_STATES } from '@hafla/shared/bookings/states';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { bookings, eventDateSeats, tickets } from '../../db/schema/bookings';
import { checkIns } from '../../db/schema/door';
import { eventDates, events, ticketCategories } from '../../db/schema/events';

const checker = alias(users, 'checker');

const doorColumns = {
  ticket: tickets,
  booking_confirmed_at: bookings.confirmed_at,
  timezone: events.timezone,
  slot_start: eventDates.start_at,
  slot_end: eventDates.end_at,
  category_name: ticketCategories.name,
  buyer_first_name: users.first_name,
  buyer_last_name: users.last_name,
  buyer_email: users.email,
  checker_first_name: checker.first_name,
  checker_last_name: checker.last_name,
  section_en: eventDateSeats.section_label_en,
  section_ar: eventDateSeats.section_label_ar,
  row: eventDateSeats.row_label,
  seat: eventDateSeats.seat_label,
  /** Exact microseconds since the epoch (a Date keeps milliseconds): the offline list's cursor. */
  updated_micros: sql<string>`(extract(epoch from ${tickets.updated_at}) * 1000000)::bigint::text`,
};

export type DoorTicketRow = Awaited<ReturnType<typeof findDoorTickets>>[number];

function selectDoorTickets(db: Db) {
  return db
    .select(doorColumns)
    .from(tickets)
    .innerJoin(bookings, eq(bookings.id, tickets.booking_id))
    .innerJoin(events, eq(events.id, tickets.event_id))
    .innerJoin(eventDates, eq(eventDates.id, tickets.event_date_id))
    .innerJoin(ticketCategories, eq(ticketCategories.id, tickets.ticket_category_id))
    .innerJoin(users, eq(users.id, tickets.user_id))
    .leftJoin(checker, eq(checker.id, tickets.checked_in_by))
    .leftJoin(
      eventDateSeats,
      and(
        eq(eventDateSeats.event_date_id, tickets.event_date_id),
        eq(eventDateSeats.seat_id, tickets.seat_id),
      ),
    );
}

export function findDoorTickets(
  db: Db,
  where: SQL | undefined,
  window?: { limit: number; offset: number },
) {
  const query = selectDoorTickets(db)
    .where(where)
    .orderBy(asc(eventDates.start_at), asc(tickets.id))
    .$dynamic();
  return window ? query.limit(window.limit).offset(window.offset) : query;
}

export async function findDoorTicket(db: Db, id: number) {
  const [row] = await findDoorTickets(db, eq(tickets.id, id));
  return row ?? null;
}

/** Guests of the event: paid tickets, whatever became of them. */
export function guestsOf(eventId: number, eventDateId?: number): SQL {
  return and(
    eq(tickets.event_id, eventId),
    inArray(tickets.status, [...GUEST_TICKET_STATES]),
    isNotNull(bookings.confirmed_at),
    eventDateId === undefined ? undefined : eq(tickets.event_date_id, eventDateId),
  )!;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/**
 * Search over holder name (the buyer's when unnamed), emails and phone, folded like discovery's
 * (case, Arabic letter forms, diacritics, tatweel); digits also match a booking or ticket id,
 * and a short code its ticket.
 */
export function guestSearch(search: string, shortCodeTicket: number | null): SQL {
  const folded = sql`hafla_fold_search_text(concat_ws(' ', ${tickets.holder_name}, ${users.first_name}, ${users.last_name}, ${tickets.holder_email}, ${users.email}, ${tickets.holder_phone}))`;
  const clauses: SQL[] = [
    sql`${folded} like '%' || hafla_fold_search_text(${escapeLike(search)}) || '%'`,
  ];
  const digits = search.replace(/^#/, '');
  if (/^[0-9]{1,9}$/.test(digits)) {
    clauses.push(eq(tickets.booking_id, Number(digits)), eq(tickets.id, Number(digits)));
  }
  if (shortCodeTicket !== null) clauses.push(eq(tickets.id, shortCodeTicket));
  return or(...clauses)!;
}

export async function countGuests(db: Db, where: SQL): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(tickets)
    .innerJoin(bookings, eq(bookings.id, tickets.booking_id))
    .innerJoin(users, eq(users.id, tickets.user_id))
    .where(where);
  return row?.value ?? 0;
}

export async function guestCounts(db: Db, eventId: number, eventDateId?: number) {
  const [row] = await db
    .select({
      total: count(),
      checked_in: sql<number>`count(*) filter (where ${tickets.status} = 'checked_in')`.mapWith(
        Number,
      ),
      pending_approval:
        sql<number>`count(*) filter (where ${tickets.status} = 'pending_approval')`.mapWith(Number),
    })
    .from(tickets)
    .innerJoin(bookings, eq(bookings.id, tickets.booking_id))
    .where(guestsOf(eventId, eventDateId));
  return {
    total: row?.total ?? 0,
    checked_in: row?.checked_in ?? 0,
    pending_approval: row?.pending_approval ?? 0,
  };
}

/** The ticket row for a check-in decision, locked by nobody (the update decides). */
export async function findTicketForScan(db: Db, id: number) {
  const [row] = await db
    .select({ ticket: tickets, booking_confirmed_at: bookings.confirmed_at })
    .from(tickets)
    .innerJoin(bookings, eq(bookings.id, tickets.booking_id))
    .where(eq(tickets.id, id));
  return row ?? null;
}

/**
 * Checks a valid ticket in: a conditional UPDATE, so of any number of concurrent scans exactly
 * one changes the row (the others wait for its lock and then find it no longer `valid`).
 */
export async function checkInTicket(db: Db, id: number, at: Date, userId: string) {
  const [row] = await db
    .update(tickets)
    .set({ status: 'checked_in', checked_in_at: at, checked_in_by: userId })
    .where(and(eq(tickets.id, id), eq(tickets.status, 'valid')))
    .returning({ id: tickets.id });
  return Boolean(row);
}

/**
 * An offline scan made before the recorded check-in takes it over: the earliest scan by device
 * time wins, whichever reached the server first. Conditional like `checkInTicket`.
 */
export async function takeOverCheckIn(db: Db, id: number, at: Date, userId: string) {
  const [row] = await db
    .update(tickets)
    .set({ checked_in_at: at, checked_in_by: userId })
    .where(
      and(
        eq(tickets.id, id),
        eq(tickets.status, 'checked_in'),
        sql`${tickets.checked_in_at} > ${at}`,
      ),
    )
    .returning({ id: tickets.id });
  return Boolean(row);
}

/** Undoes a check-in: back to `valid` when it still is checked in. */
export async function undoCheckIn(db: Db, id: number) {
  const [row] = await db
    .update(tickets)
    .set({ status: 'valid', checked_in_at: null, checked_in_by: null })
    .where(and(eq(tickets.id, id), eq(tickets.status, 'checked_in')))
    .returning({ id: tickets.id });
  return Boolean(row);
}

export type CheckInRow = typeof checkIns.$inferSelect;

/** Records a scan; null when this user already sent this nonce (their first answer stands). */
export async function insertScan(
  db: Db,
  values: typeof checkIns.$inferInsert,
): Promise<CheckInRow | null> {
  const [row] = await db
    .insert(checkIns)
    .values(values)
    .onConflictDoNothing({
      target: [checkIns.user_id, checkIns.nonce],
      where: sql`${checkIns.nonce} is not null`,
    })
    .returning();
  return row ?? null;
}

export async function insertUndo(db: Db, values: typeof checkIns.$inferInsert) {
  const [row] = await db.insert(checkIns).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function findScanByNonce(db: Db, userId: string, nonce: string) {
  const [row] = await db
    .select()
    .from(checkIns)
    .where(and(eq(checkIns.user_id, userId), eq(checkIns.nonce, nonce)));
  return row ?? null;
}

export async function findCheckIn(db: Db, id: number) {
  const [row] = await db.select().from(checkIns).where(eq(checkIns.id, id));
  return row ?? null;
}

/** Names of users, for the "by whom" of answers. */
export async function findUserNames(db: Db, ids: string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: users.id, first_name: users.first_name, last_name: users.last_name })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, `${row.first_name} ${row.last_name}`.trim()]));
}

export async function findTicketHistory(db: Db, ticketId: number) {
  return db
    .select({
      entry: checkIns,
      first_name: users.first_name,
      last_name: users.last_name,
      timezone: events.timezone,
    })
    .from(checkIns)
    .innerJoin(users, eq(users.id, checkIns.user_id))
    .innerJoin(events, eq(events.id, checkIns.event_id))
    .where(eq(checkIns.ticket_id, ticketId))
    .orderBy(asc(checkIns.id));
}

/**
 * The offline list's page: the event's guests changed after the cursor, by (updated_at, id).
 * `afterMicros` is microseconds since the epoch, exact (no float rounding).
 */
export function findChangedGuests(
  db: Db,
  eventId: number,
  eventDateId: number | undefined,
  after: { micros: bigint; id: number } | null,
  limit: number,
) {
  const afterAt = after
    ? sql`(timestamptz 'epoch' + (${after.micros.toString()} || ' microseconds')::interval)`
    : null;
  return selectDoorTickets(db)
    .where(
      and(
        // A ticket never leaves the guests once it joined: a refund or rejection is a state.
        guestsOf(eventId, eventDateId),
        afterAt
          ? sql`(${tickets.updated_at}, ${tickets.id}) > (${afterAt}, ${after!.id})`
          : undefined,
      ),
    )
    .orderBy(asc(tickets.updated_at), asc(tickets.id))
    .limit(limit);
}

/** The database's clock, in microseconds since the epoch. */
export async function nowMicros(db: Db): Promise<bigint> {
  const result = await db.execute(
    sql`select (extract(epoch from now()) * 1000000)::bigint::text as micros`,
  );
  return BigInt((result as unknown as { rows: Array<{ micros: string }> }).rows[0]!.micros);
}
