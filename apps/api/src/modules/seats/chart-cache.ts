import { gzipSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import type { SeatChart } from '@hafla/shared/charts/chart-format';
import { seatsInChartOrder } from '@hafla/shared/charts/seat-codes';
import type { SeatMapChart } from '@hafla/shared/charts/seats';

/**
 * Published chart versions as the seat map serves them (decision 0023), kept per process by
 * version id: a version never changes, so its JSON is built (and gzipped) once, and the live
 * part of every date that pins it reads its seat order from here instead of the chart's JSON.
 */
export interface CachedChart {
  versionId: number;
  chartId: number;
  version: number;
  categoryKeys: string[];
  /** Seat id → its place in the chart's seat order (the compact statuses' order). */
  order: Map<string, number>;
  /** Each seat's chart category, in that order. */
  seatCategories: Array<string | null>;
  /** The `SeatMapChart` answer as UTF-8 JSON, and gzipped. */
  body: Buffer;
  gzip: Buffer;
  /** A strong ETag per representation: the version names the content. */
  etag: string;
  gzipEtag: string;
}

export interface ChartVersionRow {
  id: number;
  chart_id: number;
  version: number;
  chart: SeatChart;
}

/** About how much memory the kept versions may take (a 20,000-seat chart is about 4 MB). */
const MAX_BYTES = 64 * 1024 * 1024;

export class ChartCache {
  private readonly entries = new LRUCache<number, CachedChart>({
    maxSize: MAX_BYTES,
    sizeCalculation: (entry) => entry.body.length + entry.gzip.length + entry.order.size * 64,
  });

  /** The cached version, or null when this process has not built it yet. */
  get(versionId: number): CachedChart | null {
    return this.entries.get(versionId) ?? null;
  }

  /** Builds a version's answer once and keeps it. */
  put(row: ChartVersionRow): CachedChart {
    const seats = seatsInChartOrder(row.chart);
    const answer: SeatMapChart = {
      chart: row.chart_id,
      version: row.version,
      chart_version: row.id,
      seat_chart: row.chart,
    };
    const body = Buffer.from(JSON.stringify(answer));
    const entry: CachedChart = {
      versionId: row.id,
      chartId: row.chart_id,
      version: row.version,
      categoryKeys: row.chart.categories.map((category) => category.key),
      order: new Map(seats.map((seat, at) => [seat.id, at])),
      seatCategories: seats.map((seat) => seat.category),
      body,
      gzip: gzipSync(body),
      etag: `"seat-chart-${row.id}"`,
      gzipEtag: `"seat-chart-${row.id}-gzip"`,
    };
    this.entries.set(row.id, entry);
    return entry;
  }
}
