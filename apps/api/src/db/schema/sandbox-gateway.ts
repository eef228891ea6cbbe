import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The sandbox gateway's own books: what it captured and refunded, as a processor would keep them. */
export const sandboxCharges = pgTable(
  'sandbox_charges',
  {
    id: text('id').primaryKey(),
    idempotency_key: text('idempotency_key').notNull().unique(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    refunded: integer('refunded').notNull().default(0),
    card_last4: text('card_last4').notNull(),
    description: text('description').notNull().default(''),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'sandbox_charges_refund_check',
      sql`${table.amount} > 0 and ${table.refunded} between 0 and ${table.amount}`,
    ),
  ],
);

export const sandboxRefunds = pgTable('sandbox_refunds', {
  id: text('id').primaryKey(),
  charge_id: text('charge_id')
    .notNull()
    .references(() => sandboxCharges.id),
  idempotency_key: text('idempotency_key').notNull().unique(),
  amount: integer('amount').notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
