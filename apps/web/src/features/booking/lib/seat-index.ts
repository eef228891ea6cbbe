import Flatbush from 'flatbush';
import type { SeatChart } from '@hafla/shared/charts/chart-format';
import { statusOfCode } from '@hafla/shared/charts/seat-codes';
import type { SeatStatus } from '@hafla/shared/charts/seats';

/**
 * The seat map's model of a chart (decision 0023): every seat once, in flat arrays, with the
 * section and row (or table) it belongs to, grouped for the accessible lists, and a static
 * spatial index (flatbush) so a tap finds its seat without a canvas hit graph.
 */
export interface SeatEntry {
  id: string;
  label: string;
  x: number;
  y: number;
  category: string | null;
  accessible: boolean;
  companion: boolean;
  section: number;
  /** The row's (or table's) label. */
  row: string;
}

export interface RowGroup {
  id: string;
  label: string;
  kind: 'row' | 'table';
  /** Indexes into `SeatIndex.seats`, left to right as drawn. */
  seats: number[];
}

export interface Bounds {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export interface SectionGroup {
  id: string;
  label_en: string;
  label_ar: string;
  rows: RowGroup[];
  /** Indexes into `SeatIndex.seats`. */
  seats: number[];
  /** The seats' extent, padded by a seat's radius; null for a section without seats. */
  bounds: Bounds | null;
}

export interface SeatIndex {
  seats: SeatEntry[];
  byId: Map<string, number>;
  sections: SectionGroup[];
  /** A seat's radius in chart units. */
  radius: number;
}

/**
 * The spatial index of the seats' boxes, built at the first tap rather than with the index:
 * sorting 20,000 boxes is work the first paint need not wait for.
 */
const trees = new WeakMap<SeatIndex, Flatbush | null>();

function treeOf(index: SeatIndex): Flatbush | null {
  if (trees.has(index)) return trees.get(index)!;
  let tree: Flatbush | null = null;
  if (index.seats.length > 0) {
    const { radius } = index;
    tree = new Flatbush(index.seats.length);
    for (const seat of index.seats) {
      tree.add(seat.x - radius, seat.y - radius, seat.x + radius, seat.y + radius);
    }
    tree.finish();
  }
  trees.set(index, tree);
  return tree;
}

export function buildSeatIndex(chart: SeatChart): SeatIndex {
  const seats: SeatEntry[] = [];
  const byId = new Map<string, number>();
  const radius = chart.venue.seat_size / 2;
  const sections: SectionGroup[] = chart.sections.map((section, sectionIndex) => {
    const group: SectionGroup = {
      id: section.id,
      label_en: section.label_en,
      label_ar: section.label_ar,
      rows: [],
      seats: [],
      bounds: null,
    };
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    const lines = [
      ...section.rows.map((row) => ({ row, kind: 'row' as const })),
      ...section.tables.map((row) => ({ row, kind: 'table' as const })),
    ];
    for (const { row, kind } of lines) {
      const rowGroup: RowGroup = { id: row.id, label: row.label, kind, seats: [] };
      for (const seat of row.seats) {
        const index = seats.length;
        seats.push({
          id: seat.id,
          label: seat.label,
          x: seat.x,
          y: seat.y,
          category: seat.category,
          accessible: seat.accessible,
          companion: seat.companion,
          section: sectionIndex,
          row: row.label,
        });
        byId.set(seat.id, index);
        rowGroup.seats.push(index);
        group.seats.push(index);
        minX = Math.min(minX, seat.x - radius);
        minY = Math.min(minY, seat.y - radius);
        maxX = Math.max(maxX, seat.x + radius);
        maxY = Math.max(maxY, seat.y + radius);
      }
      if (rowGroup.seats.length > 0) group.rows.push(rowGroup);
    }
    // One bounds object per section (not one per seat: 20,000 seats load on a slow phone).
    if (group.seats.length > 0) group.bounds = { minX, minY, maxX, maxY };
    return group;
  });
  return { seats, byId, sections, radius };
}

/**
 * The seat under a point in chart units: the nearest whose circle, widened by `slop` (a finger
 * is wider than a seat drawn small), holds the point; null on an aisle.
 */
export function seatAt(index: SeatIndex, x: number, y: number, slop = 0): number | null {
  const tree = treeOf(index);
  if (!tree) return null;
  const reach = index.radius + slop;
  const found = tree.neighbors(x, y, 1, reach);
  const nearest = found[0];
  if (nearest === undefined) return null;
  const seat = index.seats[nearest]!;
  return Math.hypot(seat.x - x, seat.y - y) <= reach ? nearest : null;
}

/** The section whose seats' extent holds a point, for taps on the zoomed-out blocks. */
export function sectionAt(index: SeatIndex, x: number, y: number): number | null {
  const found = index.sections.findIndex(
    (section) =>
      section.bounds !== null &&
      x >= section.bounds.minX &&
      x <= section.bounds.maxX &&
      y >= section.bounds.minY &&
      y <= section.bounds.maxY,
  );
  return found === -1 ? null : found;
}

export type SeatStatuses = Map<string, SeatStatus>;

export function statusesOf(
  states: ReadonlyArray<{ id: string; status: SeatStatus }>,
): SeatStatuses {
  return new Map(states.map((state) => [state.id, state.status]));
}

const freeCounts = new WeakMap<SeatStatuses, { index: SeatIndex; free: number[] }>();

/**
 * Each section's free seats. The statuses hold only the seats that changed from free (few, on a
 * big chart), so this walks them once per statuses, not every seat at every draw.
 */
export function freePerSection(index: SeatIndex, statuses: SeatStatuses): readonly number[] {
  const known = freeCounts.get(statuses);
  if (known?.index === index) return known.free;
  const free = index.sections.map((section) => section.seats.length);
  for (const [id, status] of statuses) {
    const at = status === 'available' ? undefined : index.byId.get(id);
    if (at !== undefined) free[index.seats[at]!.section]! -= 1;
  }
  freeCounts.set(statuses, { index, free });
  return free;
}

/**
 * The statuses from the compact answer (`GET …/seats/status/`): one letter per seat in the
 * chart's order, which is `buildSeatIndex`'s. Only seats that are not free are kept (a seat
 * absent from the map is available).
 */
export function statusesFromCodes(index: SeatIndex, codes: string): SeatStatuses {
  const statuses: SeatStatuses = new Map();
  const count = Math.min(codes.length, index.seats.length);
  for (let at = 0; at < count; at++) {
    const code = codes.charCodeAt(at);
    // 'a' (available) is by far the most common letter: skip it without a lookup.
    if (code !== 97) statuses.set(index.seats[at]!.id, statusOfCode(codes[at]!));
  }
  return statuses;
}

/** Live changes applied to the statuses: a new map (React state), or the same when nothing moved. */
export function applySeatChanges(
  statuses: SeatStatuses,
  changes: ReadonlyArray<{ id: string; status: SeatStatus }>,
): SeatStatuses {
  if (changes.every((change) => (statuses.get(change.id) ?? 'available') === change.status)) {
    return statuses;
  }
  const next = new Map(statuses);
  for (const change of changes) next.set(change.id, change.status);
  return next;
}

export interface CategoryCounter {
  category: string;
  available: number;
  total: number;
}

/**
 * `seatMapCounters`: each chart category's free seats of all its seats, as the map shows them
 * now (the server's counters at load, then kept by the live changes). A category without seats
 * (a general-admission area) keeps the server's figures.
 */
export function seatMapCounters(
  index: SeatIndex,
  statuses: SeatStatuses,
  categories: readonly string[],
  fromServer: ReadonlyArray<{ category: string; available: number; total: number }> = [],
): CategoryCounter[] {
  const counts = new Map(categories.map((key) => [key, { available: 0, total: 0 }]));
  for (const seat of index.seats) {
    const count = seat.category === null ? undefined : counts.get(seat.category);
    if (!count) continue;
    count.total++;
    if ((statuses.get(seat.id) ?? 'available') === 'available') count.available++;
  }
  return categories.map((category) => {
    const count = counts.get(category)!;
    const server = fromServer.find((counter) => counter.category === category);
    return count.total === 0 && server
      ? { category, available: server.available, total: server.total }
      : { category, ...count };
  });
}
