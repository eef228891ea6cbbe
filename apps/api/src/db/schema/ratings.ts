import { sql } from 'drizzle-orm';
import {
  check,
  index,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
  integer,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { timestamps } from './columns';
import { events } from './events';

/** A rating of an event by someone who attended it; one per user and event. */
export const eventRatings = pgTable(
  'event_ratings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    event_id: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    /** Denormalized from the event, so an organizer's average reads one index. */
    organizer_id: uuid('organizer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    comment: text('comment').notNull().default(''),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('event_ratings_event_user_unique').on(table.event_id, table.user_id),
    index('event_ratings_event_idx').on(table.event_id, table.created_at),
    index('event_ratings_organizer_idx').on(table.organizer_id, table.created_at),
    check('event_ratings_rating_check', sql`${table.rating} between 1 and 5`),
  ],
);
