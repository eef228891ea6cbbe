import { BOOKING_STATUSES, TICKET_STATUSES } from '@hafla/shared/bookings/states';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { stateList } from '../../lib/sql-list';
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
    check('bookings_status_check', sql`${table.status} in ${stateList(BOOKING_STATUSES)}`),
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

/**
 * The seats of a time slot with a seat chart, one row per seat of the pinned version, with what
 * a ticket prints (section, row, seat) and what the seat rules need (the row, the seat's place
 * in it, its neighbours, its distance to the focal point). `booking_id` is the booking holding
 * or having bought the seat (null: free); the primary key makes a seat one row per slot, and a
 * hold takes it with a conditional UPDATE (`booking_id is null`), so no two bookings ever have
 * it. A pending booking's seat is held until the booking's `expires_at` (the same expiry as its
 * counted tickets): a lapsed hold's seat reads as free, and releasing the booking frees it.
 * A blocked seat is never sold (decision 0020).
 */
export const eventDateSeats = pgTable(
  'event_date_seats',
  {
    event_date_id: integer('event_date_id')
      .notNull()
      .references(() => eventDates.id, { onDelete: 'cascade' }),
    seat_id: text('seat_id').notNull(),
    ticket_category_id: integer('ticket_category_id')
      .notNull()
      .references(() => ticketCategories.id),
    section_id: text('section_id').notNull(),
    section_label_en: text('section_label_en').notNull(),
    section_label_ar: text('section_label_ar').notNull(),
    /** The row's or table's chart id: the seat rules read a row at a time. */
    row_id: text('row_id').notNull(),
    row_label: text('row_label').notNull(),
    /** A table's seats may close a ring. */
    is_table: boolean('is_table').notNull().default(false),
    /** The seat's place in its row or around its table, from 0. */
    position: integer('position').notNull(),
    seat_label: text('seat_label').notNull(),
    left_id: text('left_id'),
    right_id: text('right_id'),
    distance: doublePrecision('distance').notNull(),
    accessible: boolean('accessible').notNull().default(false),
    companion: boolean('companion').notNull().default(false),
    booking_id: integer('booking_id').references(() => bookings.id),
    blocked: boolean('blocked').notNull().default(false),
  },
  (table) => [
    primaryKey({ columns: [table.event_date_id, table.seat_id] }),
    index('event_date_seats_row_idx').on(table.event_date_id, table.row_id, table.position),
    index('event_date_seats_booking_idx')
      .on(table.booking_id)
      .where(sql`${table.booking_id} is not null`),
    index('event_date_seats_category_idx').on(table.ticket_category_id),
    check(
      'event_date_seats_blocked_check',
      sql`not (${table.blocked} and ${table.booking_id} is not null)`,
    ),
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
    /** The seat, for a seated category (its labels are the slot's seat row's). */
    seat_id: text('seat_id'),
    /** Kept by a trigger on every change: the offline check-in list's deltas read it. */
    ...timestamps,
  },
  (table) => [
    foreignKey({
      name: 'tickets_seat_fk',
      columns: [table.event_date_id, table.seat_id],
      foreignColumns: [eventDateSeats.event_date_id, eventDateSeats.seat_id],
    }),
    index('tickets_booking_idx').on(table.booking_id),
    index('tickets_user_event_idx').on(table.user_id, table.event_id, table.id),
    index('tickets_event_date_idx').on(table.event_date_id, table.status),
    index('tickets_event_changed_idx').on(table.event_id, table.updated_at, table.id),
    check('tickets_status_check', sql`${table.status} in ${stateList(TICKET_STATUSES)}`),
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
