import { z } from 'zod';
import { DbIdParam } from '../common/ids';
import { CalendarDay, CalendarDayInput, TimeZone } from '../common/time';

/** Most buckets one chart answers (else `range_too_long` on `from`). */
export const MAX_CHART_BUCKETS = 800;
/** Longest range of sales data, in days (else `range_too_long` on `from`). */
export const MAX_SALES_DATA_DAYS = 3700;

export const SalesPeriod = z.enum(['day', 'week', 'month']);
export type SalesPeriod = z.infer<typeof SalesPeriod>;

const CurrencyQuery = z
  .string()
  .regex(/^[A-Za-z]{3}$/)
  .transform((value) => value.toUpperCase());

/**
 * The days `from`..`to` (inclusive) in time zone `tz` (default: the organizer's latest event's
 * zone, else UTC). Defaults: `to` today, `from` 29 days before `to`. `currency` picks which
 * currency's money is answered (default: the one the organizer sold most in, else the platform's).
 */
export const SalesDataQuery = z.object({
  from: CalendarDayInput.optional(),
  to: CalendarDayInput.optional(),
  tz: TimeZone.optional(),
  currency: CurrencyQuery.optional(),
});
export type SalesDataQuery = z.infer<typeof SalesDataQuery>;

export const SalesChartQuery = SalesDataQuery.extend({
  period: SalesPeriod.default('day'),
});
export type SalesChartQuery = z.infer<typeof SalesChartQuery>;

export const DashboardEventParams = z.object({ event_id: DbIdParam });

/** Money of sales and refunds in the range, minor units of `currency`. */
export const SalesRevenue = z.object({
  /** Tickets' price of what sold. */
  gross: z.number().int(),
  discount: z.number().int(),
  /** The platform's fees on what sold, less the fees it gave back on refunds. */
  fees: z.number().int(),
  /** Refunded to buyers (what the organizer gave back, before fees returned). */
  refunded: z.number().int(),
  /** What the organizer earned: gross − discount − fees, less refunds' net. */
  net: z.number().int(),
});
export type SalesRevenue = z.infer<typeof SalesRevenue>;

export const SalesCategory = z.object({
  id: z.number().int(),
  name: z.string(),
  event: z.number().int(),
  tickets_sold: z.number().int(),
  tickets_refunded: z.number().int(),
  /** Tickets' price of what sold, in `currency`. */
  gross: z.number().int(),
});
export type SalesCategory = z.infer<typeof SalesCategory>;

/** GET /api/v1/dashboard/sales-data/ and /sales-data/{event_id}/. */
export const SalesData = z.object({
  event: z.number().int().nullable(),
  from: CalendarDay,
  to: CalendarDay,
  timezone: z.string(),
  currency: z.string().length(3),
  /** Every currency the organizer (or the event) has sales in, for a currency picker. */
  currencies: z.array(z.string().length(3)),
  revenue: SalesRevenue,
  tickets_sold: z.number().int(),
  tickets_refunded: z.number().int(),
  /** Paid bookings made in the range. */
  bookings: z.number().int(),
  /** Refunds made in the range. */
  refunds: z.number().int(),
  page_views: z.number().int(),
  /** bookings ÷ page views (0..1, may exceed 1 when buyers come by direct links); null without views. */
  conversion: z.number().nullable(),
  categories: z.array(SalesCategory),
});
export type SalesData = z.infer<typeof SalesData>;

export const SalesBucket = z.object({
  /** First day of the bucket in the answer's time zone, clipped to the range (the first may start later than its week or month). */
  start: CalendarDay,
  /** Last day of the bucket (inclusive), clipped to the range. */
  end: CalendarDay,
  gross: z.number().int(),
  fees: z.number().int(),
  refunded: z.number().int(),
  net: z.number().int(),
  tickets_sold: z.number().int(),
  tickets_refunded: z.number().int(),
  bookings: z.number().int(),
  refunds: z.number().int(),
  page_views: z.number().int(),
});
export type SalesBucket = z.infer<typeof SalesBucket>;

/**
 * GET /api/v1/dashboard/sales-chart/ and /sales-chart/{event_id}/ — every bucket of the range,
 * empty ones included; weeks start on Saturday in Arabic and on Monday in English.
 */
export const SalesChart = z.object({
  event: z.number().int().nullable(),
  period: SalesPeriod,
  from: CalendarDay,
  to: CalendarDay,
  timezone: z.string(),
  week_start: z.enum(['saturday', 'monday']),
  currency: z.string().length(3),
  currencies: z.array(z.string().length(3)),
  buckets: z.array(SalesBucket),
});
export type SalesChart = z.infer<typeof SalesChart>;
