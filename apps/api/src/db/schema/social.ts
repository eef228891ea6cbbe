import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { events } from './events';

export const wishlistItems = pgTable(
  'wishlist_items',
  {
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    event_id: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.user_id, table.event_id] }),
    index('wishlist_items_user_idx').on(table.user_id, table.created_at),
  ],
);

export const follows = pgTable(
  'follows',
  {
    follower_id: uuid('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizer_id: uuid('organizer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.follower_id, table.organizer_id] }),
    index('follows_organizer_idx').on(table.organizer_id, table.created_at),
    check('follows_not_self', sql`${table.follower_id} <> ${table.organizer_id}`),
  ],
);
