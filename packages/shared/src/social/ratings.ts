import { z } from 'zod';
import { DbId, DbIdParam } from '../common/ids';
import { PaginationQuery, paginated } from '../common/pagination';
import { Instant } from '../common/time';

export const MAX_RATING_COMMENT = 2000;

/** Whole stars, 1–5 (a string "5" or 2.5 is a field error, not a rounding). */
export const Stars = z.number().int().min(1).max(5);

const ratingFields = {
  rating: Stars,
  comment: z.string().trim().max(MAX_RATING_COMMENT).default(''),
};

/** POST /api/v1/rate_event/ — one rating per attendee and event, after their slot ended. */
export const RatingCreateRequest = z.strictObject({ event: DbId, ...ratingFields });
export type RatingCreateRequest = z.infer<typeof RatingCreateRequest>;

/** PUT /api/v1/rate_event/{id}/ — the author replaces stars and comment. */
export const RatingUpdateRequest = z.strictObject(ratingFields);
export type RatingUpdateRequest = z.infer<typeof RatingUpdateRequest>;

export const RatingParams = z.object({ id: DbIdParam });

/** Which ratings: one event's, or all of one organizer's events'. Exactly one is needed. */
export const RatingFilter = z.object({
  event: DbIdParam.optional(),
  organizer: z.uuid().optional(),
  /** Only the reader's own rating (signed in); how the web finds the rating to edit. */
  mine: z.enum(['true', 'false']).optional(),
});
export type RatingFilter = z.infer<typeof RatingFilter>;

export const RatingListQuery = PaginationQuery.extend(RatingFilter.shape);
export type RatingListQuery = z.infer<typeof RatingListQuery>;

export const Rating = z.object({
  id: z.number().int(),
  event: z.number().int(),
  event_title: z.string(),
  rating: z.number().int(),
  comment: z.string(),
  user: z.object({ id: z.uuid(), name: z.string(), avatar: z.string().nullable() }),
  created_at: Instant,
  updated_at: Instant,
});
export type Rating = z.infer<typeof Rating>;

export const RatingList = paginated(Rating);
export type RatingList = z.infer<typeof RatingList>;

/** GET /api/v1/rate_event/summary/ — the average (one decimal) is null without ratings. */
export const RatingSummary = z.object({
  average: z.number().nullable(),
  count: z.number().int(),
  distribution: z.object({
    1: z.number().int(),
    2: z.number().int(),
    3: z.number().int(),
    4: z.number().int(),
    5: z.number().int(),
  }),
});
export type RatingSummary = z.infer<typeof RatingSummary>;
