import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { timestamps } from './columns';
import { eventDates, events, promoCodes, ticketCategories } from './events';

/**
 * An order for one time slot. While `pending` it holds its tickets (counted in
 * `ticket_inventory.held`) until `expires_at`; a lapsed hold counts for nobody even before the
 * sweep marks it `expired` (see docs/decisions/0005). Money columns are minor units of `currency`.
 * Financial rows are never deleted, so the foreign keys do not cascade.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id),
    event_id: integer('event_id')
      .notNull()
      .references(() => events.id),
    event_date_id: integer('event_date_id')
      .notNull()
      .references(() => eventDates.id),
    status: text('status').notNull().default('pending'),
    currency: text('currency').notNull(),
    subtotal: integer('subtotal').notNull(),
    discount: integer('discount').notNull().default(0),
    fees: integer('fees').notNull().default(0),
    total: integer('total').notNull(),
    refunded_amount: integer('refunded_amount').notNull().default(0),
    promo_code_id: integer('promo_code_id').references(() => promoCodes.id),
    /** The buyer's language when booking: emails and PDFs about it use it. */
    language: text('language').notNull().default('en'),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    confirmed_at: timestamp('confirmed_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    index('bookings_user_idx').on(table.user_id, table.created_at),
    index('bookings_event_date_idx').on(table.event_date_id, table.status),
    index('bookings_event_status_idx').on(table.event_id, table.status),
    // Open holds, for the per-user hold limit, lapsed-hold release and live availability.
    index('bookings_pending_idx')
      .on(table.expires_at)
      .where(sql`${table.status} = 'pending'`),
    index('bookings_pending_user_idx')
      .on(table.user_id, table.expires_at)
      .where(sql`${table.status} = 'pending'`),
    check(
      'bookings_status_check',
      sql`${table.status} in ('pending', 'confirmed', 'partially_refunded', 'refunded', 'expired', 'cancelled')`,
    ),
    check(
      'bookings_amounts_check',
      sql`${table.subtotal} >= 0 and ${table.discount} >= 0 and ${table.discount} <= ${table.subtotal} and ${table.fees} >= 0 and ${table.total} = ${table.subtotal} - ${table.discount} + ${table.fees} and ${table.refunded_amount} between 0 and ${table.total}`,
    ),
  ],
);

/** What a booking holds or bought per ticket category, at the price of the moment it was made. */
export const bookingItems = pgTable(
  'booking_items',
  {
    booking_id: integer('booking_id')
      .notNull()
      .references(() => bookings.id),
    ticket_category_id: integer('ticket_category_id')
      .notNull()
      .references(() => ticketCategories.id),
    quantity: integer('quantity').notNull(),
    unit_price: integer('unit_price').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.booking_id, table.ticket_category_id] }),
    index('booking_items_category_idx').on(table.ticket_category_id),
    check('booking_items_quantity_check', sql`${table.quantity} >= 1`),
    check('booking_items_price_check', sql`${table.unit_price} >= 0`),
  ],
);

export const tickets = pgTable(
  'tickets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    booking_id: integer('booking_id')
      .notNull()
      .references(() => bookings.id),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id),
    event_id: integer('event_id')
      .notNull()
      .references(() => events.id),
    event_date_id: integer('event_date_id')
      .notNull()
      .references(() => eventDates.id),
    ticket_category_id: integer('ticket_category_id')
      .notNull()
      .references(() => ticketCategories.id),
    status: text('status').notNull().default('pending'),
    price: integer('price').notNull(),
    discount: integer('discount').notNull().default(0),
    /** The platform's share of what was paid for this ticket, fixed at confirmation. */
    platform_fee: integer('platform_fee').notNull().default(0),
    holder_name: text('holder_name').notNull().default(''),
    holder_email: text('holder_email').notNull().default(''),
    holder_phone: text('holder_phone').notNull().default(''),
    /** Random; the QR payload signs the ticket id with it, so a reissued code voids the old one. */
    secret: text('secret').notNull(),
    checked_in_at: timestamp('checked_in_at', { withTimezone: true }),
    /** Who checked it in (see check_ins for every scan); set and cleared with `checked_in_at`. */
    checked_in_by: uuid('checked_in_by').references(() => users.id),
    /** Kept by a trigger on every change: the offline check-in list's deltas read it. */
    ...timestamps,
  },
  (table) => [
    index('tickets_booking_idx').on(table.booking_id),
    index('tickets_user_event_idx').on(table.user_id, table.event_id, table.id),
    index('tickets_event_date_idx').on(table.event_date_id, table.status),
    index('tickets_event_changed_idx').on(table.event_id, table.updated_at, table.id),
    check(
      'tickets_status_check',
      sql`${table.status} in ('pending', 'pending_approval', 'valid', 'rejected', 'checked_in', 'cancelled', 'refunded', 'expired')`,
    ),
    check(
      'tickets_amounts_check',
      sql`${table.price} >= 0 and ${table.discount} between 0 and ${table.price} and ${table.platform_fee} between 0 and ${table.price} - ${table.discount}`,
    ),
  ],
);

/** Per-user uses of a promo code (pending and confirmed bookings), raised with a conditional upsert. */
export const promoCodeRedemptions = pgTable(
  'promo_code_redemptions',
  {
    promo_code_id: integer('promo_code_id')
      .notNull()
      .references(() => promoCodes.id, { onDelete: 'cascade' }),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    uses: integer('uses').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.promo_code_id, table.user_id] }),
    check('promo_code_redemptions_uses_check', sql`${table.uses} >= 0`),
  ],
);

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
