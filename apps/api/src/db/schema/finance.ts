import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { bookings } from './bookings';
import { refunds } from './payments';
import { timestamps } from './columns';
import { events } from './events';

/**
 * The ledger's accounts. Postings are signed so that every entry sums to zero: money the
 * platform received sits negative in `buyer_payments` (money given back positive in `refunds`),
 * and what it owes — to organizers, or earned as fees — positive in the others.
 */
export const LEDGER_ACCOUNTS = [
  'buyer_payments',
  'refunds',
  'platform_fees',
  'organizer_pending',
  'organizer_available',
  'organizer_reserved',
  'organizer_paid_out',
] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];

export const JOURNAL_KINDS = [
  'sale',
  'refund',
  'withdrawal_reserved',
  'withdrawal_released',
  'withdrawal_paid',
] as const;
export type JournalKind = (typeof JOURNAL_KINDS)[number];

const inList = (values: readonly string[]) =>
  sql.raw(values.map((value) => `'${value}'`).join(', '));

/**
 * A bank account an organizer is paid to. Never deleted while a request refers to it:
 * DELETE sets `deleted_at` (financial rows are kept). At most one default per organizer among
 * the accounts not deleted (a partial unique index); the service keeps exactly one.
 */
export const withdrawalAccounts = pgTable(
  'withdrawal_accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizer_id: uuid('organizer_id')
      .notNull()
      .references(() => users.id),
    bank_name: text('bank_name').notNull(),
    account_holder: text('account_holder').notNull(),
    iban: text('iban').notNull(),
    swift: text('swift').notNull(),
    currency: text('currency').notNull(),
    is_default: boolean('is_default').notNull().default(false),
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    index('withdrawal_accounts_organizer_idx').on(table.organizer_id, table.created_at),
    uniqueIndex('withdrawal_accounts_one_default')
      .on(table.organizer_id)
      .where(sql`${table.is_default} and ${table.deleted_at} is null`),
  ],
);

/**
 * An organizer's request to be paid out: `requested` (its amount reserved in the ledger) →
 * `approved` → `paid` | `rejected`, or `cancelled` by the organizer. Every change is a row of
 * `withdrawal_status_changes` and a journal entry when money moves.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizer_id: uuid('organizer_id')
      .notNull()
      .references(() => users.id),
    account_id: integer('account_id')
      .notNull()
      .references(() => withdrawalAccounts.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    note: text('note').notNull().default(''),
    status: text('status').notNull().default('requested'),
    rejection_reason: text('rejection_reason'),
    transfer_reference: text('transfer_reference'),
    /** Above the second-approval threshold: the first admin's approval, awaiting a different admin. */
    first_approved_by: uuid('first_approved_by').references(() => users.id),
    first_approved_at: timestamp('first_approved_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    index('withdrawals_organizer_idx').on(table.organizer_id, table.created_at),
    index('withdrawals_status_idx').on(table.status, table.created_at),
    index('withdrawals_account_idx').on(table.account_id),
    check('withdrawals_amount_check', sql`${table.amount} > 0`),
    check(
      'withdrawals_status_check',
      sql`${table.status} in ('requested', 'approved', 'paid', 'rejected', 'cancelled')`,
    ),
  ],
);

export const withdrawalStatusChanges = pgTable(
  'withdrawal_status_changes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    withdrawal_id: integer('withdrawal_id')
      .notNull()
      .references(() => withdrawals.id),
    status: text('status').notNull(),
    by_role: text('by_role').notNull(),
    actor_id: uuid('actor_id').references(() => users.id),
    note: text('note'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('withdrawal_status_changes_withdrawal_idx').on(table.withdrawal_id, table.id),
    check('withdrawal_status_changes_by_check', sql`${table.by_role} in ('organizer', 'admin')`),
  ],
);

/**
 * One money movement (append-only: a trigger refuses UPDATE and DELETE). `gross`, `discount`,
 * `platform_fee` and `net` explain it — signed as the movement (a refund's are negative), and
 * for withdrawal entries all the amount — while its postings are the movement itself, summing
 * to zero (checked at commit). `tickets` counts the tickets sold or refunded.
 */
export const journalEntries = pgTable(
  'journal_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    organizer_id: uuid('organizer_id')
      .notNull()
      .references(() => users.id),
    currency: text('currency').notNull(),
    event_id: integer('event_id').references(() => events.id),
    booking_id: integer('booking_id').references(() => bookings.id),
    refund_id: integer('refund_id').references(() => refunds.id),
    withdrawal_id: integer('withdrawal_id').references(() => withdrawals.id),
    gross: bigint('gross', { mode: 'number' }).notNull(),
    discount: bigint('discount', { mode: 'number' }).notNull().default(0),
    platform_fee: bigint('platform_fee', { mode: 'number' }).notNull().default(0),
    net: bigint('net', { mode: 'number' }).notNull(),
    tickets: integer('tickets').notNull().default(0),
    available_at: timestamp('available_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('journal_entries_organizer_idx').on(table.organizer_id, table.created_at, table.id),
    index('journal_entries_event_idx').on(table.event_id, table.created_at),
    index('journal_entries_booking_idx').on(table.booking_id),
    index('journal_entries_withdrawal_idx').on(table.withdrawal_id),
    check('journal_entries_kind_check', sql`${table.kind} in (${inList(JOURNAL_KINDS)})`),
    check(
      'journal_entries_net_check',
      sql`${table.net} = ${table.gross} - ${table.discount} - ${table.platform_fee}`,
    ),
    check(
      'journal_entries_source_check',
      sql`case when ${table.kind} in ('sale', 'refund') then ${table.booking_id} is not null and ${table.event_id} is not null and ${table.available_at} is not null else ${table.withdrawal_id} is not null end`,
    ),
  ],
);

