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
import { inPipeline, type Pipeline } from '../../db/pipeline';
import { fieldError, notFound } from '../../lib/app-error';
import {
  addDays,
  dayBoundary,
  daysBetween,
  periodIndexByDay,
  periodsOf,
  today,
  wholeMonthsOf,
} from './days';

export interface DashboardDeps {
  db: Db;
  now: () => Date;
  defaultCurrency: () => Promise<string>;
}

interface Range {
  eventId: number | null;
  /** The event's own time zone (its days are kept in it); null for all the organizer's events. */
  eventZone: string | null;
  zone: string;
  from: string;
  to: string;
  currency: string;
  currencies: string[];
}

const num = (value: unknown) => Number(value ?? 0);

/**
 * The time zone, days and currency a dashboard call answers for, with the defaults filled in:
 * what they are read from leaves in one write (the event, the organizer's latest zone, the
 * currencies sold), before the figures do in a second.
 */
async function rangeOf(
  deps: DashboardDeps,
  tx: Pipeline,
  organizerId: string,
  eventId: number | null,
  query: SalesDataQuery,
  maxDays: number,
): Promise<Range> {
  const none = Promise.resolve([]);
  const [events, latest, sold] = await Promise.all([
    eventId === null
      ? none
      : tx.sql<{ timezone: string; currency: string }>(
          sql`
select timezone, currency from events where id = ${eventId}::int and organizer_id = ${organizerId}::uuid`,
          { prepare: true },
        ),
    eventId !== null || query.tz
      ? none
      : tx.sql<{ timezone: string }>(
          sql`
select timezone from events where organizer_id = ${organizerId}::uuid
 order by created_at desc, id desc limit 1`,
          { prepare: true },
        ),
    tx.sql<{ currency: string }>(
      eventId === null
        ? sql`select currency from organizer_daily_sales where organizer_id = ${organizerId}::uuid
               group by currency order by sum(gross) desc, currency`
        : sql`select currency from event_daily_sales where event_id = ${eventId}::int
               group by currency order by sum(gross) desc, currency`,
      { prepare: true },
    ),
  ]);
  const event = eventId === null ? null : events[0];
  // Another organizer's event (or none) is `not_found`, never a hint it exists.
  if (event === undefined) throw notFound();
  const zone = query.tz ?? event?.timezone ?? latest[0]?.timezone ?? 'UTC';
  const to = query.to ?? today(deps.now(), zone);
  const from = query.from ?? addDays(to, -29);
  if (from > to) throw fieldError('range_invalid', 'from');
  if (daysBetween(from, to) + 1 > maxDays)
    throw fieldError('range_too_long', 'from', { max: maxDays });
  const currencies = sold.map((row) => row.currency);
  const currency =
    query.currency ?? event?.currency ?? currencies[0] ?? (await deps.defaultCurrency());
  return {
    eventId,
    eventZone: event?.timezone ?? null,
    zone,
    from,
    to,
    currency,
    currencies: [...currencies].sort(),
  };
}

const FIGURE_COLUMNS = sql.raw(
  'gross, discount, fees, refunded, net, tickets_sold, tickets_refunded, bookings, refunds',
);

/**
 * The range's sales per day of its zone (`day`, a date, with the figures), as rows to sum: days
 * kept in the zone asked for, and the quarter hours of events kept in another zone.
 */
function daysOf(organizerId: string, range: Range): SQL {
  const { zone, currency, from, to } = range;
  const start = dayBoundary(from, zone);
  const end = dayBoundary(to, zone, 1);
  const quarterHours = (events: SQL) => sql`
select (r.bucket at time zone ${zone})::date as day, ${FIGURE_COLUMNS}
  from event_sales_rollups r
 where r.event_id in (${events}) and r.currency = ${currency}
   and r.bucket >= ${start}::timestamptz and r.bucket < ${end}::timestamptz`;
  if (range.eventId !== null) {
    if (range.eventZone !== zone) return quarterHours(sql`${range.eventId}::int`);
    return sql`
select day, ${FIGURE_COLUMNS} from event_daily_sales
 where event_id = ${range.eventId}::int and currency = ${currency}
   and day between ${from}::date and ${to}::date`;
  }
  return sql`
select day, ${FIGURE_COLUMNS} from organizer_daily_sales
 where organizer_id = ${organizerId}::uuid and currency = ${currency} and zone = ${zone}
   and day between ${from}::date and ${to}::date
union all
${quarterHours(sql`select id from events where organizer_id = ${organizerId}::uuid and timezone <> ${zone}`)}`;
}

