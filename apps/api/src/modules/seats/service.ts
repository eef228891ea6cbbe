import type { SeatChart } from '@hafla/shared/charts/chart-format';
import { distanceTo } from '@hafla/shared/charts/seat-rules';
import type {
  EventDateChart,
  EventDateChartRequest,
  SeatBlockRequest,
  SeatBlockResult,
  SeatCounter,
  SeatMap,
  SeatMapStatus,
  SeatStatus,
} from '@hafla/shared/charts/seats';
import { SEAT_STATUS_CODES } from '@hafla/shared/charts/seat-codes';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { eventDateSeats, tickets } from '../../db/schema/bookings';
import { seatCharts, seatChartVersions } from '../../db/schema/charts';
import { eventDates, events, ticketCategories, ticketInventory } from '../../db/schema/events';
import {
  AppError,
  fieldError,
  fieldErrors,
  notFound,
  type AppErrorItem,
} from '../../lib/app-error';
import { rowsOf } from '../../lib/db-rows';
import { releaseHolds, SEAT_LOCK_CLASS, type SeatFeed } from '../bookings/surface';
import { assertEventEditable } from '../events/ownership';
import { ChartCache, type CachedChart } from './chart-cache';

/**
 * The seats of an event date (decision 0020): attaching a published chart version to a date
 * (its seats become rows of `event_date_seats`, the mapped categories' quantity for the date
 * their seat count), detaching it while nothing is held or sold, the public seat map, and the
 * organizer blocking seats. Holding seats is the booking's (bookings/hold.ts).
 */

export interface SeatsDeps {
  db: Db;
  now: () => Date;
  seats?: SeatFeed;
  /** Published chart versions as the seat map serves them (one per process; built when absent). */
  charts?: ChartCache;
}

/** Seat rows per INSERT (16 columns each, well under PostgreSQL's 65,535 parameters). */
const INSERT_CHUNK = 1_000;

type DateRow = typeof eventDates.$inferSelect & {
  organizer_id: string;
  event_status: string;
  event_last_end_at: Date | null;
};

/** The organizer's own date, locked for update (404 for anyone else's). */
async function lockOwnDate(tx: Tx, id: number, organizerId: string): Promise<DateRow> {
  const [row] = await tx
    .select({
      date: eventDates,
      organizer_id: events.organizer_id,
      event_status: events.status,
      event_last_end_at: events.last_end_at,
    })
    .from(eventDates)
    .innerJoin(events, eq(events.id, eventDates.event_id))
    .where(and(eq(eventDates.id, id), eq(events.organizer_id, organizerId)))
    .for('update', { of: eventDates });
  if (!row) throw notFound();
  return {
    ...row.date,
    organizer_id: row.organizer_id,
    event_status: row.event_status,
    event_last_end_at: row.event_last_end_at,
  };
}

/** Every seat of a chart with its row and section, in row order. */
function seatsOf(chart: SeatChart) {
  return chart.sections.flatMap((section) => [
    ...section.rows.flatMap((row) =>
      row.seats.map((seat, position) => ({
        section,
        rowId: row.id,
        rowLabel: row.label,
        isTable: false,
        position,
        seat,
      })),
    ),
    ...section.tables.flatMap((table) =>
      table.seats.map((seat, position) => ({
        section,
        rowId: table.id,
        rowLabel: table.label,
        isTable: true,
        position,
        seat,
      })),
    ),
  ]);
}

/** What the chart gives each chart category: seats and general-admission capacity. */
function categoryCounts(chart: SeatChart) {
  const counts = new Map<string, { seats: number; capacity: number }>(
    chart.categories.map((category) => [category.key, { seats: 0, capacity: 0 }]),
  );
  for (const { seat } of seatsOf(chart)) {
    const count = seat.category ? counts.get(seat.category) : undefined;
    if (count) count.seats++;
  }
  for (const area of chart.areas) {
    const count = area.category ? counts.get(area.category) : undefined;
    if (count) count.capacity += area.capacity;
  }
  return counts;
}

/** Per ticket category: its seats and area capacity summed over the chart categories mapped to it. */
function ticketCategoryCounts(chart: SeatChart, mapping: Record<string, number>) {
  const totals = new Map<number, { seats: number; capacity: number; keys: string[] }>();
  for (const [key, count] of categoryCounts(chart)) {
    const id = mapping[key];
    if (id === undefined) continue;
    const total = totals.get(id) ?? { seats: 0, capacity: 0, keys: [] };
    total.seats += count.seats;
    total.capacity += count.capacity;
    total.keys.push(key);
    totals.set(id, total);
  }
  return totals;
}

