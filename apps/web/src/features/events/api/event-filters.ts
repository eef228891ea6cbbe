import type { EventSort } from '@hafla/shared/events/discovery';
import { DEFAULT_RADIUS_KM, datePresetRange } from './events-path';
import type { DatePreset, EventFilters } from './events-path';
import type { EventListQuery } from './get-events';

// Mirrors the shared constants without importing zod into the page's chunk.
export const EVENT_SORT_OPTIONS = [
  'soonest',
  'newest',
  'popular',
  'distance',
] as const satisfies readonly EventSort[];
export const MAX_RADIUS_KM = 500;
export const RADIUS_CHOICES_KM = [5, 10, 25, 50, 100, 250] as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function readNumber(value: string | null, min: number, max: number): number | null {
  if (value === null || value.trim() === '') return null;
  const number = Number(value);
  return Number.isFinite(number) && number >= min && number <= max ? number : null;
}

function readDay(value: string | null): string | null {
  if (!value || !DAY.test(value)) return null;
  return Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ? null : value;
}

function readSlug(value: string | null): string | null {
  return value && value.length <= 60 && SLUG.test(value) ? value : null;
}

function isSort(value: string | null): value is EventSort {
  return (EVENT_SORT_OPTIONS as readonly (string | null)[]).includes(value);
}

/** A range typed backwards (200 to 100) means the same range: its ends are put in order. */
export function inOrder<T extends string | number>(
  from: T | null,
  to: T | null,
): [from: T | null, to: T | null] {
  return from !== null && to !== null && from > to ? [to, from] : [from, to];
}

/**
 * Reads the address bar leniently: a value that makes no sense is dropped, and a range written
 * backwards is read forwards, never an error.
 */
export function parseEventFilters(params: URLSearchParams): EventFilters {
  const lat = readNumber(params.get('lat'), -90, 90);
  const lng = readNumber(params.get('lng'), -180, 180);
  const hasPlace = lat !== null && lng !== null;
  const [dateFrom, dateTo] = inOrder(
    readDay(params.get('date_from')),
    readDay(params.get('date_to')),
  );
  const [priceMin, priceMax] = inOrder(
    readNumber(params.get('price_min'), 0, 1e9),
    readNumber(params.get('price_max'), 0, 1e9),
  );
  return {
    search: (params.get('search') ?? '').trim().slice(0, 200),
    category: readSlug(params.get('category')),
    type: readSlug(params.get('type')),
    dateFrom,
    dateTo,
    priceMin,
    priceMax,
    free: params.get('free') === 'true',
    online: params.get('online') === 'true',
    lat: hasPlace ? lat : null,
    lng: hasPlace ? lng : null,
    radiusKm: hasPlace ? readNumber(params.get('radius_km'), 1, MAX_RADIUS_KM) : null,
    sort: isSort(params.get('sort')) ? (params.get('sort') as EventSort) : null,
  };
}

export function hasPlace(
  filters: Pick<EventFilters, 'lat' | 'lng'>,
): filters is EventFilters & { lat: number; lng: number } {
  return filters.lat !== null && filters.lng !== null;
}

/** Filters other than the search text and the sort order, as the filter button counts them. */
export function countActiveFilters(filters: EventFilters): number {
  return [
    filters.category !== null,
    filters.type !== null,
    filters.dateFrom !== null || filters.dateTo !== null,
    filters.priceMin !== null || filters.priceMax !== null,
    filters.free,
    filters.online,
    hasPlace(filters),
  ].filter(Boolean).length;
}

export interface FilterLookups {
  categoryId: (slugOrId: string) => number | undefined;
  eventTypeId: (slugOrId: string) => number | undefined;
  /** The platform currency prices are typed in (the API compares others at its rates). */
  currency: string;
  /** Major units of that currency to the API's minor units. */
  toMinor: (major: number) => number;
}

/** The API's query (PublicEventQuery without paging) for a set of filters. */
export function toEventListQuery(filters: EventFilters, lookups: FilterLookups): EventListQuery {
  const query: EventListQuery = {};
  if (filters.search) query.search = filters.search;
  const category = filters.category === null ? undefined : lookups.categoryId(filters.category);
  if (category !== undefined) query.category = category;
  const eventType = filters.type === null ? undefined : lookups.eventTypeId(filters.type);
  if (eventType !== undefined) query.event_type = eventType;
  if (filters.dateFrom) query.date_from = filters.dateFrom;
  if (filters.dateTo) query.date_to = filters.dateTo;
  if (filters.free) {
    query.free = 'true';
  } else {
    if (filters.priceMin !== null) query.price_min = lookups.toMinor(filters.priceMin);
    if (filters.priceMax !== null) query.price_max = lookups.toMinor(filters.priceMax);
    if (filters.priceMin !== null || filters.priceMax !== null) query.currency = lookups.currency;
  }
  if (filters.online) query.online = 'true';
  if (hasPlace(filters)) {
    query.lat = filters.lat;
    query.lng = filters.lng;
    query.radius_km = filters.radiusKm ?? DEFAULT_RADIUS_KM;
  }
  const sort = filters.sort === 'distance' && !hasPlace(filters) ? null : filters.sort;
  if (sort) query.sort = sort;
  return query;
}

export function matchingDatePreset(
  filters: Pick<EventFilters, 'dateFrom' | 'dateTo'>,
  today: Date = new Date(),
): DatePreset | null {
  for (const preset of ['today', 'tomorrow', 'weekend'] as const) {
    const range = datePresetRange(preset, today);
    if (range.dateFrom === filters.dateFrom && range.dateTo === filters.dateTo) return preset;
  }
  return null;
}