/**
 * The range's sales per category: its whole months from the monthly rows, the days of the months
 * it cuts from the daily ones (a year is then at most ~14 rows per category, not 365).
 */
function categoriesOf(organizerId: string, range: Range): SQL {
  const { currency, from, to } = range;
  const { first, end } = wholeMonthsOf(from, to);
  const scope =
    range.eventId === null
      ? sql`organizer_id = ${organizerId}::uuid`
      : sql`event_id = ${range.eventId}::int`;
  return sql`
select c.id, tc.name, c.event_id, c.gross, c.tickets_sold, c.tickets_refunded
  from (select ticket_category_id as id, event_id, sum(gross) as gross,
               sum(tickets_sold) as tickets_sold, sum(tickets_refunded) as tickets_refunded
          from (select ticket_category_id, event_id, gross, tickets_sold, tickets_refunded
                  from category_monthly_sales
                 where ${scope} and currency = ${currency}
                   and month >= ${first}::date and month < ${end}::date
                union all
                select ticket_category_id, event_id, gross, tickets_sold, tickets_refunded
                  from category_sales_rollups
                 where ${scope} and currency = ${currency} and day between ${from}::date and ${to}::date
                   and (day < ${first}::date or day >= ${end}::date)) parts
         group by 1, 2) c
  join ticket_categories tc on tc.id = c.id
 order by c.event_id, c.id`;
}

function viewsOf(organizerId: string, range: Range): SQL {
  return range.eventId === null
    ? sql`from organizer_page_views where organizer_id = ${organizerId}::uuid
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
  const [range, totals, views, categories] = await inPipeline(deps.db, async (tx) => {
    const range = await rangeOf(deps, tx, organizerId, eventId, query, MAX_SALES_DATA_DAYS);
    const answers = Promise.all([
      tx.sql<FigureRow>(sql`select ${FIGURES} from (${daysOf(organizerId, range)}) d`, {
        prepare: true,
      }),
      tx.sql<{ views: string }>(
        sql`select coalesce(sum(views), 0) as views ${viewsOf(organizerId, range)}`,
        { prepare: true },
      ),
      // Not prepared: a generic plan reads every day of the organizer's categories.
      tx.sql<Record<string, string | number>>(categoriesOf(organizerId, range)),
    ]);
    await tx.commit();
    return [range, ...(await answers)] as const;
  });
  const t = totals[0]!;
  const pageViews = num(views[0]?.views);
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
    categories: categories.map((row) => ({
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
  const maxDays =
    query.period === 'day'
      ? MAX_CHART_BUCKETS
      : query.period === 'week'
        ? MAX_CHART_BUCKETS * 7
        : MAX_CHART_BUCKETS * 28;
  const [range, byDay, views] = await inPipeline(deps.db, async (tx) => {
    const range = await rangeOf(deps, tx, organizerId, eventId, query, maxDays);
    const answers = Promise.all([
      tx.sql<FigureRow & { day: string }>(
        sql`
select to_char(d.day, 'YYYY-MM-DD') as day, ${FIGURES} from (${daysOf(organizerId, range)}) d
 group by d.day`,
        { prepare: true },
      ),
      tx.sql<{ day: string; views: string }>(
        sql`select to_char(day, 'YYYY-MM-DD') as day, views ${viewsOf(organizerId, range)}`,
        { prepare: true },
      ),
    ]);
    await tx.commit();
    return [range, ...(await answers)] as const;
  });
  const weekStart = weekStartOf(language);
  const periods = periodsOf(range.from, range.to, query.period, weekStart);
  const buckets = periods.map((period): SalesBucket => ({
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
  }));
  const periodOfDay = periodIndexByDay(periods);
  const bucketOf = (day: string) => {
    const at = periodOfDay.get(day);
    return at === undefined ? undefined : buckets[at];
  };
  for (const row of byDay) {
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
  for (const row of views) {
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
    buckets,
  };
}
