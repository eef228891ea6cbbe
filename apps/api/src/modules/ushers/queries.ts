import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { ushers } from '../../db/schema/door';
import { eventDates, events } from '../../db/schema/events';
import { rowsOf } from '../../lib/db-rows';

export type UsherRow = typeof ushers.$inferSelect;
export type UsherRowUser = typeof users.$inferSelect;
type UserRow = UsherRowUser;

/** An usher is active while a verified account holds its address. */
const accountOf = and(eq(users.email, ushers.email), eq(users.is_verified, true));

export async function findOrganizerUshers(
  db: Db,
  organizerId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: Array<{ usher: UsherRow; user: UserRow | null }>; count: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select({ usher: ushers, user: users })
      .from(ushers)
      .leftJoin(users, accountOf)
      .where(eq(ushers.organizer_id, organizerId))
      .orderBy(desc(ushers.created_at), desc(ushers.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(ushers).where(eq(ushers.organizer_id, organizerId)),
  ]);
  return { rows, count: total?.value ?? 0 };
}

/** The ids among `ids` that are not the organizer's events. */
export async function foreignEventIds(db: Db, organizerId: string, ids: number[]) {
  if (ids.length === 0) return [];
  const own = await db
    .select({ id: events.id })
    .from(events)
    .where(and(inArray(events.id, ids), eq(events.organizer_id, organizerId)));
  const known = new Set(own.map((row) => row.id));
  return ids.filter((id) => !known.has(id));
}

/** Inserts the usher unless the organizer already has that address; null then. */
export async function insertUsher(
  db: Db,
  values: typeof ushers.$inferInsert,
): Promise<UsherRow | null> {
  const [row] = await db.insert(ushers).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function deleteUsher(db: Db, organizerId: string, id: number) {
  const [row] = await db
    .delete(ushers)
    .where(and(eq(ushers.id, id), eq(ushers.organizer_id, organizerId)))
    .returning();
  return row ?? null;
}

/**
 * The reader's right at an event, read from the database on each call: `organizer` for the
 * event's organizer, else the strongest role of an usher row of theirs covering it, else none.
 */
export async function findDoorRight(db: Db, userId: string, eventId: number) {
  const rows = rowsOf<{
    organizer_id: string;
    usher_role: string | null;
  }>(
    await db.execute(sql`
      select e.organizer_id,
             (select max(u.role) from ${ushers} u
                join ${users} a on a.email = u.email and a.is_verified
               where a.id = ${userId}
                 and u.organizer_id = e.organizer_id
                 and (u.event_ids is null or e.id = any(u.event_ids))) as usher_role
        from ${events} e
       where e.id = ${eventId}`),
  );
  return rows[0] ?? null;
}

/** Events the reader is an active usher of (all of an organizer's, or the listed ones). */
export async function findUsherEvents(
  db: Db,
  userId: string,
  page: { limit: number; offset: number },
) {
  const covered = sql`
    from ${events} e
    join ${ushers} u on u.organizer_id = e.organizer_id
     and (u.event_ids is null or e.id = any(u.event_ids))
    join ${users} a on a.email = u.email and a.is_verified and a.id = ${userId}
    join ${users} o on o.id = e.organizer_id
   where e.status in ('published', 'cancelled')`;
  const [rows, totals] = await Promise.all([
    db.execute(sql`
      select e.id, e.title, e.cover_key, e.timezone, e.status, e.last_end_at,
             e.organizer_id, coalesce(nullif(o.organization_name, ''),
               trim(o.first_name || ' ' || o.last_name)) as organizer_name,
             max(u.role) as role, e.first_start_at
        ${covered}
       group by e.id, o.id
       order by (e.last_end_at < now()) asc, e.first_start_at asc nulls last, e.id asc
       limit ${page.limit} offset ${page.offset}`),
    db.execute(sql`select count(distinct e.id)::int as value ${covered}`),
  ]);
  return {
    rows: rowsOf<{
      id: number;
      title: string;
      cover_key: string | null;
      timezone: string;
      status: string;
      last_end_at: Date | string | null;
      organizer_id: string;
      organizer_name: string;
      role: string;
    }>(rows),
    count: rowsOf<{ value: number }>(totals)[0]?.value ?? 0,
  };
}

export async function findSlotsOfEvents(db: Db, eventIds: number[]) {
  if (eventIds.length === 0) return [];
  return db
    .select({
      id: eventDates.id,
      event_id: eventDates.event_id,
      start_at: eventDates.start_at,
      end_at: eventDates.end_at,
    })
    .from(eventDates)
    .where(inArray(eventDates.event_id, eventIds))
    .orderBy(eventDates.start_at);
}

/** Whether `email` is the organizer's own account's address. */
export async function isOwnAddress(db: Db, organizerId: string, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, organizerId), eq(users.email, email)));
  return row !== undefined;
}

/** The verified account holding an address, if any. */
export async function findAccountByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), eq(users.is_verified, true)));
  return row ?? null;
}
