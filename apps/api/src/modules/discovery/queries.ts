import {
  and,
  asc,
  count,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  lte,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { searchAlternatives } from '@hafla/shared/common/place-names';
import type { EventSort } from '@hafla/shared/events/discovery';
import type { PriceBounds } from '@hafla/shared/events/price-filter';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { categories } from '../../db/schema/catalog';
import { eventDates, events, ticketCategories } from '../../db/schema/events';
import { follows, wishlistItems } from '../../db/schema/social';
import { rowsOf } from '../../lib/db-rows';
import { selectSummaries } from './event-summaries';
import { EARTH_RADIUS_KM, boundingBoxes } from './geo';

/** Which published, not-ended events a list wants; every field narrows. */
export interface EventSearch {
  search?: string;
  categoryId?: number;
  eventTypeId?: number;
  organizerId?: string;
  /** Calendar days, inclusive, on each event's own wall clock. */
  dateFrom?: string;
  dateTo?: string;
  /** Price bounds per currency (minor units): an event is kept by its own currency's. */
  prices?: ReadonlyMap<string, PriceBounds>;
  isFree?: boolean;
  isOnline?: boolean;
  near?: { lat: number; lng: number; radiusKm: number };
  isFeatured?: boolean;
  /** A slot in the weekend (Friday to Sunday) under way or next, on the event's own wall clock. */
  isThisWeekend?: boolean;
  sort: EventSort | 'relevance';
}

const timestamp = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;

/** Midnight UTC of a calendar day (never the session's zone). */
const utcMidnight = (day: string, plusDays = 0) =>
  sql`((${day}::date + ${plusDays}::int)::timestamp at time zone 'UTC')`;

/** The instant a calendar day starts in the event's zone (per row: the zone is a column). */
const dayStartInEventZone = (day: string, plusDays = 0) =>
  sql`((${day}::date + ${plusDays}::int)::timestamp at time zone ${events.timezone})`;

function distanceKm(lat: number, lng: number): SQL<number> {
  return sql<number>`(2 * ${EARTH_RADIUS_KM}::float8 * asin(least(1, sqrt(
    power(sin(radians(${events.latitude} - ${lat}::float8) / 2), 2)
    + cos(radians(${lat}::float8)) * cos(radians(${events.latitude}))
      * power(sin(radians(${events.longitude} - ${lng}::float8) / 2), 2)))))`;
}

/**
 * The typed text as a full-text query, widened with a city's name in the other language when
 * one is typed ("Cairo" also finds an address written "القاهرة"): any of the alternatives.
 */
const searchQuery = (text: string) =>
  sql`(${sql.join(
    searchAlternatives(text).map((alternative) => sql`hafla_search_query(${alternative})`),
    sql` || `,
  )})`;

function conditionsFor(filter: EventSearch, now: Date): SQL[] {
  const conditions: SQL[] = [eq(events.status, 'published'), gte(events.last_end_at, now)];
  if (filter.search)
    conditions.push(sql`${events.search_document} @@ ${searchQuery(filter.search)}`);
  if (filter.categoryId !== undefined) conditions.push(eq(events.category_id, filter.categoryId));
  if (filter.eventTypeId !== undefined)
    conditions.push(eq(events.event_type_id, filter.eventTypeId));
  if (filter.organizerId !== undefined)
    conditions.push(eq(events.organizer_id, filter.organizerId));
  if (filter.isOnline !== undefined) conditions.push(eq(events.is_online, filter.isOnline));
  if (filter.isFeatured) conditions.push(eq(events.is_featured, true));
  if (filter.isFree === true) conditions.push(eq(events.min_price, 0));
  if (filter.isFree === false) conditions.push(gt(events.min_price, 0));
  if (filter.prices) {
    const byCurrency = [...filter.prices].map(([currency, bounds]) =>
      and(
        eq(events.currency, currency),
        bounds.min === undefined ? undefined : gte(events.max_price, bounds.min),
        bounds.max === undefined ? undefined : lte(events.min_price, bounds.max),
      ),
    );
    conditions.push(or(...byCurrency) ?? sql`false`);
  }

  if (filter.dateFrom !== undefined || filter.dateTo !== undefined) {
    const slot: SQL[] = [eq(eventDates.event_id, events.id), gt(eventDates.end_at, now)];
    if (filter.dateFrom !== undefined) {
      slot.push(sql`${eventDates.end_at} > ${dayStartInEventZone(filter.dateFrom)}`);
      // Coarse and indexable: no zone's day starts more than 14 hours before UTC's.
      conditions.push(
        sql`${events.last_end_at} > ${utcMidnight(filter.dateFrom)} - interval '14 hours'`,
      );
    }
    if (filter.dateTo !== undefined) {
      slot.push(sql`${eventDates.start_at} < ${dayStartInEventZone(filter.dateTo, 1)}`);
      // …nor ends more than 12 hours after UTC's.
      conditions.push(
        sql`${events.first_start_at} < ${utcMidnight(filter.dateTo, 1)} + interval '12 hours'`,
      );
    }
    conditions.push(sql`exists (select 1 from ${eventDates} where ${and(...slot)})`);
  }

  if (filter.isThisWeekend) {
    // The event's today; Friday of the weekend under way (Fri–Sun) or of the next one; then any
    // slot between that Friday 00:00 and Monday 00:00 on the event's wall clock, not yet over.
    const today = sql`(${timestamp(now)} at time zone ${events.timezone})::date`;
    const sinceFriday = sql`((extract(isodow from ${today})::int + 2) % 7)`;
    const friday = sql`(${today} - ${sinceFriday} + case when ${sinceFriday} > 2 then 7 else 0 end)`;
    conditions.push(
      sql`${events.first_start_at} < ${timestamp(now)} + interval '8 days'`,
      sql`exists (select 1 from ${eventDates} where ${eventDates.event_id} = ${events.id}
        and ${eventDates.end_at} > ${timestamp(now)}
        and ${eventDates.end_at} > (${friday}::timestamp at time zone ${events.timezone})
        and ${eventDates.start_at} < ((${friday} + 3)::timestamp at time zone ${events.timezone}))`,
    );
  }

  if (filter.near) {
    const { lat, lng, radiusKm } = filter.near;
    // Written exactly as the GiST index events_location_idx is, so the planner can use it.
    const location = sql`point(${events.longitude}, ${events.latitude})`;
    const boxes = boundingBoxes(lat, lng, radiusKm).map(
      (box) =>
        sql`${location} <@ box(point(${box.minLng}::float8, ${box.minLat}::float8), point(${box.maxLng}::float8, ${box.maxLat}::float8))`,
    );
    conditions.push(
      isNotNull(events.latitude),
      isNotNull(events.longitude),
      or(...boxes)!,
      sql`${distanceKm(lat, lng)} <= ${radiusKm}::float8`,
    );
  }
  return conditions;
}

function orderFor(filter: EventSearch): SQL[] {
  switch (filter.sort) {
    case 'newest':
      // Written as the indexes are (events_newest_idx, events_popular_idx), nulls last included.
      return [sql`${events.published_at} desc nulls last`, sql`${events.id} desc nulls last`];
    case 'popular':
      return [
        sql`${events.wishlist_count} desc nulls last`,
        asc(events.first_start_at),
        asc(events.id),
      ];
    case 'distance':
      return filter.near
        ? [asc(distanceKm(filter.near.lat, filter.near.lng)), asc(events.id)]
        : [asc(events.first_start_at), asc(events.id)];
    case 'relevance':
      // With a search, relevance pages come from relevancePage; without, it is the soonest.
      return [asc(events.first_start_at), asc(events.id)];
    case 'soonest':
      return [asc(events.first_start_at), asc(events.id)];
  }
}

/**
 * One page of matching event ids in order (with the distance when near a point). Only the
 * events table is read, through its indexes; the page is dressed by loadEventSummaries.
 */
export async function findEventIds(
  db: Db,
  filter: EventSearch,
  window: { limit: number; offset: number },
  now: Date,
): Promise<Array<{ id: number; distance_km: number | null }>> {
  const distance = filter.near ? distanceKm(filter.near.lat, filter.near.lng) : sql<null>`null`;
  const rows =
    filter.sort === 'relevance' && filter.search
      ? rowsOf<{ id: number; distance_km: number | string | null }>(
          await db.execute(relevancePage(filter, filter.search, window, now)),
        )
      : await db
          .select({ id: events.id, distance_km: sql<number | null>`${distance}` })
          .from(events)
          .where(and(...conditionsFor(filter, now)))
          .orderBy(...orderFor(filter))
          .limit(window.limit)
          .offset(window.offset);
  return rows.map((row) => ({
    id: row.id,
    distance_km: row.distance_km === null ? null : Number(row.distance_km),
  }));
}

export async function countEvents(db: Db, filter: EventSearch, now: Date): Promise<number> {
  const [row] = await eventCountQuery(db, filter, now);
  return row?.value ?? 0;
}

/**
 * The count of findEventIds, exact up to `exactUpTo` matches (never more rows are read); past
 * it, the planner's estimate of the matches (at least `exactUpTo + 1`), so a page of a common
 * search never walks thousands of index entries to be counted.
 */
export async function countEventsUpTo(
  db: Db,
  filter: EventSearch,
  now: Date,
  exactUpTo: number,
): Promise<{ count: number; isEstimate: boolean }> {
  const matches = db
    .select({ one: sql`1`.as('one') })
    .from(events)
    .where(and(...conditionsFor(filter, now)));
  const capped = matches.limit(exactUpTo + 1).as('capped');
  const [row] = await db.select({ value: count() }).from(capped);
  const exact = row?.value ?? 0;
  if (exact <= exactUpTo) return { count: exact, isEstimate: false };
  const [plan] = rowsOf<{ 'QUERY PLAN': unknown }>(
    await db.execute(sql`explain (format json) ${matches}`),
  );
  const raw = plan?.['QUERY PLAN'];
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{
    Plan?: { 'Plan Rows'?: number };
  }>;
  const estimate = Math.round(parsed[0]?.Plan?.['Plan Rows'] ?? 0);
  return { count: Math.max(estimate, exactUpTo + 1), isEstimate: true };
}

/** Which of these events the reader has wishlisted (the per-reader part of a shared answer). */
export async function findWishlisted(
  db: Db,
  userId: string,
  eventIds: number[],
): Promise<Set<number>> {
  if (eventIds.length === 0) return new Set();
  const rows = await db
    .select({ id: wishlistItems.event_id })
    .from(wishlistItems)
    .where(and(eq(wishlistItems.user_id, userId), inArray(wishlistItems.event_id, eventIds)));
  return new Set(rows.map((row) => row.id));
}

/** Whether the reader follows the organizer (never their own page). */
export async function isFollowing(db: Db, userId: string, organizerId: string): Promise<boolean> {
  if (userId === organizerId) return false;
  const rows = await db
    .select({ id: follows.organizer_id })
    .from(follows)
    .where(and(eq(follows.follower_id, userId), eq(follows.organizer_id, organizerId)))
    .limit(1);
  return rows.length > 0;
}

/** The count of findEventIds: the same filtered, indexed query under count(*). */
export function eventCountQuery(db: Db, filter: EventSearch, now: Date) {
  return db
    .select({ value: count() })
    .from(events)
    .where(and(...conditionsFor(filter, now)));
}

/**
 * Relevance ranks the soonest RANKED_MATCHES matches of a search by `ts_rank` (title above
 * organizer and venue above description, then how often); the matches after them follow by
 * date. A page of a common word then reads the soonest index until it has found those matches
 * (or the GIN index, when the word is rare: the planner chooses) and ranks a few hundred rows,
 * where ranking every match read and ranked thousands (70 ms of PostgreSQL at 100,000 events).
 * The two parts together are every match once, so pages never repeat or skip one.
 */
export const RANKED_MATCHES = 200;

function relevancePage(
  filter: EventSearch,
  search: string,
  window: { limit: number; offset: number },
  now: Date,
): SQL {
  const where = and(...conditionsFor(filter, now));
  const distance = filter.near ? distanceKm(filter.near.lat, filter.near.lng) : sql`null::float8`;
  const later = Math.max(0, window.offset + window.limit - RANKED_MATCHES);
  return sql`
    select id, distance_km from (
      select id, distance_km, 0 as part, ts_rank(search_document, ${searchQuery(search)}) as rank,
             first_start_at
        from (select ${events.id} as id, ${distance} as distance_km, ${events.search_document},
                     ${events.first_start_at}
                from ${events} where ${where}
               order by ${events.first_start_at}, ${events.id} limit ${RANKED_MATCHES}) ranked
      union all
      select id, distance_km, 1, 0, first_start_at
        from (select ${events.id} as id, ${distance} as distance_km, ${events.first_start_at}
                from ${events} where ${where}
               order by ${events.first_start_at}, ${events.id}
              offset ${RANKED_MATCHES} limit ${later}) by_date
    ) matches
    order by part, rank desc, first_start_at, id
    limit ${window.limit} offset ${window.offset}`;
}

/** The SQL of findEventIds' first page, for EXPLAIN in tests and the read benchmark. */
export function eventIdsQuery(
  db: Db,
  filter: EventSearch,
  now: Date,
): SQLWrapper & {
  toSQL(): { sql: string; params: unknown[] };
} {
  if (filter.sort === 'relevance' && filter.search) {
    const query = relevancePage(filter, filter.search, { limit: 20, offset: 0 }, now);
    return { getSQL: () => query, toSQL: () => new PgDialect().sqlToQuery(query) };
  }
  return db
    .select({ id: events.id })
    .from(events)
    .where(and(...conditionsFor(filter, now)))
    .orderBy(...orderFor(filter))
    .limit(20);
}

/** One visible event (published, ended or not, or cancelled) with what its page shows. */
export async function findVisibleEvent(db: Db, id: number, viewerId: string | null, now: Date) {
  const [row] = await selectSummaries(db, viewerId, now, {
    description: events.description,
    requires_approval: events.requires_approval,
    max_tickets_per_order: events.max_tickets_per_order,
    refundable_until_hours: events.refundable_until_hours,
    refund_percentage: events.refund_percentage,
    organizer_bio: users.bio,
  })
    .where(and(eq(events.id, id), inArray(events.status, ['published', 'cancelled'])))
    .limit(1);
  return row ?? null;
}

/** Slots that have not ended, soonest first. */
export function findUpcomingDates(db: Db, eventId: number, now: Date) {
  return db
    .select({ id: eventDates.id, start_at: eventDates.start_at, end_at: eventDates.end_at })
    .from(eventDates)
    .where(and(eq(eventDates.event_id, eventId), gt(eventDates.end_at, now)))
    .orderBy(asc(eventDates.start_at));
}

export function findTicketCategories(db: Db, eventId: number) {
  return db
    .select()
    .from(ticketCategories)
    .where(eq(ticketCategories.event_id, eventId))
    .orderBy(asc(ticketCategories.position), asc(ticketCategories.id));
}

export async function findCategoryIdsBySlug(db: Db): Promise<Map<string, number>> {
  const rows = await db.select({ id: categories.id, slug: categories.slug }).from(categories);
  return new Map(rows.map((row) => [row.slug, row.id]));
}
