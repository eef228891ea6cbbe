import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { categories, eventTypes } from './catalog';
import { seatChartVersions } from './charts';
import { timestamps } from './columns';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * An event. The columns after `status` are derived and kept by triggers (see the migration):
 * the search document, the span of its dates and the range of its prices, so discovery filters
 * and sorts on indexed columns of one table.
 */
export const events = pgTable(
  'events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizer_id: uuid('organizer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    category_id: integer('category_id')
      .notNull()
      .references(() => categories.id),
    event_type_id: integer('event_type_id')
      .notNull()
      .references(() => eventTypes.id),
    cover_key: text('cover_key'),
    venue_name: text('venue_name').notNull().default(''),
    address: text('address').notNull().default(''),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    is_online: boolean('is_online').notNull().default(false),
    online_url: text('online_url'),
    timezone: text('timezone').notNull(),
    currency: text('currency').notNull(),
    requires_approval: boolean('requires_approval').notNull().default(false),
    max_tickets_per_order: integer('max_tickets_per_order').notNull().default(10),
    refundable_until_hours: integer('refundable_until_hours').notNull().default(24),
    refund_percentage: integer('refund_percentage').notNull().default(100),
    status: text('status').notNull().default('draft'),
    /** Shown in the home page's featured section; set by platform staff. */
    is_featured: boolean('is_featured').notNull().default(false),
    published_at: timestamp('published_at', { withTimezone: true }),
    cancelled_at: timestamp('cancelled_at', { withTimezone: true }),
    search_document: tsvector('search_document'),
    first_start_at: timestamp('first_start_at', { withTimezone: true }),
    last_end_at: timestamp('last_end_at', { withTimezone: true }),
    min_price: integer('min_price'),
    max_price: integer('max_price'),
    wishlist_count: integer('wishlist_count').notNull().default(0),
    ...timestamps,
  },
  (table) => [
    index('events_organizer_idx').on(table.organizer_id, table.created_at),
    index('events_published_idx')
      .on(table.last_end_at, table.first_start_at)
      .where(sql`${table.status} = 'published'`),
    index('events_category_idx').on(table.category_id),
    // The list's sorts, so a page of the soonest, newest or most wishlisted published events
    // reads the first rows of an index instead of sorting every published event.
    index('events_soonest_idx')
      .on(table.first_start_at, table.id)
      .where(sql`${table.status} = 'published'`),
    index('events_newest_idx')
      .on(table.published_at.desc().nullsLast(), table.id.desc())
      .where(sql`${table.status} = 'published'`),
    index('events_popular_idx')
      .on(table.wishlist_count.desc(), table.first_start_at, table.id)
      .where(sql`${table.status} = 'published'`),
    // Upcoming events per organizer (organizer cards), counted from the index alone.
    index('events_organizer_upcoming_idx')
      .on(table.organizer_id, table.last_end_at)
      .where(sql`${table.status} = 'published'`),
    index('events_search_idx').using('gin', table.search_document),
    // A 2-D index for the bounding-box prefilter of "near a point".
    index('events_location_idx')
      .using('gist', sql`point(${table.longitude}, ${table.latitude})`)
      .where(sql`${table.latitude} is not null and ${table.longitude} is not null`),
    check('events_status_check', sql`${table.status} in ('draft', 'published', 'cancelled')`),
    check(
      'events_coordinates_check',
      sql`(${table.latitude} is null) = (${table.longitude} is null) and coalesce(${table.latitude} between -90 and 90, true) and coalesce(${table.longitude} between -180 and 180, true)`,
    ),
    check('events_currency_check', sql`${table.currency} ~ '^[A-Z]{3}$'`),
    check('events_max_tickets_check', sql`${table.max_tickets_per_order} between 1 and 100`),
    check(
      'events_refund_policy_check',
      sql`${table.refundable_until_hours} >= 0 and ${table.refund_percentage} between 0 and 100`,
    ),
  ],
);

/**
 * A time slot of an event. A slot with a seat chart pins the published version it was attached
 * with (`chart_version_id`; a pinned version's chart cannot be deleted) and maps each of its
 * categories to a ticket category of the event (`chart_categories`, chart key → category id);
 * its seats are `event_date_seats` (decision 0020).
 */
