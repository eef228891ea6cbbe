import { CHART_FORMAT_VERSION, type SeatChart } from '@hafla/shared/charts/chart-format';
import { layoutSection } from '@hafla/shared/charts/layout';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import { createChart, publishChart } from '../../modules/charts/service';
import { attachChart } from '../../modules/seats/service';
import type { Db } from '../client';
import { users } from '../schema/accounts';
import { seatCharts } from '../schema/charts';
import { eventDates, events, ticketCategories } from '../schema/events';

/** The demo organizer's play (demo-events-data.ts, `nour-theatre`) is sold seat by seat. */
const ORGANIZER = 'organizer@hafla.test';
const EVENT_TITLE = 'مسرحية بيت الجد';
const CHART_NAME = 'مسرح مركز الملك فهد الثقافي';

/**
 * The theatre of the King Fahd Cultural Centre as a demo chart: curved front stalls of 5 rows of
 * 20 (Arabic row letters, seats numbered from the right, the front row's aisle seats accessible
 * with a companion seat beside each) and rear stalls of 10 rows of 25 — 100 and 250 seats, the
 * play's two ticket categories.
 */
function demoTheatreChart(): SeatChart {
  const rowLabels = { scheme: 'arabic', start: 1, direction: 'forward' } as const;
  const seatLabels = { scheme: 'numbers', start: 1, direction: 'reverse' } as const;
  const front = layoutSection({
    id: 'front',
    label_en: 'Front stalls',
    label_ar: 'الصالة الأمامية',
    x: 500,
    y: 190,
    rows: 5,
    seatsPerRow: 20,
    seatSpacing: 28,
    rowSpacing: 34,
    curve: 0.2,
    rowLabels,
    seatLabels,
    category: 'front',
  });
  const firstRow = front.rows[0]!;
  const last = firstRow.seats.length - 1;
  firstRow.seats = firstRow.seats.map((seat, index) => ({
    ...seat,
    accessible: index === 0 || index === last,
    companion: index === 1 || index === last - 1,
  }));
  const rear = layoutSection({
    id: 'rear',
    label_en: 'Rear stalls',
    label_ar: 'الصالة الخلفية',
    x: 500,
    y: 420,
    rows: 10,
    seatsPerRow: 25,
    seatSpacing: 28,
    rowSpacing: 34,
    curve: 0.2,
    rowLabels: { ...rowLabels, start: 6 },
    seatLabels,
    category: 'general',
  });
  return {
    version: CHART_FORMAT_VERSION,
    venue: { width: 1000, height: 800, seat_size: 20, background_image_url: null },
    stage: {
      label_en: 'Stage',
      label_ar: 'المسرح',
      x: 300,
      y: 30,
      width: 400,
      height: 80,
      rotation: 0,
    },
    focal_point: { x: 500, y: 70 },
    categories: [
      { key: 'front', label_en: 'Front seats', label_ar: 'مقاعد أمامية', color: '#C2185B' },
      { key: 'general', label_en: 'General seats', label_ar: 'مقاعد عامة', color: '#1976D2' },
    ],
    sections: [front, rear],
    areas: [],
  };
}

/**
 * Gives the demo organizer the theatre's chart, published, and attaches it to every date of the
 * play that has no chart yet — through the charts and seats services, so the demo's seats and
 * inventory are exactly what an organizer's would be. Idempotent: the chart is found by its
 * name. A date the services refuse (its tickets already sold by quantity, the play over) keeps
 * selling as it does.
 */
export async function seedDemoSeatChart(db: Db, now: Date): Promise<void> {
  const [organizer] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, ORGANIZER));
  if (!organizer) return;
  const [event] = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.organizer_id, organizer.id), eq(events.title, EVENT_TITLE)));
  if (!event) return;
  const deps = { db, now: () => now };
  const [existing] = await db
    .select({ id: seatCharts.id, published_version: seatCharts.published_version })
    .from(seatCharts)
    .where(and(eq(seatCharts.organizer_id, organizer.id), eq(seatCharts.name, CHART_NAME)));
  const chartId =
    existing?.id ??
    (await createChart(deps, organizer.id, { name: CHART_NAME, draft: demoTheatreChart() })).id;
  if (existing?.published_version == null) await publishChart(deps, organizer.id, chartId);

  const [front, general] = await db
    .select({ id: ticketCategories.id })
    .from(ticketCategories)
    .where(eq(ticketCategories.event_id, event.id))
    .orderBy(asc(ticketCategories.position), asc(ticketCategories.id));
  if (!front || !general) return;
  const dates = await db
    .select({ id: eventDates.id })
    .from(eventDates)
    .where(and(eq(eventDates.event_id, event.id), isNull(eventDates.chart_version_id)));
  for (const date of dates) {
    try {
      await attachChart(deps, organizer.id, date.id, {
        chart: chartId,
        categories: { front: front.id, general: general.id },
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }
}
