import { z } from 'zod';
import { paginated } from '../common/pagination';

export const EventType = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
});
export type EventType = z.infer<typeof EventType>;

export const EventTypeList = paginated(EventType);
export type EventTypeList = z.infer<typeof EventTypeList>;
