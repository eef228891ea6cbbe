import type { SeatChart } from './chart-format';
import type { SeatStatus } from './seats';

/**
 * The seat map's compact statuses (decision 0023): one letter per seat, in the chart's seat
 * order (sections in order; in each, its rows then its tables; in each, its seats in order).
 * Free of zod, so the seat step's chunk can read them without the schemas.
 */
export const SEAT_STATUS_CODES = {
  available: 'a',
  held: 'h',
  sold: 's',
  blocked: 'b',
} as const satisfies Record<SeatStatus, string>;

const STATUS_OF_CODE: Record<string, SeatStatus> = {
  a: 'available',
  h: 'held',
  s: 'sold',
  b: 'blocked',
};

/** Every seat of a chart once, in the order the compact statuses follow. */
export function seatsInChartOrder(chart: SeatChart) {
  return chart.sections.flatMap((section) => [
    ...section.rows.flatMap((row) => row.seats),
    ...section.tables.flatMap((table) => table.seats),
  ]);
}

/** The status a letter of the compact statuses stands for (an unknown letter reads as free). */
export function statusOfCode(code: string): SeatStatus {
  return STATUS_OF_CODE[code] ?? 'available';
}
