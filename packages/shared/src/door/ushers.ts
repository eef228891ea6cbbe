import { z } from 'zod';
import { Email } from '../auth/requests';
import { DbId, DbIdParam } from '../common/ids';
import { PaginationQuery, paginated } from '../common/pagination';
import { Instant } from '../common/time';

/** A steward checks guests in; a supervisor also approves/rejects tickets and undoes check-ins. */
export const UsherRole = z.enum(['steward', 'supervisor']);
export type UsherRole = z.infer<typeof UsherRole>;

/** `invited` until the address has an account (it becomes `active` when that address registers). */
export const UsherStatus = z.enum(['invited', 'active']);
export type UsherStatus = z.infer<typeof UsherStatus>;

/** Most events one usher can be limited to. */
export const MAX_USHER_EVENTS = 100;

export const UsherUser = z.object({
  id: z.uuid(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
});
export type UsherUser = z.infer<typeof UsherUser>;

/** GET /api/v1/ushers/ — one of the organizer's ushers. */
export const Usher = z.object({
  id: z.number().int(),
  /** The account, once the address has one; null while invited. */
  user: UsherUser.nullable(),
  email: z.string(),
  status: UsherStatus,
  role: UsherRole,
  /** null: all of the organizer's events; else only these event ids. */
  events: z.array(z.number().int()).nullable(),
  created_at: Instant,
});
export type Usher = z.infer<typeof Usher>;

export const UsherList = paginated(Usher);
export type UsherList = z.infer<typeof UsherList>;
export const UsherListQuery = PaginationQuery;
export type UsherListQuery = z.infer<typeof UsherListQuery>;

/**
 * POST /api/v1/ushers/ — a duplicate address answers 409 `already_exists`; the organizer's own
 * address answers 400 `cannot_add_self_as_usher` on `email`.
 */
export const UsherCreateRequest = z.strictObject({
  /** Trimmed and lower-cased, as accounts' addresses are. */
  email: Email,
  role: UsherRole.default('steward'),
  /** Omitted or null: all of the organizer's events. Each id must be one of the organizer's events. */
  events: z.array(DbId).min(1).max(MAX_USHER_EVENTS).nullable().default(null),
});
export type UsherCreateRequest = z.input<typeof UsherCreateRequest>;

/**
 * The answer to POST: the same fields whether or not the address already has an account (no
 * account enumeration); GET /api/v1/ushers/ then shows its status.
 */
export const UsherCreated = Usher.pick({
  id: true,
  email: true,
  role: true,
  events: true,
  created_at: true,
});
export type UsherCreated = z.infer<typeof UsherCreated>;

export const UsherParams = z.object({ id: DbIdParam });

/** GET /api/v1/ushers/events/ — "Events I scan for": events the reader is an active usher of. */
export const UsherEvent = z.object({
  id: z.number().int(),
  title: z.string(),
  cover: z.string().nullable(),
  timezone: z.string(),
  status: z.string(),
  organizer: z.object({ id: z.uuid(), name: z.string() }),
  role: UsherRole,
  /** The event's slots, by start. */
  event_dates: z.array(z.object({ id: z.number().int(), start: Instant, end: Instant })),
});
export type UsherEvent = z.infer<typeof UsherEvent>;
export const UsherEventList = paginated(UsherEvent);
export type UsherEventList = z.infer<typeof UsherEventList>;
