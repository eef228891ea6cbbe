import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Language } from '@hafla/shared/common/i18n';
import { formatInZone } from '@hafla/shared/common/zoned-time';
import type { EventSummary, TimeSlot } from '@hafla/shared/events/discovery';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { categories, eventTypes } from '../../db/schema/catalog';
import { eventDates, events } from '../../db/schema/events';
import { wishlistItems } from '../../db/schema/social';
import { variantUrls } from '../../lib/image-variants';
import type { FileStorage } from '../../lib/storage';
import { eventStatusOf } from '../events/ownership';
import { organizerName } from '../social/organizer-cards';

/**
 * The discovery module's public surface: events as lists show them (search results, home
 * sections, the wishlist), loaded for a page of ids that some indexed query picked.
 */

export interface SummaryContext {
  db: Db;
  storage: FileStorage;
  language: Language;
  /** The signed-in reader, for `is_wishlisted`; null when anonymous. */
  viewerId: string | null;
  now: Date;
}

export function summaryColumns(db: Db, viewerId: string | null, now: Date) {
  // The next slot that has not ended: one probe of (event_id, start_at) per row on the page.
  const nextDate = db
    .select({ id: eventDates.id, start_at: eventDates.start_at, end_at: eventDates.end_at })
    .from(eventDates)
    .where(and(eq(eventDates.event_id, events.id), gt(eventDates.end_at, now)))
    .orderBy(asc(eventDates.start_at))
    .limit(1)
    .as('next_date');
  const columns = {
    id: events.id,
    title: events.title,
    cover_key: events.cover_key,
    category_id: events.category_id,
    category_name_en: categories.name_en,
    category_name_ar: categories.name_ar,
    event_type_id: events.event_type_id,
    event_type_name_en: eventTypes.name_en,
    event_type_name_ar: eventTypes.name_ar,
    venue_name: events.venue_name,
    address: events.address,
    latitude: events.latitude,
    longitude: events.longitude,
    is_online: events.is_online,
    timezone: events.timezone,
    currency: events.currency,
    status: events.status,
    first_start_at: events.first_start_at,
    last_end_at: events.last_end_at,
    min_price: events.min_price,
    max_price: events.max_price,
    wishlist_count: events.wishlist_count,
    organizer_id: users.id,
    organization_name: users.organization_name,
    first_name: users.first_name,
    last_name: users.last_name,
    avatar_key: users.avatar_key,
    next_date_id: nextDate.id,
    next_date_start: nextDate.start_at,
    next_date_end: nextDate.end_at,
    is_wishlisted: viewerId
      ? sql<boolean>`exists (select 1 from ${wishlistItems} where ${wishlistItems.user_id} = ${viewerId} and ${wishlistItems.event_id} = ${events.id})`
      : sql<boolean>`false`,
  };
  return { columns, nextDate };
}

/** The summary query for some ids; callers add their own columns and conditions. */
export function selectSummaries<T extends SelectedFields>(
  db: Db,
  viewerId: string | null,
  now: Date,
  extra: T,
) {
  const { columns, nextDate } = summaryColumns(db, viewerId, now);
  return db
    .select({ ...columns, ...extra })
    .from(events)
    .innerJoin(categories, eq(categories.id, events.category_id))
    .innerJoin(eventTypes, eq(eventTypes.id, events.event_type_id))
    .innerJoin(users, eq(users.id, events.organizer_id))
    .leftJoinLateral(nextDate, sql`true`);
}

export type SummaryRow = Awaited<ReturnType<typeof loadSummaryRows>>[number];

async function loadSummaryRows(db: Db, ids: number[], viewerId: string | null, now: Date) {
  return selectSummaries(db, viewerId, now, {}).where(inArray(events.id, ids));
}

const slotIn = (timeZone: string, id: number, start: Date, end: Date): TimeSlot => ({
  id,
  start: formatInZone(start, timeZone),
  end: formatInZone(end, timeZone),
});

export function toEventSummary(
  row: SummaryRow,
  context: Pick<SummaryContext, 'storage' | 'language' | 'now'>,
  distanceKm: number | null = null,
): EventSummary {
  const { storage, language, now } = context;
  const zone = row.timezone;
  const status = eventStatusOf(row, now);
  return {
    id: row.id,
    title: row.title,
    cover: row.cover_key ? storage.url(row.cover_key) : null,
    cover_thumbnails: row.cover_key ? variantUrls(storage, row.cover_key) : [],
    category: row.category_id,
    category_name: language === 'ar' ? row.category_name_ar : row.category_name_en,
    event_type: row.event_type_id,
    event_type_name: language === 'ar' ? row.event_type_name_ar : row.event_type_name_en,
    venue_name: row.venue_name,
    address: row.address,
    latitude: row.latitude,
    longitude: row.longitude,
    is_online: row.is_online,
    timezone: zone,
    currency: row.currency,
    // Only visible events are ever loaded; a draft would never reach here.
    status: status === 'draft' ? 'published' : status,
    next_date:
      row.next_date_id != null && row.next_date_start && row.next_date_end
        ? slotIn(zone, row.next_date_id, row.next_date_start, row.next_date_end)
        : null,
    first_start: row.first_start_at ? formatInZone(row.first_start_at, zone) : null,
    last_end: row.last_end_at ? formatInZone(row.last_end_at, zone) : null,
    price_min: row.min_price,
    price_max: row.max_price,
    is_free: row.min_price === 0,
    wishlist_count: row.wishlist_count,
    organizer: {
      id: row.organizer_id,
      name: organizerName(row),
      avatar: row.avatar_key ? storage.url(row.avatar_key) : null,
    },
    distance_km: distanceKm === null ? null : Math.round(distanceKm * 100) / 100,
    is_wishlisted: Boolean(row.is_wishlisted),
  };
}

/**
 * Summaries for ids in the order given (ids that are gone or not visible are skipped), with
 * each one's distance when the list was near a point.
 */
export async function loadEventSummaries(
  context: SummaryContext,
  ids: number[],
  distances: ReadonlyMap<number, number> = new Map(),
): Promise<EventSummary[]> {
  if (ids.length === 0) return [];
  const rows = await loadSummaryRows(context.db, [...new Set(ids)], context.viewerId, context.now);
  const byId = new Map(
    rows
      .filter((row) => row.status === 'published' || row.status === 'cancelled')
      .map((row) => [row.id, row]),
  );
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toEventSummary(row, context, distances.get(id) ?? null)] : [];
  });
}
