import { z } from 'zod';
import { DbId, DbIdParam } from '../common/ids';
import { PaginationQuery, paginated } from '../common/pagination';
import { CalendarDayInput, Instant, InstantInput, WallTime } from '../common/time';

/** A time slot. `start`/`end` are sent with any offset and answered in the event's time zone. */
export const EventDate = z.object({
  id: z.number().int(),
  event: z.number().int(),
  start: Instant,
  end: Instant,
  /** Whether the slot sells its seats from a seat chart (`GET /event_dates/{id}/chart/`). */
  has_seat_map: z.boolean(),
});
export type EventDate = z.infer<typeof EventDate>;

export const EventDateList = paginated(EventDate);

export const EventDateCreateRequest = z.strictObject({
  event: DbId,
  start: InstantInput,
  end: InstantInput,
});
export type EventDateCreateRequest = z.infer<typeof EventDateCreateRequest>;

export const EventDateUpdateRequest = z.strictObject({
  start: InstantInput.optional(),
  end: InstantInput.optional(),
});
export type EventDateUpdateRequest = z.infer<typeof EventDateUpdateRequest>;

export const EventDateParams = z.object({ id: DbIdParam });

export const EventDateListQuery = PaginationQuery.extend({
  event: DbIdParam.optional(),
  /** true: only slots that have not ended. */
  upcoming: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
});
export type EventDateListQuery = z.infer<typeof EventDateListQuery>;

/** At most this many slots come from one repeating pattern. */
export const MAX_BULK_DATES = 500;

/**
 * POST /api/v1/event_dates/bulk/ — a repeating pattern in the event's time zone: every listed
 * weekday (0 = Sunday … 6 = Saturday) from `start_date` to `end_date` inclusive, one slot per
 * listed time. An `end` at or before its `start` ends the next day (a late show). Slots that
 * would start in the past or that already exist are skipped and counted.
 */
export const EventDateBulkRequest = z.strictObject({
  event: DbId,
  start_date: CalendarDayInput,
  end_date: CalendarDayInput,
  days_of_week: z.array(z.number().int().min(0).max(6)).min(1).max(7),
  times: z
    .array(z.strictObject({ start: WallTime, end: WallTime }))
    .min(1)
    .max(12),
});
export type EventDateBulkRequest = z.infer<typeof EventDateBulkRequest>;

export const EventDateBulkResult = z.object({
  created: z.number().int(),
  skipped: z.number().int(),
  results: z.array(EventDate),
});
export type EventDateBulkResult = z.infer<typeof EventDateBulkResult>;
