import { z } from 'zod';
import { LANGUAGES } from '../common/i18n';

export const AppInfo = z.object({
  name: z.string(),
  version: z.string(),
  default_language: z.enum(LANGUAGES),
  languages: z.array(
    z.object({ code: z.enum(LANGUAGES), name: z.string(), dir: z.enum(['ltr', 'rtl']) }),
  ),
  default_currency: z.string().length(3),
  currencies: z.array(
    z.object({ code: z.string().length(3), name: z.string(), minor_units: z.number().int() }),
  ),
  limits: z.object({
    events_published_per_month: z.number().int(),
    max_tickets_per_order: z.number().int(),
    hold_minutes: z.number().int(),
    max_upload_bytes: z.number().int(),
  }),
  monitoring: z.object({
    /** Public DSN for the browser SDK, or null when error reporting is off. */
    dsn: z.string().nullable(),
    tunnel: z.string(),
  }),
});
export type AppInfo = z.infer<typeof AppInfo>;

export const HomeSection = z.object({
  id: z.string(),
  kind: z.enum(['categories', 'upcoming', 'popular', 'near_me', 'organizers', 'this_month']),
  title: z.string(),
  position: z.number().int(),
});
export type HomeSection = z.infer<typeof HomeSection>;

export const HomePageConfig = z.object({
  key: z.literal('home-page-config'),
  value: z.array(HomeSection),
});
export type HomePageConfig = z.infer<typeof HomePageConfig>;
