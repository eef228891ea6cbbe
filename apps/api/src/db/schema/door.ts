import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { tickets } from './bookings';
import { events } from './events';

/**
 * An organizer's usher, by email address (normalized like `users.email`). The usher is `active`
 * while a verified account has that address, `invited` until then: no link is stored, so an
 * invitation becomes active the moment its address registers. Rights are read from this table
 * on every request (decision 0014). `event_ids` null means all of the organizer's events.
 */
export const ushers = pgTable(
  'ushers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizer_id: uuid('organizer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role').notNull().default('steward'),
    event_ids: integer('event_ids').array(),
    /** The organizer's language when inviting: an invitation to an unknown address uses it. */
    language: text('language').notNull().default('en'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('ushers_organizer_email_unique').on(table.organizer_id, table.email),
    index('ushers_email_idx').on(table.email),
    check('ushers_role_check', sql`${table.role} in ('steward', 'supervisor')`),
    check('ushers_email_normalised', sql`${table.email} = lower(btrim(${table.email}))`),
  ],
);

/**
 * Every scan at the door and every undo, append-only (a trigger refuses UPDATE and DELETE). A
 * scan keeps the answer it got (`result`, and for `ok`/`already_checked_in` when and by whom the
 * ticket was checked in), so a retry with the same nonce answers it again.
 */
export const checkIns = pgTable(
  'check_ins',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull().default('scan'),
    event_id: integer('event_id')
      .notNull()
      .references(() => events.id),
    /** Null for a code that named no ticket (`invalid`). */
    ticket_id: integer('ticket_id').references(() => tickets.id),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id),
    result: text('result'),
    nonce: text('nonce'),
    device: text('device'),
    /** The device's time of the scan (the server's when it sent none). */
    scanned_at: timestamp('scanned_at', { withTimezone: true }).notNull(),
    /** For an undo: the scan it reverses. */
    reverses_id: integer('reverses_id'),
    answer_checked_in_at: timestamp('answer_checked_in_at', { withTimezone: true }),
    answer_checked_in_by: uuid('answer_checked_in_by').references(() => users.id),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('check_ins_user_nonce_unique')
      .on(table.user_id, table.nonce)
      .where(sql`${table.nonce} is not null`),
    index('check_ins_ticket_idx').on(table.ticket_id, table.id),
    index('check_ins_event_idx').on(table.event_id, table.id),
    check('check_ins_kind_check', sql`${table.kind} in ('scan', 'undo')`),
    check(
      'check_ins_result_check',
      sql`(${table.kind} = 'undo' and ${table.result} is null) or ${table.result} in ('ok', 'already_checked_in', 'invalid', 'wrong_event', 'wrong_date', 'pending_approval', 'rejected', 'cancelled', 'refunded', 'not_paid')`,
    ),
  ],
);
