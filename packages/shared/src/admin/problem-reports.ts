import { z } from 'zod';
import { DbIdParam } from '../common/ids';
import { PaginationQuery, paginated } from '../common/pagination';
import { Instant } from '../common/time';

/** `new` → `in_progress` → `resolved` | `dismissed`; admins may reopen one. */
export const PROBLEM_REPORT_STATUSES = ['new', 'in_progress', 'resolved', 'dismissed'] as const;
export const ProblemReportStatus = z.enum(PROBLEM_REPORT_STATUSES);
export type ProblemReportStatus = z.infer<typeof ProblemReportStatus>;

const Person = z.object({ id: z.uuid(), email: z.string(), name: z.string() });

export const ProblemReportChange = z.object({
  status: ProblemReportStatus,
  assignee: Person.nullable(),
  note: z.string(),
  by: Person.nullable(),
  at: Instant,
});
export type ProblemReportChange = z.infer<typeof ProblemReportChange>;

/** What platform staff see: the report, who sent it, who handles it and its history. */
export const AdminProblemReport = z.object({
  id: z.number().int(),
  subject: z.string(),
  message: z.string(),
  event: z.number().int().nullable(),
  status: ProblemReportStatus,
  reporter: Person,
  assignee: Person.nullable(),
  history: z.array(ProblemReportChange),
  created_at: Instant,
  updated_at: Instant,
});
export type AdminProblemReport = z.infer<typeof AdminProblemReport>;
export const AdminProblemReportList = paginated(AdminProblemReport);
export type AdminProblemReportList = z.infer<typeof AdminProblemReportList>;

export const AdminProblemReportQuery = PaginationQuery.extend({
  status: ProblemReportStatus.optional(),
  /** Reports assigned to this admin. */
  assignee: z.uuid().optional(),
  search: z.string().trim().max(100).optional(),
  ordering: z
    .enum(['created_at', '-created_at', 'updated_at', '-updated_at'])
    .default('-created_at'),
});
export type AdminProblemReportQuery = z.infer<typeof AdminProblemReportQuery>;

export const ProblemReportParams = z.object({ id: DbIdParam });

/**
 * PATCH /api/v1/admin/problem-reports/{id}/ — a status change, an assignment (null unassigns),
 * or both, with a note. Resolving notifies the reporter.
 */
export const ProblemReportPatch = z
  .strictObject({
    status: ProblemReportStatus.optional(),
    assignee: z.uuid().nullable().optional(),
    note: z.string().trim().max(2000).default(''),
  })
  .refine((patch) => patch.status !== undefined || patch.assignee !== undefined, {
    params: { code: 'required' },
    path: ['status'],
  });
export type ProblemReportPatch = z.infer<typeof ProblemReportPatch>;