function chartAnswer(
  dateId: number,
  chartId: number,
  version: number,
  chart: SeatChart,
  mapping: Record<string, number>,
): EventDateChart {
  const counts = categoryCounts(chart);
  return {
    event_date: dateId,
    chart: chartId,
    version,
    seat_count: seatsOf(chart).length,
    categories: chart.categories.map((category) => {
      const count = counts.get(category.key)!;
      return {
        key: category.key,
        ticket_category: mapping[category.key]!,
        quantity: count.seats + count.capacity,
        seated: count.seats > 0,
      };
    }),
  };
}

/**
 * Refuses (409 `chart_in_use`) while a seat of the date is held or sold, or a ticket of a
 * category the chart maps (a standing area's) is: run after the date's lapsed holds were
 * released, so only live holds and sales count.
 */
async function assertChartNotInUse(tx: Tx, date: DateRow): Promise<void> {
  const [held] = await tx
    .select({ seat: eventDateSeats.seat_id })
    .from(eventDateSeats)
    .where(and(eq(eventDateSeats.event_date_id, date.id), isNotNull(eventDateSeats.booking_id)))
    .limit(1);
  const mapped = Object.values(date.chart_categories ?? {});
  const [sold] =
    mapped.length === 0
      ? []
      : await tx
          .select({ id: ticketInventory.ticket_category_id })
          .from(ticketInventory)
          .where(
            and(
              eq(ticketInventory.event_date_id, date.id),
              inArray(ticketInventory.ticket_category_id, mapped),
              sql`${ticketInventory.sold} + ${ticketInventory.held} > 0`,
            ),
          )
          .limit(1);
  if (held || sold) throw new AppError('chart_in_use', { status: 409 });
}

/** Takes the date's chart off: its seats go, its categories count their own quantity again. */
async function clearChart(tx: Tx, date: DateRow): Promise<void> {
  // Tickets of holds that ended keep no seat of a chart the date no longer has.
  await tx
    .update(tickets)
    .set({ seat_id: null })
    .where(and(eq(tickets.event_date_id, date.id), isNotNull(tickets.seat_id)));
  await tx.delete(eventDateSeats).where(eq(eventDateSeats.event_date_id, date.id));
  await tx
    .update(ticketInventory)
    .set({ quantity: null, seated: false })
    .where(and(eq(ticketInventory.event_date_id, date.id), isNotNull(ticketInventory.quantity)));
  await tx
    .update(eventDates)
    .set({ chart_version_id: null, chart_categories: null })
    .where(eq(eventDates.id, date.id));
}

/**
 * PUT /event_dates/{id}/chart/ — pins the chart's newest published version to the date and maps
 * every chart category to a ticket category of the date's event; each mapped category's
 * quantity for the date becomes its seat count (or its standing areas' capacity). A date whose
 * chart is in use keeps it (`chart_in_use`).
 */
