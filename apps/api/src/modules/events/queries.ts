import {
  and,
  count,
  desc,
  eq,
  getTableColumns,
  gt,
  gte,
  isNull,
  lt,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { EventListQuery } from '@hafla/shared/events/events';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { categories, eventTypes } from '../../db/schema/catalog';
import { eventDates, events, ticketCategories } from '../../db/schema/events';

// The search document is for discovery; the organizer's view never needs it.
const { search_document: _searchDocument, ...eventColumns } = getTableColumns(events);

// Spelled out: Drizzle leaves columns unqualified in a single-table select, and a bare "id"
// inside these subqueries would name the subquery's own table.
const qualifiedEventId = sql`${sql.identifier('events')}.${sql.identifier('id')}`;

const eventWithCounts = {
  ...eventColumns,
  dates_count: sql<number>`(select count(*)::int from ${eventDates} where ${eventDates.event_id} = ${qualifiedEventId})`,
  ticket_categories_count: sql<number>`(select count(*)::int from ${ticketCategories} where ${ticketCategories.event_id} = ${qualifiedEventId})`,
};

export type EventWithCounts = Omit<typeof events.$inferSelect, 'search_document'> & {
  dates_count: number;
  ticket_categories_count: number;
};

export async function findOwnEventWithCounts(
  db: Db,
  id: number,
  organizerId: string,
): Promise<EventWithCounts | null> {
  const [row] = await db
    .select(eventWithCounts)
    .from(events)
    .where(and(eq(events.id, id), eq(events.organizer_id, organizerId)))
    .limit(1);
  return row ?? null;
}

/** LIKE pattern characters typed by a person are matched literally. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

export async function findOwnEvents(
  db: Db,
  organizerId: string,
  query: EventListQuery,
  now: Date,
): Promise<{ rows: EventWithCounts[]; count: number }> {
  const conditions: SQL[] = [eq(events.organizer_id, organizerId)];
  switch (query.status) {
    case 'draft':
    case 'cancelled':
      conditions.push(eq(events.status, query.status));
      break;
    case 'published':
      conditions.push(
        eq(events.status, 'published'),
        or(isNull(events.last_end_at), gte(events.last_end_at, now))!,
      );
      break;
    case 'ended':
      conditions.push(eq(events.status, 'published'), lt(events.last_end_at, now));
      break;
  }
  if (query.search) {
    // Folded like the search document (case, Arabic letter forms, the article), as a substring.
    conditions.push(
      sql`hafla_fold_search_text(${events.title}) like '%' || hafla_fold_search_text(${escapeLike(query.search)}) || '%'`,
    );
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select(eventWithCounts)
      .from(events)
      .where(where)
      .orderBy(desc(events.created_at), desc(events.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ value: count() }).from(events).where(where),
  ]);
  return { rows, count: total?.value ?? 0 };
}

export async function categoryExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.id, id))
    .limit(1);
  return Boolean(row);
}

export async function eventTypeExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: eventTypes.id })
    .from(eventTypes)
    .where(eq(eventTypes.id, id))
    .limit(1);
  return Boolean(row);
}

export type EventValues = Omit<
  typeof events.$inferInsert,
  'id' | 'search_document' | 'first_start_at' | 'last_end_at' | 'min_price' | 'max_price'
>;

export async function insertEvent(db: Db, values: EventValues): Promise<number> {
  const [row] = await db.insert(events).values(values).returning({ id: events.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/**
 * Serializes one organizer's publishing: every publish locks the organizer's user row first, so
 * counting this month's publications and publishing one more happen one at a time. NO KEY
 * UPDATE leaves foreign-key checks (inserting the organizer's events) unblocked.
 */
export async function lockOrganizer(db: Db, organizerId: string): Promise<void> {
  await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, organizerId))
    .for('no key update');
}

/** The own event, locked until the transaction ends (the rules read its current state). */
export async function lockOwnEvent(db: Db, id: number, organizerId: string) {
  const [row] = await db
    .select()
    .from(events)
    .where(and(eq(events.id, id), eq(events.organizer_id, organizerId)))
    .for('update');
  return row ?? null;
}

/** Events the organizer published in [start, end), cancelled ones included. */
export async function countPublishedBetween(
  db: Db,
  organizerId: string,
  start: Date,
  end: Date,
): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(events)
    .where(
      and(
        eq(events.organizer_id, organizerId),
        gte(events.published_at, start),
        lt(events.published_at, end),
      ),
    );
  return row?.value ?? 0;
}

export async function hasDateStartingAfter(db: Db, eventId: number, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: eventDates.id })
    .from(eventDates)
    .where(and(eq(eventDates.event_id, eventId), gt(eventDates.start_at, now)))
    .limit(1);
  return Boolean(row);
}

export async function hasTicketCategory(db: Db, eventId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: ticketCategories.id })
    .from(ticketCategories)
    .where(eq(ticketCategories.event_id, eventId))
    .limit(1);
  return Boolean(row);
}

export async function updateEvent(db: Db, id: number, values: Partial<EventValues>) {
  await db.update(events).set(values).where(eq(events.id, id));
}
