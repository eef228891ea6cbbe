import type { HomeSection } from '@hafla/shared/catalog/app-config';
import type { Language } from '@hafla/shared/common/i18n';
import { formatInZone } from '@hafla/shared/common/zoned-time';
import {
  COUNT_EXACT_UP_TO,
  DEFAULT_RADIUS_KM,
  type EventDetail,
  type EventSummary,
  type PublicEventQuery,
} from '@hafla/shared/events/discovery';
import type { Home, HomeQuery, HomeSectionContent } from '@hafla/shared/events/home';
import { priceBoundsByCurrency, type PriceBounds } from '@hafla/shared/events/price-filter';
import type { Db } from '../../db/client';
import { fieldError, notFound } from '../../lib/app-error';
import type { FileStorage } from '../../lib/storage';
import { getHomePageConfig } from '../catalog/home-config';
import { readPlatformSettings } from '../catalog/platform-settings';
import { findOrganizersToFollow } from '../social/organizer-cards';
import { followStats } from '../social/social-counts';
import { loadEventSummaries, toEventSummary, type SummaryContext } from './event-summaries';
import * as queries from './queries';
import type { EventSearch } from './queries';

export interface DiscoveryDeps {
  db: Db;
  storage: FileStorage;
}

/** Who is reading, in which language, and when. */
export interface Reader {
  language: Language;
  viewerId: string | null;
  now: Date;
}

/** Events per home section. */
export const HOME_SECTION_SIZE = 12;

/** A point from optional `lat`/`lng`: both or neither. */
function pointOf(query: { lat?: number; lng?: number }): { lat: number; lng: number } | null {
  if (query.lat === undefined && query.lng === undefined) return null;
  if (query.lat === undefined) throw fieldError('coordinates_incomplete', 'lat');
  if (query.lng === undefined) throw fieldError('coordinates_incomplete', 'lng');
  return { lat: query.lat, lng: query.lng };
}

/**
 * The price range's bounds in each currency events are priced in (the range is typed in
 * `currency`, by default the platform's), or none without a range.
 */
async function priceBoundsOf(
  db: Db,
  query: PublicEventQuery,
): Promise<Map<string, PriceBounds> | undefined> {
  if (query.price_min === undefined && query.price_max === undefined) return undefined;
  const settings = await readPlatformSettings(db);
  const code = query.currency ?? settings.default_currency;
  const typed = settings.currencies.find((currency) => currency.code === code);
  if (!typed) throw fieldError('currency_not_supported', 'currency');
  return priceBoundsByCurrency(
    { min: query.price_min, max: query.price_max },
    typed,
    settings.currencies,
    settings.exchange_rates,
  );
}

function toEventSearch(
  query: PublicEventQuery,
  prices: Map<string, PriceBounds> | undefined,
): EventSearch {
  const point = pointOf(query);
  if (query.sort === 'distance' && !point) throw fieldError('required', 'lat');
  if (query.date_from && query.date_to && query.date_to < query.date_from)
    throw fieldError('range_invalid', 'date_to');
  if (
    query.price_min !== undefined &&
    query.price_max !== undefined &&
    query.price_max < query.price_min
  )
    throw fieldError('range_invalid', 'price_max');
  // A point orders by distance, a search by relevance, unless the reader picks a sort.
  const sort = query.sort ?? (point ? 'distance' : query.search ? 'relevance' : 'soonest');
  return {
    // PostgreSQL cannot hold a NUL character; nobody means one.
    search: query.search?.replaceAll('\0', '') || undefined,
    categoryId: query.category,
    eventTypeId: query.event_type,
    organizerId: query.organizer,
    dateFrom: query.date_from,
    dateTo: query.date_to,
    prices,
    isFree: query.free,
    isOnline: query.online,
    near: point ? { ...point, radiusKm: query.radius_km ?? DEFAULT_RADIUS_KM } : undefined,
    sort,
  };
}

const summaryContext = (deps: DiscoveryDeps, reader: Reader): SummaryContext => ({
  ...deps,
  ...reader,
});