/**
 * The lines of a journal entry, per account, organizer and currency (append-only). An
 * `organizer_pending` posting counts as available from its `available_at` on: time moves earnings
 * from pending to available in the balance query, no entry or timer does.
 */
export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    entry_id: bigint('entry_id', { mode: 'number' })
      .notNull()
      .references(() => journalEntries.id),
    account: text('account').notNull(),
    organizer_id: uuid('organizer_id').notNull(),
    currency: text('currency').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    available_at: timestamp('available_at', { withTimezone: true }),
  },
  (table) => [
    index('ledger_postings_entry_idx').on(table.entry_id),
    index('ledger_postings_balance_idx').on(
      table.organizer_id,
      table.currency,
      table.account,
      table.available_at,
    ),
    check('ledger_postings_account_check', sql`${table.account} in (${inList(LEDGER_ACCOUNTS)})`),
    check(
      'ledger_postings_available_check',
      sql`(${table.account} = 'organizer_pending') = (${table.available_at} is not null)`,
    ),
  ],
);

/** What the sales and refunds rollups count, per quarter hour (exact in every time zone). */
const salesFigures = {
  gross: bigint('gross', { mode: 'number' }).notNull().default(0),
  discount: bigint('discount', { mode: 'number' }).notNull().default(0),
  fees: bigint('fees', { mode: 'number' }).notNull().default(0),
  /** Given back to buyers. */
  refunded: bigint('refunded', { mode: 'number' }).notNull().default(0),
  /** The organizer's share: sales' net less refunds' net. */
  net: bigint('net', { mode: 'number' }).notNull().default(0),
  tickets_sold: integer('tickets_sold').notNull().default(0),
  tickets_refunded: integer('tickets_refunded').notNull().default(0),
  bookings: integer('bookings').notNull().default(0),
  refunds: integer('refunds').notNull().default(0),
};

/**
 * An event's sales per currency and quarter hour (UTC), kept by a trigger on journal entries in
 * the transaction of each sale and refund: any time zone's days are whole buckets of these.
 */
export const eventSalesRollups = pgTable(
  'event_sales_rollups',
  {
    event_id: integer('event_id').notNull(),
    currency: text('currency').notNull(),
    bucket: timestamp('bucket', { withTimezone: true }).notNull(),
    ...salesFigures,
  },
  (table) => [primaryKey({ columns: [table.event_id, table.currency, table.bucket] })],
);

/** An event's sales per currency and day in its own time zone (the same trigger keeps them). */
export const eventDailySales = pgTable(
  'event_daily_sales',
  {
    event_id: integer('event_id').notNull(),
    currency: text('currency').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    ...salesFigures,
  },
  (table) => [primaryKey({ columns: [table.event_id, table.currency, table.day] })],
);

/**
 * An organizer's sales per currency and day, the day in each event's own zone (`zone`): the
 * dashboard sums these, never tickets; events in another zone than the one asked for are read
 * from their quarter hours (decision 0018).
 */
export const organizerDailySales = pgTable(
  'organizer_daily_sales',
  {
    organizer_id: uuid('organizer_id').notNull(),
    currency: text('currency').notNull(),
    zone: text('zone').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    ...salesFigures,
  },
  (table) => [primaryKey({ columns: [table.organizer_id, table.currency, table.zone, table.day] })],
);

/**
 * Tickets per category and day — the day in the event's own time zone, since a category is one
 * event's — sold, refunded, and the price of those sold.
 */
export const categorySalesRollups = pgTable(
  'category_sales_rollups',
  {
    ticket_category_id: integer('ticket_category_id').notNull(),
    event_id: integer('event_id').notNull(),
    organizer_id: uuid('organizer_id').notNull(),
    currency: text('currency').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    gross: bigint('gross', { mode: 'number' }).notNull().default(0),
    tickets_sold: integer('tickets_sold').notNull().default(0),
    tickets_refunded: integer('tickets_refunded').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.ticket_category_id, table.day] }),
    index('category_sales_rollups_organizer_idx').on(table.organizer_id, table.day),
    index('category_sales_rollups_event_idx').on(table.event_id, table.day),
  ],
);

/** The same per category and month (the month's first day): kept from the days by a trigger. */
export const categoryMonthlySales = pgTable(
  'category_monthly_sales',
  {
    ticket_category_id: integer('ticket_category_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    event_id: integer('event_id').notNull(),
    organizer_id: uuid('organizer_id').notNull(),
    currency: text('currency').notNull(),
    gross: bigint('gross', { mode: 'number' }).notNull().default(0),
    tickets_sold: integer('tickets_sold').notNull().default(0),
    tickets_refunded: integer('tickets_refunded').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.ticket_category_id, table.month] }),
    index('category_monthly_sales_organizer_idx').on(table.organizer_id, table.month),
    index('category_monthly_sales_event_idx').on(table.event_id, table.month),
  ],
);

/** Views of an event's public page per day in the event's time zone, added to in batches (not a row per view). */
export const eventPageViews = pgTable(
  'event_page_views',
  {
    event_id: integer('event_id').notNull(),
    organizer_id: uuid('organizer_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    views: integer('views').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.event_id, table.day] }),
    index('event_page_views_organizer_idx').on(table.organizer_id, table.day),
  ],
);

/**
 * Views of all an organizer's event pages per day (each in its event's zone), kept from
 * `event_page_views` by a trigger (migration 0016), so an organizer's year is ~365 rows to read
 * rather than 365 per event.
 */
export const organizerPageViews = pgTable(
  'organizer_page_views',
  {
    organizer_id: uuid('organizer_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    views: integer('views').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.organizer_id, table.day] })],
);