export const eventDates = pgTable(
  'event_dates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    event_id: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    start_at: timestamp('start_at', { withTimezone: true }).notNull(),
    end_at: timestamp('end_at', { withTimezone: true }).notNull(),
    chart_version_id: integer('chart_version_id').references(() => seatChartVersions.id),
    chart_categories: jsonb('chart_categories').$type<Record<string, number>>(),
    ...timestamps,
  },
  (table) => [
    index('event_dates_chart_version_idx')
      .on(table.chart_version_id)
      .where(sql`${table.chart_version_id} is not null`),
    check(
      'event_dates_chart_check',
      sql`(${table.chart_version_id} is null) = (${table.chart_categories} is null)`,
    ),
    index('event_dates_start_idx').on(table.start_at),
    uniqueIndex('event_dates_event_start_unique').on(table.event_id, table.start_at),
    check('event_dates_order_check', sql`${table.start_at} < ${table.end_at}`),
  ],
);

/** A kind of ticket; `quantity` is available for each time slot of the event. */
export const ticketCategories = pgTable(
  'ticket_categories',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    event_id: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    price: integer('price').notNull(),
    quantity: integer('quantity').notNull(),
    sales_start: timestamp('sales_start', { withTimezone: true }),
    sales_end: timestamp('sales_end', { withTimezone: true }),
    min_per_order: integer('min_per_order').notNull().default(1),
    max_per_order: integer('max_per_order').notNull().default(10),
    position: integer('position').notNull().default(0),
    ...timestamps,
  },
  (table) => [
    index('ticket_categories_event_idx').on(table.event_id, table.position),
    check('ticket_categories_price_check', sql`${table.price} >= 0`),
    check('ticket_categories_quantity_check', sql`${table.quantity} >= 1`),
    check(
      'ticket_categories_per_order_check',
      sql`${table.min_per_order} >= 1 and ${table.max_per_order} >= ${table.min_per_order}`,
    ),
    check(
      'ticket_categories_sales_window_check',
      sql`${table.sales_start} is null or ${table.sales_end} is null or ${table.sales_start} < ${table.sales_end}`,
    ),
  ],
);

/**
 * Tickets sold and held per time slot and category. Booking raises `held` with a conditional
 * update (`sold + held + n <= quantity`), payment moves tickets from `held` to `sold`; a
 * category's quantity may never drop below the largest `sold + held` of its slots. A slot with
 * a seat chart sets its own `quantity` for the categories the chart maps (their seat count, or
 * a general-admission area's capacity), which then counts instead of the category's, and marks
 * the categories sold by seat `seated` (decision 0020).
 */
export const ticketInventory = pgTable(
  'ticket_inventory',
  {
    event_date_id: integer('event_date_id')
      .notNull()
      .references(() => eventDates.id, { onDelete: 'cascade' }),
    ticket_category_id: integer('ticket_category_id')
      .notNull()
      .references(() => ticketCategories.id, { onDelete: 'cascade' }),
    sold: integer('sold').notNull().default(0),
    held: integer('held').notNull().default(0),
    /** This slot's own quantity (a seat chart's); null: the category's. */
    quantity: integer('quantity'),
    /** Sold by seat in this slot (`seats` in a booking, never `items`). */
    seated: boolean('seated').notNull().default(false),
  },
  (table) => [
    primaryKey({ columns: [table.event_date_id, table.ticket_category_id] }),
    index('ticket_inventory_category_idx').on(table.ticket_category_id),
    check('ticket_inventory_sold_check', sql`${table.sold} >= 0 and ${table.held} >= 0`),
  ],
);

export const promoCodes = pgTable(
  'promo_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    event_id: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    /** As the organizer typed it; uniqueness and lookups use the upper-cased form. */
    code: text('code').notNull(),
    discount_type: text('discount_type').notNull(),
    /** A percentage (1–100) or an amount in the event currency's minor units. */
    value: integer('value').notNull(),
    max_uses: integer('max_uses'),
    max_uses_per_user: integer('max_uses_per_user'),
    valid_from: timestamp('valid_from', { withTimezone: true }),
    valid_until: timestamp('valid_until', { withTimezone: true }),
    /** Empty: every ticket category of the event. */
    ticket_category_ids: integer('ticket_category_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    is_active: boolean('is_active').notNull().default(true),
    uses: integer('uses').notNull().default(0),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('promo_codes_event_code_unique').on(table.event_id, sql`upper(${table.code})`),
    check('promo_codes_type_check', sql`${table.discount_type} in ('percentage', 'fixed')`),
    check(
      'promo_codes_value_check',
      sql`${table.value} >= 1 and (${table.discount_type} = 'fixed' or ${table.value} <= 100)`,
    ),
    check(
      'promo_codes_limits_check',
      sql`coalesce(${table.max_uses}, 1) >= 1 and coalesce(${table.max_uses_per_user}, 1) >= 1 and ${table.uses} >= 0`,
    ),
    check(
      'promo_codes_window_check',
      sql`${table.valid_from} is null or ${table.valid_until} is null or ${table.valid_from} < ${table.valid_until}`,
    ),
  ],
);