export async function listPublicEvents(
  deps: DiscoveryDeps,
  reader: Reader,
  query: PublicEventQuery,
): Promise<{ count: number; isEstimate: boolean; results: EventSummary[] }> {
  const filter = toEventSearch(query, await priceBoundsOf(deps.db, query));
  const [page, { count, isEstimate }] = await Promise.all([
    queries.findEventIds(deps.db, filter, query, reader.now),
    queries.countEventsUpTo(deps.db, filter, reader.now, COUNT_EXACT_UP_TO),
  ]);
  const distances = new Map(
    page.flatMap((row) => (row.distance_km === null ? [] : [[row.id, row.distance_km] as const])),
  );
  const results = await loadEventSummaries(
    summaryContext(deps, reader),
    page.map((row) => row.id),
    distances,
  );
  return { count, isEstimate, results };
}

/** A published (also ended) or cancelled event; drafts answer not_found. */
export async function getPublicEvent(
  deps: DiscoveryDeps,
  reader: Reader,
  id: number,
): Promise<EventDetail> {
  const row = await queries.findVisibleEvent(deps.db, id, reader.viewerId, reader.now);
  if (!row) throw notFound();
  const [dates, categories, organizer] = await Promise.all([
    queries.findUpcomingDates(deps.db, id, reader.now),
    queries.findTicketCategories(deps.db, id),
    followStats(deps.db, row.organizer_id, reader.viewerId),
  ]);
  const zone = row.timezone;
  const at = (instant: Date | null) => (instant ? formatInZone(instant, zone) : null);
  const summary = toEventSummary(row, summaryContext(deps, reader));
  return {
    ...summary,
    description: row.description,
    requires_approval: row.requires_approval,
    max_tickets_per_order: row.max_tickets_per_order,
    refund_policy: {
      refundable_until_hours: row.refundable_until_hours,
      refund_percentage: row.refund_percentage,
    },
    dates: dates.map((slot) => ({
      id: slot.id,
      start: formatInZone(slot.start_at, zone),
      end: formatInZone(slot.end_at, zone),
    })),
    ticket_categories: categories.map((category) => ({
      id: category.id,
      name: category.name,
      description: category.description,
      price: category.price,
      sales_start: at(category.sales_start),
      sales_end: at(category.sales_end),
      min_per_order: category.min_per_order,
      max_per_order: category.max_per_order,
    })),
    organizer: { ...summary.organizer, bio: row.organizer_bio, ...organizer },
  };
}

/** What one home section lists, or null for sections that list no events. */
function sectionSearch(
  section: HomeSection,
  point: { lat: number; lng: number } | null,
  categoryIds: ReadonlyMap<string, number>,
): EventSearch | null {
  switch (section.kind) {
    case 'featured':
      return { isFeatured: true, sort: 'soonest' };
    case 'upcoming':
      return { sort: 'soonest' };
    case 'this_weekend':
      return { isThisWeekend: true, sort: 'soonest' };
    case 'near_me':
      return point ? { near: { ...point, radiusKm: DEFAULT_RADIUS_KM }, sort: 'distance' } : null;
    case 'popular':
      return { sort: 'popular' };
    case 'category': {
      const categoryId = section.category ? categoryIds.get(section.category) : undefined;
      return categoryId === undefined ? null : { categoryId, sort: 'soonest' };
    }
    case 'categories':
    case 'organizers':
      return null;
  }
}

/**
 * The configured sections, each filled. The sections' id queries run in parallel (on
 * PostgreSQL each on its own connection); one query then loads every event shown.
 */
