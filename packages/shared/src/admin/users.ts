import { z } from 'zod';
import { Role } from '../auth/users';
import { PaginationQuery, paginated } from '../common/pagination';
import { Instant, QueryBoolean } from '../common/time';

export const AdminUser = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  organization_name: z.string().nullable(),
  roles: z.array(Role),
  is_verified: z.boolean(),
  is_suspended: z.boolean(),
  suspension_reason: z.string().nullable(),
  suspended_at: Instant.nullable(),
  created_at: Instant,
});
export type AdminUser = z.infer<typeof AdminUser>;
export const AdminUserList = paginated(AdminUser);
export type AdminUserList = z.infer<typeof AdminUserList>;

/** One user with the latest of their events and bookings. */
export const AdminUserDetail = AdminUser.extend({
  events_count: z.number().int(),
  bookings_count: z.number().int(),
  events: z.array(
    z.object({ id: z.number().int(), title: z.string(), status: z.string(), created_at: Instant }),
  ),
  bookings: z.array(
    z.object({
      id: z.number().int(),
      event: z.object({ id: z.number().int(), title: z.string() }),
      status: z.string(),
      total: z.number().int(),
      currency: z.string(),
      created_at: Instant,
    }),
  ),
});
export type AdminUserDetail = z.infer<typeof AdminUserDetail>;

export const AdminUserQuery = PaginationQuery.extend({
  /** Name, organization or email. */
  search: z.string().trim().max(100).optional(),
  role: z.enum(['attendee', 'organizer', 'admin']).optional(),
  suspended: QueryBoolean.optional(),
  ordering: z.enum(['created_at', '-created_at', 'email', '-email']).default('-created_at'),
});
export type AdminUserQuery = z.infer<typeof AdminUserQuery>;

export const AdminUserParams = z.object({ id: z.uuid() });

/** POST /api/v1/admin/users/{id}/suspend/ */
export const SuspendRequest = z.strictObject({ reason: z.string().trim().min(3).max(500) });
export type SuspendRequest = z.infer<typeof SuspendRequest>;

/**
 * PATCH /api/v1/admin/users/{id}/roles/ — grant or remove the organizer role, promote an admin
 * (an admin cannot remove their own admin role).
 */
export const RolesPatch = z
  .strictObject({ is_organizer: z.boolean().optional(), is_admin: z.boolean().optional() })
  .refine((patch) => patch.is_organizer !== undefined || patch.is_admin !== undefined, {
    params: { code: 'required' },
    path: ['is_organizer'],
  });
export type RolesPatch = z.infer<typeof RolesPatch>;

export const ADMIN_USER_ERRORS = ['cannot_change_own_account', 'account_suspended'] as const;
