import { and, count, desc, eq, inArray, lt } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { ATTENDED_TICKET_STATES } from '@hafla/shared/bookings/states';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { tickets } from '../../db/schema/bookings';
import { eventRatings } from '../../db/schema/ratings';
import { eventDates, events } from '../../db/schema/events';

interface Window {
  limit: number;
  offset: number;
}

/** Tickets that show someone was (or could have been) there. */

/** An event anyone may see (published, ended or cancelled), never a draft. */
export async function findVisibleEvent(db: Db, id: number) {
  const [row] = await db
    .select({ id: events.id, organizer_id: events.organizer_id })
    .from(events)
    .where(and(eq(events.id, id), inArray(events.status, ['published', 'cancelled'])))
    .limit(1);
  return row ?? null;
}

/** True when the user holds a valid or checked-in ticket to a slot of the event that has ended. */
export async function hasAttended(
  db: Db,
  userId: string,
  eventId: number,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .select({ id: tickets.id })
    .from(tickets)
    .innerJoin(eventDates, eq(eventDates.id, tickets.event_date_id))
    .where(
      and(
        eq(tickets.user_id, userId),
        eq(tickets.event_id, eventId),
        inArray(tickets.status, ATTENDED_TICKET_STATES),
        lt(eventDates.end_at, now),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export interface RatingValues {
  rating: number;
  comment: string;
}

/**
 * Inserts the rating unless the user already rated the event: null then. The unique index
 * decides, so two concurrent submissions make one row and one null (never a 500).
 */
export async function insertRating(
  db: Db,
  row: RatingValues & { event_id: number; organizer_id: string; user_id: string },
): Promise<number | null> {
  const [inserted] = await db
    .insert(eventRatings)
    .values(row)
    .onConflictDoNothing({ target: [eventRatings.event_id, eventRatings.user_id] })
    .returning({ id: eventRatings.id });
  return inserted?.id ?? null;
}

/** Changes the author's own rating; null when it is not theirs or does not exist. */
export async function updateOwnRating(
  db: Db,
  id: number,
  userId: string,
  values: RatingValues,
  now: Date,
): Promise<number | null> {
  const [updated] = await db
    .update(eventRatings)
    .set({ ...values, updated_at: now })
    .where(and(eq(eventRatings.id, id), eq(eventRatings.user_id, userId)))
    .returning({ id: eventRatings.id });
  return updated?.id ?? null;
}

const ratingColumns = {
  id: eventRatings.id,
  event_id: eventRatings.event_id,
  event_title: events.title,
  rating: eventRatings.rating,
  comment: eventRatings.comment,
  user_id: users.id,
  first_name: users.first_name,
  last_name: users.last_name,
  avatar_key: users.avatar_key,
  created_at: eventRatings.created_at,
  updated_at: eventRatings.updated_at,
};

export type RatingRow = NonNullable<Awaited<ReturnType<typeof findRatingById>>>;

export async function findRatingById(db: Db, id: number) {
  const [row] = await db
    .select(ratingColumns)
    .from(eventRatings)
    .innerJoin(events, eq(events.id, eventRatings.event_id))
    .innerJoin(users, eq(users.id, eventRatings.user_id))
    .where(eq(eventRatings.id, id))
    .limit(1);
  return row ?? null;
}

/** A page of ratings, newest first. */
export async function findRatings(db: Db, where: SQL, window: Window) {
  const [rows, [total]] = await Promise.all([
    db
      .select(ratingColumns)
      .from(eventRatings)
      .innerJoin(events, eq(events.id, eventRatings.event_id))
      .innerJoin(users, eq(users.id, eventRatings.user_id))
      .where(where)
      .orderBy(desc(eventRatings.created_at), desc(eventRatings.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ value: count() }).from(eventRatings).where(where),
  ]);
  return { rows, count: total?.value ?? 0 };
}
