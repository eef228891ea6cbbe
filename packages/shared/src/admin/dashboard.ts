import { z } from 'zod';

/** GET /api/v1/admin/dashboard/ — what needs attention now, and the last seven days. */
export const AdminDashboard = z.object({
  new_reports: z.number().int(),
  pending_withdrawals: z.number().int(),
  events_published_this_week: z.number().int(),
  sign_ups_this_week: z.number().int(),
});
export type AdminDashboard = z.infer<typeof AdminDashboard>;
