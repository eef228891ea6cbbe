import { timestamp } from 'drizzle-orm/pg-core';

/** When a row was made and last changed; every table with editable rows carries both. */
export const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};
