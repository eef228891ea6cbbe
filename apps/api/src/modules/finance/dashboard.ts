import type { Language } from '@hafla/shared/common/i18n';
import {
  MAX_CHART_BUCKETS,
  MAX_SALES_DATA_DAYS,
  type SalesBucket,
  type SalesChart,
  type SalesChartQuery,
  type SalesData,
  type SalesDataQuery,
} from '@hafla/shared/finance/dashboard';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fieldError } from '../../lib/app-error';
import { rowsOf } from '../../lib/db-rows';
import { ownEventOrNotFound } from './ownership';
import { addDays, dayBoundary, daysBetween, periodStart, periodsOf, today } from './days';

export interface DashboardDeps {
  db: Db;
  now: () => Date;
  defaultCurrency: () => Promise<string>;
}

interface Range {
  eventId: number | null;
  zone: string;
  from: string;
  to: string;
  currency: string;
  currencies: string[];
}

const num = (value: unknown) => Number(value ?? 0);

/** The time zone, days and currency a dashboard call answers for, with the defaults filled in. */
async function rangeOf(
  deps: DashboardDeps,
  organizerId: string,
  eventId: number | null,
  query: SalesDataQuery,
  maxDays: number,
): Promise<Range> {
  const { db } = deps;
  const event = eventId === null ? null : await ownEventOrNotFound(db, organizerId, eventId);
  let zone = query.tz ?? event?.timezone;
  if (!zone) {
    const [latest] = rowsOf<{ timezone: string }>(
      await db.execute(sql`select timezone from events where organizer_id = ${organizerId}::uuid
                            order by created_at desc, id desc limit 1`),
    );
    zone = latest?.timezone ?? 'UTC';
  }
  const to = query.to ?? today(deps.now(), zone);
  const from = query.from ?? addDays(to, -29);
  if (from > to) throw fieldError('range_invalid', 'from');
  if (daysBetween(from, to) + 1 > maxDays)
    throw fieldError('range_too_long', 'from', { max: maxDays });
  const source =
    eventId === null
      ? sql`select currency, sum(gross) as g from organizer_sales_rollups where organizer_id = ${organizerId}::uuid group by currency`
      : sql`select currency, sum(gross) as g from event_sales_rollups where event_id = ${eventId}::int group by currency`;
  const sold = rowsOf<{ currency: string; g: string }>(
    await db.execute(sql`${source} order by g desc, currency`),
  );
  const currencies = sold.map((row) => row.currency);
  const currency =
    query.currency ?? event?.currency ?? currencies[0] ?? (await deps.defaultCurrency());
  return { eventId, zone, from, to, currency, currencies: [...currencies].sort() };
}

/** The rollup rows of the range: the organizer's, or one event's. */
function rollupsOf(organizerId: string, range: Range): SQL {
  const start = dayBoundary(range.from, range.zone);
  const end = dayBoundary(range.to, range.zone, 1);
  return range.eventId === null
    ? sql`from organizer_sales_rollups where organizer_id = ${organizerId}::uuid
            and currency = ${range.currency} and bucket >= ${start}::timestamptz and bucket < ${end}::timestamptz`
    : sql`from event_sales_rollups where event_id = ${range.eventId}::int
            and currency = ${range.currency} and bucket >= ${start}::timestamptz and bucket < ${end}::timestamptz`;
}

function viewsOf(organizerId: string, range: Range): SQL {
  return range.eventId === null
    ? sql`from event_page_views where organizer_id = ${organizerId}::uuid
            and day between ${range.from}::date and ${range.to}::date`
    : sql`from event_page_views where event_id = ${range.eventId}::int
            and day between ${range.from}::date and ${range.to}::date`;
}

const FIGURES = sql`coalesce(sum(gross), 0) as gross, coalesce(sum(discount), 0) as discount,
  coalesce(sum(fees), 0) as fees, coalesce(sum(refunded), 0) as refunded, coalesce(sum(net), 0) as net,
  coalesce(sum(tickets_sold), 0) as tickets_sold, coalesce(sum(tickets_refunded), 0) as tickets_refunded,
  coalesce(sum(bookings), 0) as bookings, coalesce(sum(refunds), 0) as refunds`;

type FigureRow = Record<
  | 'gross'
  | 'discount'
  | 'fees'
  | 'refunded'
  | 'net'
  | 'tickets_sold'
  | 'tickets_refunded'
  | 'bookings'
  | 'refunds',
  string | number
>;

