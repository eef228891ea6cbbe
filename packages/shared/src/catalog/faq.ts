import { z } from 'zod';
import { paginated } from '../common/pagination';

export const FaqEntry = z.object({
  id: z.number().int(),
  question: z.string(),
  answer: z.string(),
  position: z.number().int(),
});
export type FaqEntry = z.infer<typeof FaqEntry>;

export const FaqList = paginated(FaqEntry);
export type FaqList = z.infer<typeof FaqList>;
