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
import { bookings } from './bookings';
import { timestamps } from './columns';

/** A captured payment for a booking (at most one per booking). */
export const payments = pgTable(
  'payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    booking_id: integer('booking_id')
      .notNull()
      .references(() => bookings.id),
    gateway: text('gateway').notNull(),
    gateway_charge_id: text('gateway_charge_id').notNull(),
    amount: integer('amount').notNull(),
    refunded_amount: integer('refunded_amount').notNull().default(0),
    currency: text('currency').notNull(),
    card_last4: text('card_last4'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('payments_booking_unique').on(table.booking_id),
    uniqueIndex('payments_charge_unique').on(table.gateway, table.gateway_charge_id),
    check(
      'payments_refund_check',
      sql`${table.amount} > 0 and ${table.refunded_amount} between 0 and ${table.amount}`,
    ),
  ],
);

export const refunds = pgTable(
  'refunds',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    booking_id: integer('booking_id')
      .notNull()
      .references(() => bookings.id),
    payment_id: integer('payment_id').references(() => payments.id),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    reason: text('reason').notNull(),
    gateway_refund_id: text('gateway_refund_id'),
    ticket_ids: integer('ticket_ids').array().notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('refunds_booking_idx').on(table.booking_id),
    check('refunds_amount_check', sql`${table.amount} >= 0`),
    check(
      'refunds_reason_check',
      sql`${table.reason} in ('requested', 'event_cancelled', 'hold_lapsed', 'rejected')`,
    ),
  ],
);

/**
 * A payment attempt, written before the gateway is asked to charge (see docs/decisions/0010).
 * `charging` until the charge is applied (the booking confirmed with it), refunded (it could not
 * be applied) or found to have failed; the sweep settles an attempt still `charging` after
 * `settle_after` by asking the gateway for the charge under `gateway_key`. At most one attempt
 * of a booking is open, so identical calls share one gateway key and reach the gateway as one
 * charge; a new attempt (a new number, a new key) starts only after the last one ended.
 */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    booking_id: integer('booking_id')
      .notNull()
      .references(() => bookings.id),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** 1, 2, … per booking. */
    number: integer('number').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    gateway: text('gateway').notNull(),
    /** The idempotency key the gateway sees: `pay:<booking>:<number>`. */
    gateway_key: text('gateway_key').notNull(),
    /** Hash of what is charged and how; a concurrent call joins the open attempt only when equal. */
    request_hash: text('request_hash').notNull(),
    /** The client's Idempotency-Key of the call that opened it: the sweep answers it once settled. */
    idempotency_key: text('idempotency_key'),
    status: text('status').notNull().default('charging'),
    gateway_charge_id: text('gateway_charge_id'),
    refund_id: integer('refund_id').references(() => refunds.id),
    /** Why a refunded charge could not be applied: the refusal its caller is answered. */
    refusal: text('refusal'),
    /** When the sweep may settle it; every call that joins it and every claim moves it on. */
    settle_after: timestamp('settle_after', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('payment_attempts_booking_number_unique').on(table.booking_id, table.number),
    uniqueIndex('payment_attempts_open_unique')
      .on(table.booking_id)
      .where(sql`${table.status} = 'charging'`),
    uniqueIndex('payment_attempts_gateway_key_unique').on(table.gateway, table.gateway_key),
    index('payment_attempts_refund_idx')
      .on(table.refund_id)
      .where(sql`${table.refund_id} is not null`),
    index('payment_attempts_settle_idx')
      .on(table.settle_after)
      .where(sql`${table.status} = 'charging'`),
    check(
      'payment_attempts_status_check',
      sql`${table.status} in ('charging', 'applied', 'refunded', 'failed')`,
    ),
    check('payment_attempts_amount_check', sql`${table.amount} > 0`),
  ],
);
