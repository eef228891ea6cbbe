import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { timestamps } from './columns';

// Bilingual platform content: every human text column exists once per language.

export const categories = pgTable('categories', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  slug: text('slug').notNull().unique(),
  name_en: text('name_en').notNull(),
  name_ar: text('name_ar').notNull(),
  description_en: text('description_en').notNull().default(''),
  description_ar: text('description_ar').notNull().default(''),
  icon: text('icon').notNull().default(''),
  position: integer('position').notNull().default(0),
  ...timestamps,
});

export const eventTypes = pgTable('event_types', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  slug: text('slug').notNull().unique(),
  name_en: text('name_en').notNull(),
  name_ar: text('name_ar').notNull(),
  position: integer('position').notNull().default(0),
  ...timestamps,
});

export const faqEntries = pgTable('faq_entries', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  question_en: text('question_en').notNull(),
  question_ar: text('question_ar').notNull(),
  answer_en: text('answer_en').notNull(),
  answer_ar: text('answer_ar').notNull(),
  position: integer('position').notNull().default(0),
  ...timestamps,
});

export const configurationPages = pgTable('configuration_pages', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  slug: text('slug').notNull().unique(),
  title_en: text('title_en').notNull(),
  title_ar: text('title_ar').notNull(),
  body_en: text('body_en').notNull(),
  body_ar: text('body_ar').notNull(),
  ...timestamps,
});

/** Key → JSON settings edited by admins (home sections, publishing limits, fees). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  ...timestamps,
});

export const problemReports = pgTable(
  'problem_reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    reporter_id: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    event_id: integer('event_id'),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    status: text('status').notNull().default('open'),
    ...timestamps,
  },
  (table) => [
    index('problem_reports_reporter_idx').on(table.reporter_id),
    check('problem_reports_status_check', sql`${table.status} in ('open', 'resolved')`),
  ],
);
