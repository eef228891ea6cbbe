import { z } from 'zod';
import { DbIdParam } from '../common/ids';
import { PaginationQuery, paginated } from '../common/pagination';
import { CalendarDayInput, Instant, QueryBoolean } from '../common/time';
import { MAX_PRICE } from '../ticket-categories/ticket-categories';
import { RefundPolicy } from './events';

export const EVENT_SORTS = ['soonest', 'newest', 'popular', 'distance'] as const;
export const EventSort = z.enum(EVENT_SORTS);
export type EventSort = z.infer<typeof EventSort>;

export const DEFAULT_RADIUS_KM = 25;
/** Up to this many matches `count` is exact; above, an estimate (`count_is_estimate`). */
export const COUNT_EXACT_UP_TO = 1_000;
export const MAX_RADIUS_KM = 500;

/**
 * GET /api/v1/events_read/ — published events that have not ended. Every filter narrows;
 * `lat`+`lng` (both or neither) keep events within `radius_km` (default DEFAULT_RADIUS_KM) and
 * sort by distance unless `sort` says otherwise; `sort=distance` needs them. With `search` and
 * no `sort` (and no point), the best matches come first. `date_from`/`date_to` are calendar
 * days (inclusive) on each event's own wall clock, matched against any slot not yet over.
 * `free` keeps events with a free ticket category; `price_min`/`price_max` keep events whose
 * price range overlaps them: minor units of `currency` (default: the platform's default
 * currency), events priced in another currency compared at the platform's exchange rates
 * (events/price-filter.ts).
 */
export const PublicEventQuery = PaginationQuery.extend({
  search: z.string().trim().max(200).optional(),
  category: DbIdParam.optional(),
  event_type: DbIdParam.optional(),
  organizer: z.uuid().optional(),
  date_from: CalendarDayInput.optional(),
  date_to: CalendarDayInput.optional(),
  price_min: z.coerce.number().int().min(0).max(MAX_PRICE).optional(),
  price_max: z.coerce.number().int().min(0).max(MAX_PRICE).optional(),
  currency: z
    .string()
    .regex(/^[A-Za-z]{3}$/)
    .transform((code) => code.toUpperCase())
    .optional(),
  free: QueryBoolean.optional(),
  online: QueryBoolean.optional(),
  lat: z.coerce.number().min(-90).max(90).optional(),
  lng: z.coerce.number().min(-180).max(180).optional(),
  radius_km: z.coerce.number().positive().max(MAX_RADIUS_KM).optional(),
  sort: EventSort.optional(),
});
export type PublicEventQuery = z.infer<typeof PublicEventQuery>;

export const OrganizerSummary = z.object({
  id: z.uuid(),
  name: z.string(),
  avatar: z.string().nullable(),
});
export type OrganizerSummary = z.infer<typeof OrganizerSummary>;

/** A smaller copy of an image: WebP, at most `width` pixels wide (never enlarged). */
export const ImageRendition = z.object({ width: z.number().int(), url: z.string() });
export type ImageRendition = z.infer<typeof ImageRendition>;

export const TimeSlot = z.object({ id: z.number().int(), start: Instant, end: Instant });
export type TimeSlot = z.infer<typeof TimeSlot>;

/** An event in a list (search results, home sections, wishlist). */
export const EventSummary = z.object({
  id: z.number().int(),
  title: z.string(),
  cover: z.string().nullable(),
  /**
   * Smaller copies of `cover` for lists, narrowest first (a `srcset`: `url` at `width`w); empty
   * without a cover. `cover` stays the image as uploaded.
   */
  cover_thumbnails: z.array(ImageRendition),
  category: z.number().int(),
  category_name: z.string(),
  event_type: z.number().int(),
  event_type_name: z.string(),
  venue_name: z.string(),
  address: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  is_online: z.boolean(),
  timezone: z.string(),
  currency: z.string(),
  status: z.enum(['published', 'cancelled', 'ended']),
  /** The next slot that has not ended, or null when none is left. */
  next_date: TimeSlot.nullable(),
  first_start: Instant.nullable(),
  last_end: Instant.nullable(),
  price_min: z.number().int().nullable(),
  price_max: z.number().int().nullable(),
  /** Whether some ticket category is free (`price_min` is 0), as the `free` filter reads it. */
  is_free: z.boolean(),
  wishlist_count: z.number().int(),
  organizer: OrganizerSummary,
  /** Kilometres from the `lat`/`lng` asked about, else null. */
  distance_km: z.number().nullable(),
  /** For the signed-in reader; false when anonymous. */
  is_wishlisted: z.boolean(),
});
export type EventSummary = z.infer<typeof EventSummary>;

export const EventSummaryList = paginated(EventSummary).extend({
  /**
   * True when `count` is the planner's estimate: a search or filter matching more than
   * COUNT_EXACT_UP_TO events is not counted one by one on every page (absent on other lists).
   */
  count_is_estimate: z.boolean().optional(),
});
export type EventSummaryList = z.infer<typeof EventSummaryList>;

export const PublicTicketCategory = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  price: z.number().int(),
  sales_start: Instant.nullable(),
  sales_end: Instant.nullable(),
  min_per_order: z.number().int(),
  max_per_order: z.number().int(),
});
export type PublicTicketCategory = z.infer<typeof PublicTicketCategory>;

/** GET /api/v1/events_read/{id} — one published (or cancelled) event for its public page. */
export const EventDetail = EventSummary.extend({
  description: z.string(),
  requires_approval: z.boolean(),
  max_tickets_per_order: z.number().int(),
  refund_policy: RefundPolicy,
  /** Slots that have not ended, soonest first. */
  dates: z.array(TimeSlot),
  ticket_categories: z.array(PublicTicketCategory),
  organizer: OrganizerSummary.extend({
    bio: z.string().nullable(),
    followers_count: z.number().int(),
    is_following: z.boolean(),
  }),
});
export type EventDetail = z.infer<typeof EventDetail>;

export const PublicEventParams = z.object({ id: DbIdParam });
