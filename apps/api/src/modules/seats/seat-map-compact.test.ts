import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleChart } from '@hafla/shared/charts/sample-chart';
import { seatsInChartOrder, statusOfCode } from '@hafla/shared/charts/seat-codes';
import { SeatMap, SeatMapChart, SeatMapStatus } from '@hafla/shared/charts/seats';
import { book } from '../../../test/booking-helpers';
import {
  call,
  createAttendee,
  createOrganizerTestContext,
  createPublishedEvent,
  expectError,
  expectOk,
  inDays,
  type Account,
  type EventFixture,
} from '../../../test/event-helpers';
import { createPublishedChart } from '../../../test/chart-helpers';
import type { TestContext } from '../../../test/helpers';

/**
 * The seat map's compact routes (decision 0023): the pinned chart version alone, cached by its
 * version with a strong ETag, and the live statuses as one letter per seat in the chart's order,
 * agreeing with the full `GET …/seats/` answer.
 */

let ctx: TestContext;
let organizer: Account;
let fixture: EventFixture;
let date: number;
let otherDate: number;

beforeAll(async () => {
  ({ ctx, organizer } = await createOrganizerTestContext());
  fixture = await createPublishedEvent(ctx, organizer.auth, {
    max_tickets_per_order: 6,
    dates: [
      { start: inDays(7), end: inDays(7, 3) },
      { start: inDays(8), end: inDays(8, 3) },
    ],
    ticket_categories: [
      { name: 'VIP', price: 20000, quantity: 10 },
      { name: 'Standard', price: 8000, quantity: 10 },
      { name: 'Standing', price: 3000, quantity: 10 },
    ],
  });
  [date, otherDate] = fixture.dates.map((slot) => slot.id) as [number, number];
  const [vip, standard, standing] = fixture.ticket_categories.map((category) => category.id);
  const chart = await createPublishedChart(ctx, organizer.auth);
  for (const id of [date, otherDate]) {
    const attached = await call(ctx, organizer.auth, 'PUT', `/api/v1/event_dates/${id}/chart/`, {
      chart,
      categories: { vip, standard, standing },
    });
    expect(attached.statusCode).toBe(200);
  }
});
afterAll(() => ctx.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers });

describe('the seat map’s chart alone', () => {
  it('serves the pinned version with a strong ETag naming it, and 304 to a matching If-None-Match', async () => {
    const first = await get(`/api/v1/event_dates/${date}/seats/chart/`);
    const chart = expectOk(first, 200, SeatMapChart);
    const full = expectOk(await get(`/api/v1/event_dates/${date}/seats/`), 200, SeatMap);
    expect(chart.seat_chart).toEqual(full.seat_chart);
    expect([chart.chart, chart.version]).toEqual([full.chart, full.version]);
    expect(first.headers.etag).toBe(`"seat-chart-${chart.chart_version}"`);
    expect(first.headers['cache-control']).toBe('public, no-cache');

    const again = await get(`/api/v1/event_dates/${date}/seats/chart/`, {
      'if-none-match': first.headers.etag as string,
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Another date pinning the same version names the same ETag.
    const other = await get(`/api/v1/event_dates/${otherDate}/seats/chart/`, {
      'if-none-match': first.headers.etag as string,
    });
    expect(other.statusCode).toBe(304);
  });

  it('is gzipped for a client that accepts it, under its own tag', async () => {
    const zipped = await get(`/api/v1/event_dates/${date}/seats/chart/`, {
      'accept-encoding': 'gzip, deflate',
    });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toContain('Accept-Encoding');
    const chart = SeatMapChart.parse(JSON.parse(gunzipSync(zipped.rawPayload).toString()));
    expect(zipped.headers.etag).toBe(`"seat-chart-${chart.chart_version}-gzip"`);
    const refused = await get(`/api/v1/event_dates/${date}/seats/chart/`, {
      'accept-encoding': 'gzip;q=0',
    });
    expect(refused.headers['content-encoding']).toBeUndefined();
  });

  it('is not found for a date without a chart or no date', async () => {
    const plain = await createPublishedEvent(ctx, organizer.auth, {
      dates: [{ start: inDays(9), end: inDays(9, 3) }],
      ticket_categories: [{ name: 'Seat', price: 1000, quantity: 5 }],
    });
    const bare = plain.dates[0]!.id;
    for (const id of [bare, 999_999]) {
      expectError(await get(`/api/v1/event_dates/${id}/seats/chart/`), 404, 'not_found');
      expectError(await get(`/api/v1/event_dates/${id}/seats/status/`), 404, 'not_found');
    }
  });
});

describe('the seat map’s live statuses', () => {
  it('says every seat’s status in one letter, in the chart’s order, as the full answer does', async () => {
    const buyer = await createAttendee(ctx);
    const chart = sampleChart();
    const order = seatsInChartOrder(chart).map((seat) => seat.id);
    const [first, second] = order as [string, string];
    const held = await book(ctx, buyer.auth, {
      event: fixture.event.id,
      event_date: date,
      items: [],
      seats: [first, second],
    });
    expect(held.statusCode).toBe(201);
    const blocked = await call(
      ctx,
      organizer.auth,
      'POST',
      `/api/v1/event_dates/${date}/seats/block/`,
      { seats: [order.at(-1)], blocked: true },
    );
    expect(blocked.statusCode).toBe(200);

    const status = expectOk(
      await get(`/api/v1/event_dates/${date}/seats/status/`),
      200,
      SeatMapStatus,
    );
    const full = expectOk(await get(`/api/v1/event_dates/${date}/seats/`), 200, SeatMap);
    expect(status.statuses).toHaveLength(order.length);
    expect(status.statuses.slice(0, 3)).toBe('hha');
    expect(status.statuses.at(-1)).toBe('b');
    const byId = new Map(full.seats.map((seat) => [seat.id, seat.status]));
    expect([...status.statuses].map(statusOfCode)).toEqual(order.map((id) => byId.get(id)));
    expect(status.counters).toEqual(full.counters);
    expect(status.categories).toEqual(full.categories);
    expect([status.chart, status.version]).toEqual([full.chart, full.version]);
    const chartAnswer = expectOk(
      await get(`/api/v1/event_dates/${date}/seats/chart/`),
      200,
      SeatMapChart,
    );
    expect(status.chart_version).toBe(chartAnswer.chart_version);
    // The other date pins the same version and keeps its own statuses.
    const other = expectOk(
      await get(`/api/v1/event_dates/${otherDate}/seats/status/`),
      200,
      SeatMapStatus,
    );
    expect(new Set(other.statuses)).toEqual(new Set(['a']));
  });
});
