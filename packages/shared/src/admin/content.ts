import { z } from 'zod';
import { DbId, DbIdParam } from '../common/ids';
import { PaginationQuery, paginated } from '../common/pagination';
import { Instant, QueryBoolean } from '../common/time';

/**
 * Platform content as admins edit it: every text in English and Arabic side by side. English is
 * required; an empty Arabic field is allowed (readers of Arabic then see the English) and is
 * what the console marks as "missing Arabic".
 */
const english = (max: number) => z.string().trim().min(1).max(max);
const arabic = (max: number) => z.string().trim().max(max);
const Slug = z
  .string()
  .trim()
  .max(60)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
const Position = z.number().int().min(0).max(10_000);

/** The content kinds with a list in the console. */
export const CONTENT_KINDS = ['categories', 'event-types', 'faq', 'pages'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

/** `title` sorts by the main English text (a name, a question, a page title). */
export const CONTENT_ORDERINGS = [
  'position',
  '-position',
  'title',
  '-title',
  'updated_at',
  '-updated_at',
] as const;

/** Every admin content list: a page, a search over both languages, a sort and a hidden filter. */
export const ContentListQuery = PaginationQuery.extend({
  search: z.string().trim().max(100).optional(),
  ordering: z.enum(CONTENT_ORDERINGS).default('position'),
  hidden: QueryBoolean.optional(),
});
export type ContentListQuery = z.infer<typeof ContentListQuery>;

export const ContentParams = z.object({ id: DbIdParam });

/** PUT …/reorder/ — the ids in their new order; each gets its index as its position. */
export const ReorderRequest = z.strictObject({
  ids: z.array(DbId).min(1).max(500),
});
export type ReorderRequest = z.infer<typeof ReorderRequest>;

const adminFields = {
  id: z.number().int(),
  is_hidden: z.boolean(),
  updated_at: Instant,
};

/**
 * Each kind's fields once: a create fills the optional ones with their defaults, an edit
 * (PATCH) changes only the fields it sends — no default may overwrite what is stored.
 */
const CategoryFields = z.strictObject({
  slug: Slug,
  name_en: english(100),
  name_ar: arabic(100),
  description_en: z.string().trim().max(500),
  description_ar: arabic(500),
  icon: z.string().trim().max(60),
  position: Position,
  is_hidden: z.boolean(),
});
export const CategoryInput = CategoryFields.extend({
  name_ar: CategoryFields.shape.name_ar.default(''),
  description_en: CategoryFields.shape.description_en.default(''),
  description_ar: CategoryFields.shape.description_ar.default(''),
  icon: CategoryFields.shape.icon.default(''),
  position: Position.default(0),
  is_hidden: z.boolean().default(false),
});
export type CategoryInput = z.infer<typeof CategoryInput>;
export const CategoryPatch = CategoryFields.partial();
export type CategoryPatch = z.infer<typeof CategoryPatch>;
export const AdminCategory = z.object({
  ...adminFields,
  slug: z.string(),
  name_en: z.string(),
  name_ar: z.string(),
  description_en: z.string(),
  description_ar: z.string(),
  icon: z.string(),
  position: z.number().int(),
  /** How many events use it; one that is used cannot be deleted (`category_in_use`). */
  events_count: z.number().int(),
});
export type AdminCategory = z.infer<typeof AdminCategory>;
export const AdminCategoryList = paginated(AdminCategory);

const EventTypeFields = z.strictObject({
  slug: Slug,
  name_en: english(100),
  name_ar: arabic(100),
  position: Position,
  is_hidden: z.boolean(),
});
export const EventTypeInput = EventTypeFields.extend({
  name_ar: arabic(100).default(''),
  position: Position.default(0),
  is_hidden: z.boolean().default(false),
});
export type EventTypeInput = z.infer<typeof EventTypeInput>;
export const EventTypePatch = EventTypeFields.partial();
export type EventTypePatch = z.infer<typeof EventTypePatch>;
export const AdminEventType = z.object({
  ...adminFields,
  slug: z.string(),
  name_en: z.string(),
  name_ar: z.string(),
  position: z.number().int(),
  events_count: z.number().int(),
});
export type AdminEventType = z.infer<typeof AdminEventType>;
export const AdminEventTypeList = paginated(AdminEventType);

const FaqFields = z.strictObject({
  question_en: english(300),
  question_ar: arabic(300),
  answer_en: english(5000),
  answer_ar: arabic(5000),
  position: Position,
  is_hidden: z.boolean(),
});
export const FaqInput = FaqFields.extend({
  question_ar: arabic(300).default(''),
  answer_ar: arabic(5000).default(''),
  position: Position.default(0),
  is_hidden: z.boolean().default(false),
});
export type FaqInput = z.infer<typeof FaqInput>;
export const FaqPatch = FaqFields.partial();
export type FaqPatch = z.infer<typeof FaqPatch>;
export const AdminFaqEntry = z.object({
  ...adminFields,
  question_en: z.string(),
  question_ar: z.string(),
  answer_en: z.string(),
  answer_ar: z.string(),
  position: z.number().int(),
});
export type AdminFaqEntry = z.infer<typeof AdminFaqEntry>;
export const AdminFaqList = paginated(AdminFaqEntry);

const PageFields = z.strictObject({
  slug: Slug,
  title_en: english(200),
  title_ar: arabic(200),
  body_en: english(50_000),
  body_ar: arabic(50_000),
  is_hidden: z.boolean(),
});
export const PageInput = PageFields.extend({
  title_ar: arabic(200).default(''),
  body_ar: arabic(50_000).default(''),
  is_hidden: z.boolean().default(false),
});
export type PageInput = z.infer<typeof PageInput>;
export const PagePatch = PageFields.partial();
export type PagePatch = z.infer<typeof PagePatch>;
export const AdminPage = z.object({
  ...adminFields,
  slug: z.string(),
  title_en: z.string(),
  title_ar: z.string(),
  body_en: z.string(),
  body_ar: z.string(),
});
export type AdminPage = z.infer<typeof AdminPage>;
export const AdminPageList = paginated(AdminPage);

/** Error codes of the content calls, beyond the field codes. */
export const CONTENT_ERRORS = ['category_in_use', 'event_type_in_use'] as const;
