import { z } from 'zod';
import { DbIdParam } from '../common/ids';
import { paginated } from '../common/pagination';

export const Category = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  icon: z.string(),
});
export type Category = z.infer<typeof Category>;

export const CategoryList = paginated(Category);
export type CategoryList = z.infer<typeof CategoryList>;

export const CategoryParams = z.object({ id: DbIdParam });
