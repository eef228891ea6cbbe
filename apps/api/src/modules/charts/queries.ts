import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { SeatChart } from '@hafla/shared/charts/chart-format';
import type { Db } from '../../db/client';
import { seatCharts, seatChartVersions } from '../../db/schema/charts';
import { eventDates } from '../../db/schema/events';

const summaryColumns = {
  id: seatCharts.id,
  name: seatCharts.name,
  draft_seat_count: seatCharts.draft_seat_count,
  published_version: seatCharts.published_version,
  created_at: seatCharts.created_at,
  updated_at: seatCharts.updated_at,
  // An event date sells seats from one of its versions: the designer's list says so, and
  // deleting it is refused (`chart_in_use`).
  in_use: sql<boolean>`exists (select 1 from event_dates d
    join seat_chart_versions v on v.id = d.chart_version_id
   where v.chart_id = "seat_charts"."id")`.mapWith(Boolean),
};

export type ChartSummaryRow = {
  id: number;
  name: string;
  draft_seat_count: number;
  published_version: number | null;
  created_at: Date;
  updated_at: Date;
  in_use: boolean;
};
export type ChartRow = ChartSummaryRow & { draft: SeatChart };

const own = (id: number, organizerId: string) =>
  and(eq(seatCharts.id, id), eq(seatCharts.organizer_id, organizerId));

export async function findOwnCharts(
  db: Db,
  organizerId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: ChartSummaryRow[]; count: number }> {
  const where = eq(seatCharts.organizer_id, organizerId);
  const [rows, [total]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(seatCharts)
      .where(where)
      .orderBy(desc(seatCharts.created_at), desc(seatCharts.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(seatCharts).where(where),
  ]);
  return { rows, count: total?.value ?? 0 };
}

export async function findOwnChart(
  db: Db,
  id: number,
  organizerId: string,
): Promise<ChartRow | null> {
  const [row] = await db
    .select({ ...summaryColumns, draft: seatCharts.draft })
    .from(seatCharts)
    .where(own(id, organizerId))
    .limit(1);
  return row ?? null;
}

export async function findVersionSummaries(db: Db, chartId: number) {
  return db
    .select({
      version: seatChartVersions.version,
      seat_count: seatChartVersions.seat_count,
      published_at: seatChartVersions.published_at,
    })
    .from(seatChartVersions)
    .where(eq(seatChartVersions.chart_id, chartId))
    .orderBy(desc(seatChartVersions.version));
}

export async function findOwnVersion(
  db: Db,
  chartId: number,
  organizerId: string,
  version: number,
) {
  const [row] = await db
    .select({
      chart_id: seatChartVersions.chart_id,
      version: seatChartVersions.version,
      seat_count: seatChartVersions.seat_count,
      published_at: seatChartVersions.published_at,
      chart: seatChartVersions.chart,
    })
    .from(seatChartVersions)
    .innerJoin(seatCharts, eq(seatCharts.id, seatChartVersions.chart_id))
    .where(and(own(chartId, organizerId), eq(seatChartVersions.version, version)))
    .limit(1);
  return row ?? null;
}

export async function insertChart(
  db: Db,
  values: {
    organizer_id: string;
    name: string;
    draft: SeatChart;
    draft_seat_count: number;
    now: Date;
  },
): Promise<number> {
  const [row] = await db
    .insert(seatCharts)
    .values({
      organizer_id: values.organizer_id,
      name: values.name,
      draft: values.draft,
      draft_seat_count: values.draft_seat_count,
      created_at: values.now,
      updated_at: values.now,
    })
    .returning({ id: seatCharts.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/** Answers false when the organizer has no such chart. */
export async function updateOwnChart(
  db: Db,
  id: number,
  organizerId: string,
  values: { name?: string; draft?: SeatChart; draft_seat_count?: number; updated_at: Date },
): Promise<boolean> {
  const updated = await db
    .update(seatCharts)
    .set(values)
    .where(own(id, organizerId))
    .returning({ id: seatCharts.id });
  return updated.length > 0;
}

/**
 * Deletes the chart and its versions unless an event date pins one of them (`in_use`); answers
 * `missing` when the organizer has no such chart. The chart's row is locked first, as attaching
 * locks it (FOR SHARE), so a date cannot pin a version between the check and the delete.
 */
export async function deleteOwnChart(
  db: Db,
  id: number,
  organizerId: string,
): Promise<'deleted' | 'missing' | 'in_use'> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ id: seatCharts.id })
      .from(seatCharts)
      .where(own(id, organizerId))
      .for('update');
    if (!found) return 'missing';
    const [pinned] = await tx
      .select({ id: eventDates.id })
      .from(eventDates)
      .innerJoin(seatChartVersions, eq(seatChartVersions.id, eventDates.chart_version_id))
      .where(eq(seatChartVersions.chart_id, id))
      .limit(1);
    if (pinned) return 'in_use';
    await tx.delete(seatCharts).where(eq(seatCharts.id, id));
    return 'deleted';
  });
}

/**
 * Adds the next version under the chart's row lock, so two publications at once get 1 and 2
 * (the unique index on (chart_id, version) would refuse a duplicate anyway). The draft is the
 * one the caller validated: a save between validation and this lock leaves it unpublished.
 * Answers the new version's number, or null when the chart is gone or no longer the caller's.
 */
export async function insertNextVersion(
  db: Db,
  id: number,
  organizerId: string,
  chart: SeatChart,
  seatCount: number,
  now: Date,
): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ published_version: seatCharts.published_version })
      .from(seatCharts)
      .where(own(id, organizerId))
      .for('update');
    if (!locked) return null;
    const version = (locked.published_version ?? 0) + 1;
    await tx.insert(seatChartVersions).values({
      chart_id: id,
      version,
      chart,
      seat_count: seatCount,
      published_at: now,
    });
    await tx.update(seatCharts).set({ published_version: version }).where(eq(seatCharts.id, id));
    return version;
  });
}
