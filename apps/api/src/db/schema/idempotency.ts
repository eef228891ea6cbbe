import {
  index,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * A remembered answer to a request sent with an Idempotency-Key, per user and operation. A row
 * without `response_status` is a request still being processed.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    request_hash: text('request_hash').notNull(),
    response_status: smallint('response_status'),
    response_body: jsonb('response_body'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.user_id, table.scope, table.key] }),
    index('idempotency_keys_created_idx').on(table.created_at),
  ],
);
