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

/**
 * What a home section shows: category chips, featured events (picked by staff), the soonest,
 * this weekend's (Friday to Sunday, so both Gulf and Western weekends), near the visitor, the
 * most wishlisted, one category's, or organizers to follow.
 */
export const HOME_SECTION_KINDS = [
  'categories',
  'featured',
  'upcoming',
  'this_weekend',
  'near_me',
  'popular',
  'category',
  'organizers',
] as const;
export const HomeSectionKind = z.enum(HOME_SECTION_KINDS);
export type HomeSectionKind = z.infer<typeof HomeSectionKind>;

export const HomeSection = z.object({
  id: z.string(),
  kind: HomeSectionKind,
  title: z.string(),
  position: z.number().int(),
  /** For a `category` section: the category's slug. */
  category: z.string().nullable(),
});
export type HomeSection = z.infer<typeof HomeSection>;

/** What admins store: the titles in every language. */
export const HomeSectionSetting = HomeSection.omit({ title: true }).extend({
  id: z.string().regex(/^[a-z0-9-]{1,40}$/),
  position: z.number().int().min(0).max(1000),
  category: z.string().max(60).nullable().default(null),
  title_en: z.string().trim().min(1).max(100),
  title_ar: z.string().trim().min(1).max(100),
  /** Hidden by an admin: kept in the configuration, not shown on the home page. */
  hidden: z.boolean().default(false),
});
export type HomeSectionSetting = z.infer<typeof HomeSectionSetting>;

/** PUT /api/v1/admin/app_config/home-page-config/ */
export const HomePageConfigRequest = z.strictObject({
  value: z.array(z.strictObject(HomeSectionSetting.shape)).max(20),
});
export type HomePageConfigRequest = z.infer<typeof HomePageConfigRequest>;

export const HomePageConfig = z.object({
  key: z.literal('home-page-config'),
  value: z.array(HomeSection),
});
export type HomePageConfig = z.infer<typeof HomePageConfig>;

/** GET /api/v1/admin/app_config/home-page-config/ — what admins stored, both languages, hidden ones too. */
export const AdminHomePageConfig = z.object({
  key: z.literal('home-page-config'),
  value: z.array(HomeSectionSetting),
});
export type AdminHomePageConfig = z.infer<typeof AdminHomePageConfig>;
