import { z } from 'zod';
import { DbId, DbIdParam } from '../common/ids';
import { PaginationQuery, paginated } from '../common/pagination';
import { Instant, TimeZone } from '../common/time';

export const EVENT_STATUSES = ['draft', 'published', 'cancelled', 'ended'] as const;
/** `ended` is derived: a published event whose last time slot is over. */
export const EventStatus = z.enum(EVENT_STATUSES);
export type EventStatus = z.infer<typeof EventStatus>;

export const RefundPolicy = z.object({
  /** Refunds are possible until this many hours before the slot starts. */
  refundable_until_hours: z
    .number()
    .int()
    .min(0)
    .max(24 * 365),
  /** Share of the price paid back, 0–100. */
  refund_percentage: z.number().int().min(0).max(100),
});
export type RefundPolicy = z.infer<typeof RefundPolicy>;

export const DEFAULT_REFUND_POLICY: RefundPolicy = {
  refundable_until_hours: 24,
  refund_percentage: 100,
};

const httpUrl = z.url({ protocol: /^https?$/ }).max(2000);

/** Every field an organizer writes; cross-field rules (venue or link) are checked by the service. */
const eventFields = {
  title: z.string().trim().min(3).max(200),
  description: z.string().trim().max(10_000),
  category: DbId,
  event_type: DbId,
  venue_name: z.string().trim().max(200),
  address: z.string().trim().max(500),
  latitude: z.number().min(-90).max(90).nullable(),
  longitude: z.number().min(-180).max(180).nullable(),
  is_online: z.boolean(),
  online_url: httpUrl.nullable(),
  timezone: TimeZone,
  currency: z.string().regex(/^[A-Z]{3}$/),
  requires_approval: z.boolean(),
  max_tickets_per_order: z.number().int().min(1).max(100),
  refund_policy: RefundPolicy,
};

/** POST /api/v1/events/ — a new event starts as a draft. */
export const EventCreateRequest = z.strictObject({
  ...eventFields,
  description: eventFields.description.default(''),
  venue_name: eventFields.venue_name.default(''),
  address: eventFields.address.default(''),
  latitude: eventFields.latitude.default(null),
  longitude: eventFields.longitude.default(null),
  is_online: eventFields.is_online.default(false),
  online_url: eventFields.online_url.default(null),
  requires_approval: eventFields.requires_approval.default(false),
  max_tickets_per_order: eventFields.max_tickets_per_order.default(10),
  refund_policy: RefundPolicy.default(DEFAULT_REFUND_POLICY),
});
export type EventCreateRequest = z.infer<typeof EventCreateRequest>;

/**
 * PATCH /api/v1/events/{id}/ — any subset of the fields; `status: "published"` publishes
 * (needs a future date and a ticket category, counts toward the monthly limit),
 * `status: "cancelled"` cancels; `cover: null` removes the cover image.
 */
export const EventUpdateRequest = z.strictObject({
  ...(Object.fromEntries(
    Object.entries(eventFields).map(([name, schema]) => [name, schema.optional()]),
  ) as { [K in keyof typeof eventFields]: z.ZodOptional<(typeof eventFields)[K]> }),
  status: z.enum(['published', 'cancelled']).optional(),
  cover: z.null().optional(),
});
export type EventUpdateRequest = z.infer<typeof EventUpdateRequest>;

export const EventParams = z.object({ id: DbIdParam });

/** The organizer's view of an event. */
export const Event = z.object({
  id: z.number().int(),
  organizer: z.uuid(),
  title: z.string(),
  description: z.string(),
  category: z.number().int(),
  event_type: z.number().int(),
  cover: z.string().nullable(),
  venue_name: z.string(),
  address: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  is_online: z.boolean(),
  online_url: z.string().nullable(),
  timezone: z.string(),
  currency: z.string(),
  requires_approval: z.boolean(),
  max_tickets_per_order: z.number().int(),
  refund_policy: RefundPolicy,
  status: EventStatus,
  published_at: Instant.nullable(),
  cancelled_at: Instant.nullable(),
  /** Start of the first and end of the last time slot, in the event's time zone. */
  first_start: Instant.nullable(),
  last_end: Instant.nullable(),
  price_min: z.number().int().nullable(),
  price_max: z.number().int().nullable(),
  dates_count: z.number().int(),
  ticket_categories_count: z.number().int(),
  created_at: Instant,
  updated_at: Instant,
});
export type Event = z.infer<typeof Event>;

export const EventList = paginated(Event);

export const EventListQuery = PaginationQuery.extend({
  status: EventStatus.optional(),
  search: z.string().trim().max(200).optional(),
});
export type EventListQuery = z.infer<typeof EventListQuery>;

export const EventsPublishedThisMonth = z.object({
  events_published_this_month: z.number().int(),
  limit: z.number().int(),
  remaining: z.number().int(),
});
export type EventsPublishedThisMonth = z.infer<typeof EventsPublishedThisMonth>;
