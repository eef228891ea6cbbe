import { z } from 'zod';

/** Content pages (terms, privacy, about) are reached by numeric id or by slug. */
export const ConfigurationPageParams = z.object({
  id: z
    .string()
    .regex(/^(\d{1,9}|[a-z0-9]+(?:-[a-z0-9]+)*)$/)
    .max(64),
});

export const ConfigurationPage = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  /** Plain text; paragraphs are separated by a blank line. */
  body: z.string(),
  updated_at: z.string(),
});
export type ConfigurationPage = z.infer<typeof ConfigurationPage>;

export const CONFIGURATION_PAGE_SLUGS = ['terms', 'privacy', 'about'] as const;