/** GET /api/v1/dashboard/sales-data/ (all events, or one of the organizer's). */
export async function salesData(
  deps: DashboardDeps,
  organizerId: string,
  eventId: number | null,
  query: SalesDataQuery,
): Promise<SalesData> {
  const { db } = deps;
  const range = await rangeOf(deps, organizerId, eventId, query, MAX_SALES_DATA_DAYS);
  const [totals, views, categories] = await Promise.all([
    db.execute(sql`select ${FIGURES} ${rollupsOf(organizerId, range)}`),
    db.execute(sql`select coalesce(sum(views), 0) as views ${viewsOf(organizerId, range)}`),
    db.execute(sql`
select c.ticket_category_id as id, tc.name, c.event_id, sum(c.gross) as gross,
       sum(c.tickets_sold) as tickets_sold, sum(c.tickets_refunded) as tickets_refunded
  from category_sales_rollups c join ticket_categories tc on tc.id = c.ticket_category_id
 where ${range.eventId === null ? sql`c.organizer_id = ${organizerId}::uuid` : sql`c.event_id = ${range.eventId}::int`}
   and c.currency = ${range.currency} and c.day between ${range.from}::date and ${range.to}::date
 group by c.ticket_category_id, tc.name, c.event_id
 order by c.event_id, c.ticket_category_id`),
  ]);
  const t = rowsOf<FigureRow>(totals)[0]!;
  const pageViews = num(rowsOf<{ views: string }>(views)[0]?.views);
  const bookings = num(t.bookings);
  return {
    event: range.eventId,
    from: range.from,
    to: range.to,
    timezone: range.zone,
    currency: range.currency,
    currencies: range.currencies,
    revenue: {
      gross: num(t.gross),
      discount: num(t.discount),
      fees: num(t.fees),
      refunded: num(t.refunded),
      net: num(t.net),
    },
    tickets_sold: num(t.tickets_sold),
    tickets_refunded: num(t.tickets_refunded),
    bookings,
    refunds: num(t.refunds),
    page_views: pageViews,
    conversion: pageViews === 0 ? null : Math.round((bookings / pageViews) * 10_000) / 10_000,
    categories: rowsOf<Record<string, string | number>>(categories).map((row) => ({
      id: num(row.id),
      name: String(row.name),
      event: num(row.event_id),
      tickets_sold: num(row.tickets_sold),
      tickets_refunded: num(row.tickets_refunded),
      gross: num(row.gross),
    })),
  };
}

/** Weeks start on Saturday for Arabic readers and on Monday for English ones. */
export const weekStartOf = (language: Language) => (language === 'ar' ? 6 : 1);

/** GET /api/v1/dashboard/sales-chart/ — every bucket of the range, empty ones included. */
export async function salesChart(
  deps: DashboardDeps,
  organizerId: string,
  eventId: number | null,
  query: SalesChartQuery,
  language: Language,
): Promise<SalesChart> {
  const { db } = deps;
  const maxDays =
    query.period === 'day'
      ? MAX_CHART_BUCKETS
      : query.period === 'week'
        ? MAX_CHART_BUCKETS * 7
        : MAX_CHART_BUCKETS * 28;
  const range = await rangeOf(deps, organizerId, eventId, query, maxDays);
  const weekStart = weekStartOf(language);
  const [byDay, views] = await Promise.all([
    db.execute(sql`
select to_char(bucket at time zone ${range.zone}, 'YYYY-MM-DD') as day, ${FIGURES}
  ${rollupsOf(organizerId, range)}
 group by 1`),
    db.execute(
      sql`select to_char(day, 'YYYY-MM-DD') as day, sum(views) as views ${viewsOf(organizerId, range)} group by 1`,
    ),
  ]);
  const periods = periodsOf(range.from, range.to, query.period, weekStart);
  const buckets = new Map<string, SalesBucket>(
    periods.map((period) => [
      period.key,
      {
        start: period.start,
        end: period.end,
        gross: 0,
        fees: 0,
        refunded: 0,
        net: 0,
        tickets_sold: 0,
        tickets_refunded: 0,
        bookings: 0,
        refunds: 0,
        page_views: 0,
      },
    ]),
  );
  const bucketOf = (day: string) => buckets.get(periodStart(day, query.period, weekStart));
  for (const row of rowsOf<FigureRow & { day: string }>(byDay)) {
    const bucket = bucketOf(row.day);
    if (!bucket) continue;
    bucket.gross += num(row.gross);
    bucket.fees += num(row.fees);
    bucket.refunded += num(row.refunded);
    bucket.net += num(row.net);
    bucket.tickets_sold += num(row.tickets_sold);
    bucket.tickets_refunded += num(row.tickets_refunded);
    bucket.bookings += num(row.bookings);
    bucket.refunds += num(row.refunds);
  }
  for (const row of rowsOf<{ day: string; views: string }>(views)) {
    const bucket = bucketOf(row.day);
    if (bucket) bucket.page_views += num(row.views);
  }
  return {
    event: range.eventId,
    period: query.period,
    from: range.from,
    to: range.to,
    timezone: range.zone,
    week_start: weekStart === 6 ? 'saturday' : 'monday',
    currency: range.currency,
    currencies: range.currencies,
    buckets: [...buckets.values()],
  };
}
