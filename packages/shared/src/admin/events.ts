import { z } from 'zod';
import { DbIdParam } from '../common/ids';
import { PaginationQuery, paginated } from '../common/pagination';
import { Instant, QueryBoolean } from '../common/time';

export const AdminEvent = z.object({
  id: z.number().int(),
  title: z.string(),
  status: z.enum(['draft', 'published', 'cancelled']),
  is_featured: z.boolean(),
  organizer: z.object({ id: z.uuid(), name: z.string(), email: z.string() }),
  category: z.object({ id: z.number().int(), name_en: z.string(), name_ar: z.string() }),
  first_start_at: Instant.nullable(),
  published_at: Instant.nullable(),
  created_at: Instant,
});
export type AdminEvent = z.infer<typeof AdminEvent>;
export const AdminEventList = paginated(AdminEvent);
export type AdminEventList = z.infer<typeof AdminEventList>;

export const AdminEventQuery = PaginationQuery.extend({
  /** Title, organizer name or email. */
  search: z.string().trim().max(100).optional(),
  status: z.enum(['draft', 'published', 'cancelled']).optional(),
  featured: QueryBoolean.optional(),
  ordering: z
    .enum(['created_at', '-created_at', 'first_start_at', '-first_start_at', 'title', '-title'])
    .default('-created_at'),
});
export type AdminEventQuery = z.infer<typeof AdminEventQuery>;

export const AdminEventParams = z.object({ id: DbIdParam });

/** POST /api/v1/admin/events/{id}/unpublish/ — back to draft; the organizer is told why. */
export const UnpublishRequest = z.strictObject({
  reason: z.string().trim().min(3).max(1000),
});
export type UnpublishRequest = z.infer<typeof UnpublishRequest>;

/** PATCH /api/v1/admin/events/{id}/ — only the home page's featured mark. */
export const AdminEventPatch = z.strictObject({ is_featured: z.boolean() });
export type AdminEventPatch = z.infer<typeof AdminEventPatch>;

export const ADMIN_EVENT_ERRORS = ['event_not_published'] as const;
