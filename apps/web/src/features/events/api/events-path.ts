import type { EventSort } from '@hafla/shared/events/discovery';

// Mirrors the shared constants without importing zod into the home page's chunk.
export const DEFAULT_RADIUS_KM = 25;

/**
 * What the events list is filtered by, as the address bar holds it: a search link can be
 * shared, bookmarked and reopened. Categories and event types travel as slugs
 * (`?category=music`), prices in major units of the platform currency (`?price_max=100`).
 */
export interface EventFilters {
  search: string;
  /** A category slug, or its numeric id. */
  category: string | null;
  /** An event type slug, or its numeric id. */
  type: string | null;
  dateFrom: string | null;
  dateTo: string | null;
  priceMin: number | null;
  priceMax: number | null;
  free: boolean;
  online: boolean;
  lat: number | null;
  lng: number | null;
  radiusKm: number | null;
  sort: EventSort | null;
}

export const NO_FILTERS: EventFilters = {
  search: '',
  category: null,
  type: null,
  dateFrom: null,
  dateTo: null,
  priceMin: null,
  priceMax: null,
  free: false,
  online: false,
  lat: null,
  lng: null,
  radiusKm: null,
  sort: null,
};

/** The query string for a set of filters, `''` when none is set. */
export function eventFiltersSearch(filters: Partial<EventFilters>): string {
  const full = { ...NO_FILTERS, ...filters };
  const params = new URLSearchParams();
  const set = (name: string, value: string | number | null) => {
    if (value !== null && value !== '') params.set(name, String(value));
  };
  set('search', full.search.trim());
  set('category', full.category);
  set('type', full.type);
  set('date_from', full.dateFrom);
  set('date_to', full.dateTo);
  set('price_min', full.priceMin);
  set('price_max', full.priceMax);
  if (full.free) params.set('free', 'true');
  if (full.online) params.set('online', 'true');
  if (full.lat !== null && full.lng !== null) {
    set('lat', full.lat);
    set('lng', full.lng);
    set('radius_km', full.radiusKm);
  }
  set('sort', full.sort);
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** `/events` filtered, for links such as a home section's "See all". */
export function eventsPath(filters: Partial<EventFilters> = {}): string {
  return `/events${eventFiltersSearch(filters)}`;
}

/** `YYYY-MM-DD` of a date on the reader's own calendar. */
export function localDay(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function addDays(date: Date, days: number): Date {
  const next = new Date(date);
  next.setDate(next.getDate() + days);
  return next;
}

export type DatePreset = 'today' | 'tomorrow' | 'weekend';

/**
 * Day ranges for the quick date choices. The weekend runs Friday to Sunday, which covers
 * both the Gulf weekend and the Western one (as the API's "this weekend" section does).
 */
export function datePresetRange(preset: DatePreset, today: Date = new Date()) {
  if (preset === 'today') return { dateFrom: localDay(today), dateTo: localDay(today) };
  if (preset === 'tomorrow') {
    const tomorrow = localDay(addDays(today, 1));
    return { dateFrom: tomorrow, dateTo: tomorrow };
  }
  const weekday = today.getDay(); // 0 Sunday … 5 Friday, 6 Saturday
  const toFriday = weekday === 0 || weekday >= 5 ? 0 : 5 - weekday;
  const start = addDays(today, toFriday);
  const toSunday = weekday === 0 ? 0 : 7 - weekday;
  return { dateFrom: localDay(start), dateTo: localDay(addDays(today, toSunday)) };
}
