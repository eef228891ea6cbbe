import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Mail to send, written in the transaction of the change that causes it and delivered by the
 * mail worker (`lib/mail/mail-worker.ts`). A row holds what rendering needs (`kind` + `params`,
 * e.g. a booking's id), never the rendered message: attachments are made at send time. A row is
 * due when `status = 'pending'` and `next_attempt_at` has passed; claiming it moves
 * `next_attempt_at` to the end of the lease, so a row whose worker died is simply due again.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    language: text('language').notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status').notNull().default('pending'),
    /** Claims so far (a claim counts before the send, so a send that kills its process counts). */
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** The lease of the worker that holds the row; a failure is recorded only by its holder. */
    claimed_until: timestamp('claimed_until', { withTimezone: true }),
    /** After this a failing row stops being retried (`failed`). */
    give_up_at: timestamp('give_up_at', { withTimezone: true }).notNull(),
    last_error: text('last_error'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sent_at: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    index('mail_outbox_due_idx')
      .on(table.next_attempt_at)
      .where(sql`${table.status} = 'pending'`),
    index('mail_outbox_done_idx')
      .on(table.created_at)
      .where(sql`${table.status} <> 'pending'`),
    check(
      'mail_outbox_status_check',
      sql`${table.status} in ('pending', 'sent', 'skipped', 'failed')`,
    ),
  ],
);