export async function attachChart(
  deps: SeatsDeps,
  organizerId: string,
  dateId: number,
  input: EventDateChartRequest,
): Promise<EventDateChart> {
  const now = deps.now();
  await releaseHolds(deps.db, now, { eventDateId: dateId }, 200, deps.seats);
  return deps.db.transaction(async (tx) => {
    const date = await lockOwnDate(tx, dateId, organizerId);
    assertEventEditable({ status: date.event_status, last_end_at: date.event_last_end_at }, now);
    const [found] = await tx
      .select({
        id: seatCharts.id,
        published_version: seatCharts.published_version,
      })
      .from(seatCharts)
      .where(and(eq(seatCharts.id, input.chart), eq(seatCharts.organizer_id, organizerId)))
      .for('share');
    if (!found) throw notFound('chart');
    if (found.published_version === null) throw fieldError('chart_not_published', 'chart');
    const [version] = await tx
      .select()
      .from(seatChartVersions)
      .where(
        and(
          eq(seatChartVersions.chart_id, found.id),
          eq(seatChartVersions.version, found.published_version),
        ),
      );
    if (!version) throw notFound('chart');
    const chart = version.chart;

    const own = new Set(
      (
        await tx
          .select({ id: ticketCategories.id })
          .from(ticketCategories)
          .where(eq(ticketCategories.event_id, date.event_id))
      ).map((row) => row.id),
    );
    const errors: AppErrorItem[] = [];
    const keys = new Set(chart.categories.map((category) => category.key));
    for (const key of keys) {
      if (input.categories[key] === undefined) {
        errors.push({ code: 'required', attr: `categories.${key}`, params: {} });
      }
    }
    for (const [key, id] of Object.entries(input.categories)) {
      if (!keys.has(key)) {
        errors.push({ code: 'unknown_chart_category', attr: `categories.${key}`, params: {} });
      } else if (!own.has(id)) {
        errors.push({
          code: 'ticket_category_not_in_event',
          attr: `categories.${key}`,
          params: {},
        });
      }
    }
    const totals = ticketCategoryCounts(chart, input.categories);
    for (const total of totals.values()) {
      if (total.seats > 0 && total.capacity > 0) {
        errors.push({
          code: 'category_mixes_seats_and_areas',
          attr: `categories.${total.keys[0]}`,
          params: {},
        });
      }
    }
    if (errors.length > 0) throw fieldErrors(errors);

    if (date.chart_version_id !== null) {
      await assertChartNotInUse(tx, date);
      await clearChart(tx, date);
    }
    // A category that already sold or holds tickets of this date cannot start counting seats.
    const [busy] = await tx
      .select({ id: ticketInventory.ticket_category_id })
      .from(ticketInventory)
      .where(
        and(
          eq(ticketInventory.event_date_id, date.id),
          inArray(ticketInventory.ticket_category_id, [...totals.keys()]),
          sql`${ticketInventory.sold} + ${ticketInventory.held} > 0`,
        ),
      )
      .limit(1);
    if (busy) {
      const key = Object.entries(input.categories).find(([, id]) => id === busy.id)?.[0];
      throw new AppError('category_has_tickets', { status: 409, attr: `categories.${key}` });
    }

    const rows = seatsOf(chart).map(({ section, rowId, rowLabel, isTable, position, seat }) => ({
      event_date_id: date.id,
      seat_id: seat.id,
      ticket_category_id: input.categories[seat.category ?? '']!,
      section_id: section.id,
      section_label_en: section.label_en,
      section_label_ar: section.label_ar,
      row_id: rowId,
      row_label: rowLabel,
      is_table: isTable,
      position,
      seat_label: seat.label,
      left_id: seat.left,
      right_id: seat.right,
      distance: distanceTo(chart.focal_point, seat),
      accessible: seat.accessible,
      companion: seat.companion,
    }));
    for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
      await tx.insert(eventDateSeats).values(rows.slice(start, start + INSERT_CHUNK));
    }
    for (const [categoryId, total] of totals) {
      await tx
        .insert(ticketInventory)
        .values({
          event_date_id: date.id,
          ticket_category_id: categoryId,
          quantity: total.seats + total.capacity,
          seated: total.seats > 0,
        })
        .onConflictDoUpdate({
          target: [ticketInventory.event_date_id, ticketInventory.ticket_category_id],
          set: { quantity: total.seats + total.capacity, seated: total.seats > 0 },
        });
    }
    await tx
      .update(eventDates)
      .set({ chart_version_id: version.id, chart_categories: input.categories, updated_at: now })
      .where(eq(eventDates.id, date.id));
    return chartAnswer(date.id, found.id, version.version, chart, input.categories);
  });
}

/** DELETE /event_dates/{id}/chart/ — takes the chart off while none of its seats is held or sold. */
export async function detachChart(
  deps: SeatsDeps,
  organizerId: string,
  dateId: number,
): Promise<void> {
  const now = deps.now();
  await releaseHolds(deps.db, now, { eventDateId: dateId }, 200, deps.seats);
  await deps.db.transaction(async (tx) => {
    const date = await lockOwnDate(tx, dateId, organizerId);
    if (date.chart_version_id === null) throw notFound();
    assertEventEditable({ status: date.event_status, last_end_at: date.event_last_end_at }, now);
    await assertChartNotInUse(tx, date);
    await clearChart(tx, date);
  });
}

/** GET /event_dates/{id}/chart/ — the organizer's view of what the date sells its seats from. */
export async function getDateChart(
  deps: SeatsDeps,
  organizerId: string,
  dateId: number,
): Promise<EventDateChart> {
  const [row] = await deps.db
    .select({
      chart_categories: eventDates.chart_categories,
      chart_id: seatChartVersions.chart_id,
      version: seatChartVersions.version,
      chart: seatChartVersions.chart,
    })
    .from(eventDates)
    .innerJoin(events, eq(events.id, eventDates.event_id))
    .innerJoin(seatChartVersions, eq(seatChartVersions.id, eventDates.chart_version_id))
    .where(and(eq(eventDates.id, dateId), eq(events.organizer_id, organizerId)));
  if (!row) throw notFound();
  return chartAnswer(dateId, row.chart_id, row.version, row.chart, row.chart_categories ?? {});
}

