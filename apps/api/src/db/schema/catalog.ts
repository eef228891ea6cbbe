import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
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
  /** Hidden by an admin: kept (events may use it) but not listed to the public. */
  is_hidden: boolean('is_hidden').notNull().default(false),
  ...timestamps,
});

export const eventTypes = pgTable('event_types', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  slug: text('slug').notNull().unique(),
  name_en: text('name_en').notNull(),
  name_ar: text('name_ar').notNull(),
  position: integer('position').notNull().default(0),
  /** Hidden by an admin: kept (events may use it) but not listed to the public. */
  is_hidden: boolean('is_hidden').notNull().default(false),
  ...timestamps,
});

export const faqEntries = pgTable('faq_entries', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  question_en: text('question_en').notNull(),
  question_ar: text('question_ar').notNull(),
  answer_en: text('answer_en').notNull(),
  answer_ar: text('answer_ar').notNull(),
  position: integer('position').notNull().default(0),
  /** Hidden by an admin: kept (events may use it) but not listed to the public. */
  is_hidden: boolean('is_hidden').notNull().default(false),
  ...timestamps,
});

export const configurationPages = pgTable('configuration_pages', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  slug: text('slug').notNull().unique(),
  title_en: text('title_en').notNull(),
  title_ar: text('title_ar').notNull(),
  body_en: text('body_en').notNull(),
  body_ar: text('body_ar').notNull(),
  is_hidden: boolean('is_hidden').notNull().default(false),
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
    /** `new` → `in_progress` → `resolved` | `dismissed`, moved by admins. */
    status: text('status').notNull().default('new'),
    assignee_id: uuid('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (table) => [
    index('problem_reports_reporter_idx').on(table.reporter_id),
    index('problem_reports_status_idx').on(table.status, table.created_at),
    check(
      'problem_reports_status_check',
      sql`${table.status} in ('new', 'in_progress', 'resolved', 'dismissed')`,
    ),
  ],
);

/** Each status change or assignment of a report, with the admin's note, oldest first. */
export const problemReportChanges = pgTable(
  'problem_report_changes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    report_id: integer('report_id')
      .notNull()
      .references(() => problemReports.id, { onDelete: 'cascade' }),
    actor_id: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').notNull(),
    assignee_id: uuid('assignee_id'),
    note: text('note').notNull().default(''),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('problem_report_changes_report_idx').on(table.report_id, table.id)],
);
