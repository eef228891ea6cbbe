import { z } from 'zod';
import { InstantInput, Instant } from '../common/time';
import { PaginationQuery, paginated } from '../common/pagination';

/** What an admin action is about, as recorded in the audit log. */
export const AUDIT_TARGET_TYPES = [
  'category',
  'event_type',
  'faq_entry',
  'configuration_page',
  'home_page_config',
  'platform_settings',
  'problem_report',
  'event',
  'user',
  'withdrawal',
] as const;
export const AuditTargetType = z.enum(AUDIT_TARGET_TYPES);
export type AuditTargetType = z.infer<typeof AuditTargetType>;

/** A recorded state: the fields staff read of the target (an object, or a list for a reorder). */
const AuditState = z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]).nullable();

/** One admin action: who, what, on what, the state before and after, when, from where. */
export const AuditEntry = z.object({
  id: z.number().int(),
  actor: z.object({ id: z.uuid(), email: z.string() }),
  action: z.string(),
  target_type: AuditTargetType,
  target_id: z.string(),
  before: AuditState,
  after: AuditState,
  ip_address: z.string().nullable(),
  created_at: Instant,
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditLogList = paginated(AuditEntry);
export type AuditLogList = z.infer<typeof AuditLogList>;

/** GET /api/v1/admin/audit-log/ — newest first; every filter optional, `from` and `to` inclusive. */
export const AuditLogQuery = PaginationQuery.extend({
  actor: z.uuid().optional(),
  action: z.string().trim().min(1).max(60).optional(),
  target_type: AuditTargetType.optional(),
  target_id: z.string().trim().min(1).max(60).optional(),
  from: InstantInput.optional(),
  to: InstantInput.optional(),
});
export type AuditLogQuery = z.infer<typeof AuditLogQuery>;