/** A seat's status for everyone (never who holds it), in SQL over `s` and its booking `b`. */
const seatStatusSql = (now: Date) => sql<SeatStatus>`
  case when s.blocked then 'blocked'
       when s.booking_id is null then 'available'
       when b.status = 'pending' and b.expires_at > ${now} then 'held'
       when b.status in ('confirmed', 'partially_refunded', 'refunded') then 'sold'
       else 'available' end`;

async function seatStates(
  db: Db | Tx,
  dateId: number,
  now: Date,
  only?: readonly string[],
): Promise<Array<{ id: string; status: SeatStatus; ticket_category_id: number }>> {
  const filter = only
    ? sql`and s.seat_id in (${sql.join(
        only.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  return rowsOf(
    await db.execute(sql`
      select s.seat_id as id, s.ticket_category_id, ${seatStatusSql(now)} as status
        from ${eventDateSeats} s left join bookings b on b.id = s.booking_id
       where s.event_date_id = ${dateId} ${filter}
       order by s.row_id, s.position`),
  );
}

/**
 * GET /event_dates/{id}/seats/ — for anyone, of a published event: the pinned chart, each seat's
 * status and the counters per chart category. A lapsed hold's seat is available at once.
 */
export async function getSeatMap(deps: SeatsDeps, dateId: number): Promise<SeatMap> {
  const now = deps.now();
  const [row] = await deps.db
    .select({
      event_status: events.status,
      chart_categories: eventDates.chart_categories,
      chart_id: seatChartVersions.chart_id,
      version: seatChartVersions.version,
      chart: seatChartVersions.chart,
    })
    .from(eventDates)
    .innerJoin(events, eq(events.id, eventDates.event_id))
    .innerJoin(seatChartVersions, eq(seatChartVersions.id, eventDates.chart_version_id))
    .where(eq(eventDates.id, dateId));
  if (!row || row.event_status === 'draft') throw notFound();
  const states = await seatStates(deps.db, dateId, now);
  const mapping = row.chart_categories ?? {};
  const statusOf = new Map(states.map((state) => [state.id, state.status]));
  const counters = new Map<string, SeatCounter>(
    row.chart.categories.map((category) => [
      category.key,
      { category: category.key, ticket_category: mapping[category.key]!, available: 0, total: 0 },
    ]),
  );
  for (const { seat } of seatsOf(row.chart)) {
    const counter = seat.category ? counters.get(seat.category) : undefined;
    if (!counter) continue;
    counter.total++;
    if (statusOf.get(seat.id) === 'available') counter.available++;
  }
  return {
    event_date: dateId,
    chart: row.chart_id,
    version: row.version,
    seat_chart: row.chart,
    seats: states.map(({ id, status }) => ({ id, status })),
    counters: [...counters.values()],
    categories: mapping,
  };
}

/**
 * The chart version a date of a published event pins, as the seat map serves it: from this
 * process's cache, else read once and kept (404 for a draft event's date or a date without one).
 */
async function publicDateChart(
  deps: SeatsDeps,
  dateId: number,
): Promise<{ chart: CachedChart; mapping: Record<string, number> }> {
  const [row] = await deps.db
    .select({
      event_status: events.status,
      chart_categories: eventDates.chart_categories,
      version_id: eventDates.chart_version_id,
    })
    .from(eventDates)
    .innerJoin(events, eq(events.id, eventDates.event_id))
    .where(eq(eventDates.id, dateId));
  if (!row || row.event_status === 'draft' || row.version_id === null) throw notFound();
  const cache = (deps.charts ??= new ChartCache());
  let chart = cache.get(row.version_id);
  if (!chart) {
    const [version] = await deps.db
      .select({
        id: seatChartVersions.id,
        chart_id: seatChartVersions.chart_id,
        version: seatChartVersions.version,
        chart: seatChartVersions.chart,
      })
      .from(seatChartVersions)
      .where(eq(seatChartVersions.id, row.version_id));
    if (!version) throw notFound();
    chart = cache.put(version);
  }
  return { chart, mapping: row.chart_categories ?? {} };
}

/**
 * GET /event_dates/{id}/seats/chart/ — the pinned chart version alone, for anyone, of a
 * published event: built once per version and process (the route sends its bytes as they are).
 */
export async function getSeatMapChart(deps: SeatsDeps, dateId: number): Promise<CachedChart> {
  return (await publicDateChart(deps, dateId)).chart;
}

/**
 * GET /event_dates/{id}/seats/status/ — the live part of the seat map: one letter per seat in
 * the chart's seat order, and the counters per chart category. A lapsed hold's seat is
 * available at once. Only the date's taken and blocked seats are read (a fresh date's 20,000
 * seats are none).
 */
export async function getSeatMapStatus(deps: SeatsDeps, dateId: number): Promise<SeatMapStatus> {
  const now = deps.now();
  const { chart, mapping } = await publicDateChart(deps, dateId);
  // Only seats someone holds, bought or blocked are read: every other seat is free.
  const states = rowsOf<{ id: string; status: SeatStatus }>(
    await deps.db.execute(sql`
      select s.seat_id as id, ${seatStatusSql(now)} as status
        from ${eventDateSeats} s left join bookings b on b.id = s.booking_id
       where s.event_date_id = ${dateId} and (s.blocked or s.booking_id is not null)`),
  );
  const codes = new Array<string>(chart.order.size).fill(SEAT_STATUS_CODES.available);
  for (const state of states) {
    const at = chart.order.get(state.id);
    if (at !== undefined) codes[at] = SEAT_STATUS_CODES[state.status];
  }
  const counters = new Map<string, SeatCounter>(
    chart.categoryKeys.map((key) => [
      key,
      { category: key, ticket_category: mapping[key]!, available: 0, total: 0 },
    ]),
  );
  chart.seatCategories.forEach((key, at) => {
    const counter = key === null ? undefined : counters.get(key);
    if (!counter) return;
    counter.total++;
    if (codes[at] === SEAT_STATUS_CODES.available) counter.available++;
  });
  return {
    event_date: dateId,
    chart: chart.chartId,
    version: chart.version,
    chart_version: chart.versionId,
    statuses: codes.join(''),
    counters: [...counters.values()],
    categories: mapping,
  };
}

/**
 * POST /event_dates/{id}/seats/block/ — the organizer blocks seats (never sold) or unblocks
 * them. Under the date's seat lock, like a hold; a held or sold seat is refused (`seat_taken`),
 * an unknown one is a field error, and nothing changes unless every seat can.
 */
export async function blockSeats(
  deps: SeatsDeps,
  organizerId: string,
  dateId: number,
  input: SeatBlockRequest,
): Promise<SeatBlockResult> {
  const now = deps.now();
  await releaseHolds(deps.db, now, { eventDateId: dateId }, 200, deps.seats);
  const seats = [...new Set(input.seats)];
  const result = await deps.db.transaction(async (tx) => {
    const date = await lockOwnDate(tx, dateId, organizerId);
    if (date.chart_version_id === null) throw notFound();
    assertEventEditable({ status: date.event_status, last_end_at: date.event_last_end_at }, now);
    await tx.execute(sql`select pg_advisory_xact_lock(${SEAT_LOCK_CLASS}, ${dateId}::int)`);
    const states = new Map(
      (await seatStates(tx, dateId, now, seats)).map((state) => [state.id, state.status]),
    );
    seats.forEach((seat, index) => {
      const status = states.get(seat);
      if (status === undefined) throw fieldError('seat_not_found', `seats.${index}`, { seat });
      if (status === 'held' || status === 'sold') {
        throw new AppError('seat_taken', { status: 409, attr: `seats.${index}`, params: { seat } });
      }
    });
    const changed = rowsOf<{ seat_id: string }>(
      await tx.execute(sql`
        update ${eventDateSeats} set blocked = ${input.blocked}
         where event_date_id = ${dateId} and booking_id is null and blocked <> ${input.blocked}
           and seat_id in (${sql.join(
             seats.map((id) => sql`${id}`),
             sql`, `,
           )})
        returning seat_id`),
    );
    return {
      changed: changed.map((row) => row.seat_id),
      seats: (await seatStates(tx, dateId, now, seats)).map(({ id, status }) => ({ id, status })),
    };
  });
  deps.seats?.changed(dateId, result.changed, input.blocked ? 'blocked' : 'available');
  return { seats: result.seats };
}
