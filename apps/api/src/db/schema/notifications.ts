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
import { eventDates, events } from './events';

/**
 * One thing that happened, for one user. `kind` and `params` are stored, never rendered text:
 * the title and content are rendered in the reader's language each time they are read.
 * `type` and `value` say what it opens (a ticket or an event).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    type: text('type').notNull(),
    value: integer('value').notNull(),
    /** Null only for `withdrawal` notifications (about no event). */
    event_id: integer('event_id').references(() => events.id, { onDelete: 'cascade' }),
    booking_id: integer('booking_id'),
    event_date_id: integer('event_date_id'),
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
    seen: boolean('seen').notNull().default(false),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('notifications_user_idx').on(table.user_id, table.created_at.desc(), table.id.desc()),
    index('notifications_unseen_idx')
      .on(table.user_id)
      .where(sql`not ${table.seen}`),
    check(
      'notifications_type_check',
      sql`${table.type} in ('ticket', 'event', 'withdrawal', 'report')`,
    ),
  ],
);

/**
 * A notification to many (an event's ticket holders, an organizer's followers), written in the
 * same transaction as the change it announces and fanned out afterwards by a job: one
 * set-based insert, then the pushes. A job claimed by a process that died is claimed again.
 */
export const notificationFanouts = pgTable(
  'notification_fanouts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    audience: text('audience').notNull(),
    event_id: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    /** Only this slot's ticket holders (a slot's time changed). */
    event_date_id: integer('event_date_id').references(() => eventDates.id, {
      onDelete: 'cascade',
    }),
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    claimed_until: timestamp('claimed_until', { withTimezone: true }),
    done_at: timestamp('done_at', { withTimezone: true }),
  },
  (table) => [
    index('notification_fanouts_open_idx')
      .on(table.id)
      .where(sql`${table.done_at} is null`),
    check(
      'notification_fanouts_audience_check',
      sql`${table.audience} in ('holders', 'followers')`,
    ),
  ],
);
