import { z } from 'zod';
import { DbId } from '../common/ids';

export const ProblemReportRequest = z.strictObject({
  subject: z.string().trim().min(3).max(200),
  message: z.string().trim().min(10).max(5000),
  event: DbId.nullish(),
});
export type ProblemReportRequest = z.infer<typeof ProblemReportRequest>;

export const ProblemReport = z.object({
  id: z.number().int(),
  subject: z.string(),
  message: z.string(),
  event: z.number().int().nullable(),
  status: z.enum(['open', 'resolved']),
  created_at: z.string(),
});
export type ProblemReport = z.infer<typeof ProblemReport>;