export async function getHome(
  deps: DiscoveryDeps,
  reader: Reader,
  query: HomeQuery,
): Promise<Home> {
  const point = pointOf(query);
  const [{ value: sections }, categoryIds] = await Promise.all([
    getHomePageConfig(deps.db, reader.language),
    queries.findCategoryIdsBySlug(deps.db),
  ]);
  const window = { limit: HOME_SECTION_SIZE, offset: 0 };
  const findIds = (search: EventSearch) =>
    queries.findEventIds(deps.db, search, window, reader.now);

  const filled = await Promise.all(
    sections.map(async (section) => {
      const search = sectionSearch(section, point, categoryIds);
      let rows = search ? await findIds(search) : [];
      // Until staff pick featured events, the section shows the popular ones.
      if (section.kind === 'featured' && rows.length === 0)
        rows = await findIds({ sort: 'popular' });
      const organizers =
        section.kind === 'organizers'
          ? (
              await findOrganizersToFollow(
                deps,
                reader.viewerId,
                { limit: HOME_SECTION_SIZE, offset: 0 },
                reader.now,
              )
            ).results
          : [];
      return { section, rows, organizers };
    }),
  );

  const distances = new Map<number, number>();
  for (const { rows } of filled)
    for (const row of rows) if (row.distance_km !== null) distances.set(row.id, row.distance_km);
  const summaries = await loadEventSummaries(
    summaryContext(deps, reader),
    filled.flatMap(({ rows }) => rows.map((row) => row.id)),
    distances,
  );
  const byId = new Map(summaries.map((summary) => [summary.id, summary]));

  return {
    sections: filled.map(({ section, rows, organizers }): HomeSectionContent => ({
      id: section.id,
      kind: section.kind,
      title: section.title,
      category:
        section.kind === 'category' && section.category
          ? (categoryIds.get(section.category) ?? null)
          : null,
      events: rows.flatMap((row) => {
        const summary = byId.get(row.id);
        // Distance belongs to the near-me section only.
        return summary
          ? [{ ...summary, distance_km: section.kind === 'near_me' ? summary.distance_km : null }]
          : [];
      }),
      organizers,
    })),
  };
}

/**
 * When an answer stops being right by itself, with nothing written: the first of its events'
 * next slot or last slot to end (the event moves on, or leaves the list). Null: never.
 */
export function expiryOf(summaries: Iterable<EventSummary>, now: Date): number | null {
  let first: number | null = null;
  const consider = (instant: string | null | undefined) => {
    if (!instant) return;
    const at = Date.parse(instant);
    if (Number.isFinite(at) && at > now.getTime() && (first === null || at < first)) first = at;
  };
  for (const summary of summaries) {
    consider(summary.next_date?.end);
    consider(summary.last_end);
  }
  return first;
}

/** The expiry of an event page: also each upcoming slot's end (it leaves the list of dates). */
export function detailExpiryOf(detail: EventDetail, now: Date): number | null {
  const slots: EventSummary[] = detail.dates.map((slot) => ({
    ...detail,
    next_date: slot,
  }));
  return expiryOf([detail, ...slots], now);
}

/**
 * The per-reader parts of shared answers (decision 0017): the cached answer is the anonymous
 * one; a signed-in reader's wishlist marks and follows are laid over it by small reads.
 */
export async function overlayEventList<L extends { results: EventSummary[] }>(
  db: Db,
  viewerId: string,
  list: L,
): Promise<L> {
  const wished = await queries.findWishlisted(
    db,
    viewerId,
    list.results.map((event) => event.id),
  );
  return {
    ...list,
    results: list.results.map((event) => ({ ...event, is_wishlisted: wished.has(event.id) })),
  };
}

export async function overlayEventDetail(
  db: Db,
  viewerId: string,
  detail: EventDetail,
): Promise<EventDetail> {
  const [wished, following] = await Promise.all([
    queries.findWishlisted(db, viewerId, [detail.id]),
    queries.isFollowing(db, viewerId, detail.organizer.id),
  ]);
  return {
    ...detail,
    is_wishlisted: wished.has(detail.id),
    organizer: { ...detail.organizer, is_following: following },
  };
}

export async function overlayHome(
  deps: DiscoveryDeps,
  reader: Reader & { viewerId: string },
  home: Home,
): Promise<Home> {
  const ids = home.sections.flatMap((section) => section.events.map((event) => event.id));
  const hasOrganizers = home.sections.some((section) => section.kind === 'organizers');
  const [wished, organizers] = await Promise.all([
    queries.findWishlisted(deps.db, reader.viewerId, [...new Set(ids)]),
    hasOrganizers
      ? findOrganizersToFollow(
          deps,
          reader.viewerId,
          { limit: HOME_SECTION_SIZE, offset: 0 },
          reader.now,
        ).then((page) => page.results)
      : Promise.resolve([]),
  ]);
  return {
    sections: home.sections.map((section) => ({
      ...section,
      events: section.events.map((event) => ({ ...event, is_wishlisted: wished.has(event.id) })),
      // Organizers the reader does not follow yet: theirs, not everyone's.
      organizers: section.kind === 'organizers' ? organizers : section.organizers,
    })),
  };
}
