import { and, asc, count, eq, getTableColumns, gt, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { eventDates, events } from '../../db/schema/events';

const dateWithEvent = {
  ...getTableColumns(eventDates),
  timezone: events.timezone,
  event_status: events.status,
  event_last_end_at: events.last_end_at,
};

export type DateRow = typeof eventDates.$inferSelect;
export type DateWithEvent = DateRow & {
  timezone: string;
  event_status: string;
  event_last_end_at: Date | null;
};

/** The own events' slots, by start; optionally one event's, optionally only those not over. */
export async function findOwnDates(
  db: Db,
  organizerId: string,
  filter: { event?: number; endsAfter?: Date; limit: number; offset: number },
): Promise<{ rows: DateWithEvent[]; count: number }> {
  const conditions: SQL[] = [eq(events.organizer_id, organizerId)];
  if (filter.event !== undefined) conditions.push(eq(eventDates.event_id, filter.event));
  if (filter.endsAfter) conditions.push(gt(eventDates.end_at, filter.endsAfter));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select(dateWithEvent)
      .from(eventDates)
      .innerJoin(events, eq(events.id, eventDates.event_id))
      .where(where)
      .orderBy(asc(eventDates.start_at), asc(eventDates.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db
      .select({ value: count() })
      .from(eventDates)
      .innerJoin(events, eq(events.id, eventDates.event_id))
      .where(where),
  ]);
  return { rows, count: total?.value ?? 0 };
}

export async function findOwnDate(
  db: Db,
  id: number,
  organizerId: string,
): Promise<DateWithEvent | null> {
  const [row] = await db
    .select(dateWithEvent)
    .from(eventDates)
    .innerJoin(events, eq(events.id, eventDates.event_id))
    .where(and(eq(eventDates.id, id), eq(events.organizer_id, organizerId)))
    .limit(1);
  return row ?? null;
}

/**
 * Inserts slots in one statement; a slot whose start the event already has is skipped, not an
 * error (the unique index event_dates_event_start_unique decides, so concurrent requests agree).
 */
export async function insertDates(
  db: Db,
  rows: Array<{ event_id: number; start_at: Date; end_at: Date }>,
): Promise<DateRow[]> {
  if (rows.length === 0) return [];
  return db
    .insert(eventDates)
    .values(rows)
    .onConflictDoNothing({ target: [eventDates.event_id, eventDates.start_at] })
    .returning();
}

export async function updateDate(
  db: Db,
  id: number,
  values: { start_at: Date; end_at: Date; updated_at: Date },
): Promise<void> {
  await db.update(eventDates).set(values).where(eq(eventDates.id, id));
}

/** Its inventory rows go with it; a booking or ticket of the slot refuses (foreign key). */
export async function deleteDate(db: Db, id: number): Promise<void> {
  await db.delete(eventDates).where(eq(eventDates.id, id));
}
