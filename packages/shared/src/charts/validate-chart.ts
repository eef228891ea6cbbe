import type { Seat, SeatChart } from './chart-format';

/** One reason a chart cannot be published, at a field path such as `sections.0.rows.2.seats.5.label`. */
export interface ChartIssue {
  code: ChartIssueCode;
  path: string;
  params?: Record<string, string | number>;
}

export type ChartIssueCode =
  | 'chart_empty'
  | 'duplicate_id'
  | 'duplicate_category'
  | 'duplicate_label'
  | 'category_required'
  | 'unknown_category'
  | 'outside_venue'
  | 'seats_overlap'
  | 'unknown_neighbour'
  | 'neighbour_not_mutual'
  | 'neighbour_not_adjacent'
  | 'neighbour_cycle';

/** A chart may have thousands of faults; the answer lists the first ones, which is enough to act on. */
export const MAX_CHART_ISSUES = 50;

/** Seats closer than this share of a seat's size overlap; touching seats do not. */
const OVERLAP_TOLERANCE = 1e-6;

/** Where a seat is: in a row (a chain of neighbours) or at a table (a chain or a closed ring). */
interface PlacedSeat {
  seat: Seat;
  path: string;
  /** The row's or table's path: neighbours must share it. */
  groupPath: string;
  index: number;
  group: readonly Seat[];
  isTable: boolean;
}

class IssueList {
  readonly issues: ChartIssue[] = [];
  get isFull(): boolean {
    return this.issues.length >= MAX_CHART_ISSUES;
  }
  add(code: ChartIssueCode, path: string, params?: Record<string, string | number>): void {
    if (this.isFull) return;
    this.issues.push(params ? { code, path, params } : { code, path });
  }
}

function placedSeats(chart: SeatChart): PlacedSeat[] {
  const placed: PlacedSeat[] = [];
  chart.sections.forEach((section, s) => {
    section.rows.forEach((row, r) => {
      const groupPath = `sections.${s}.rows.${r}`;
      row.seats.forEach((seat, index) =>
        placed.push({
          seat,
          path: `${groupPath}.seats.${index}`,
          groupPath,
          index,
          group: row.seats,
          isTable: false,
        }),
      );
    });
    section.tables.forEach((table, t) => {
      const groupPath = `sections.${s}.tables.${t}`;
      table.seats.forEach((seat, index) =>
        placed.push({
          seat,
          path: `${groupPath}.seats.${index}`,
          groupPath,
          index,
          group: table.seats,
          isTable: true,
        }),
      );
    });
  });
  return placed;
}

function checkIds(chart: SeatChart, seats: readonly PlacedSeat[], issues: IssueList): void {
  const seen = new Set<string>();
  const claim = (id: string, path: string) => {
    if (seen.has(id)) issues.add('duplicate_id', `${path}.id`, { id });
    seen.add(id);
  };
  chart.sections.forEach((section, s) => {
    claim(section.id, `sections.${s}`);
    section.rows.forEach((row, r) => claim(row.id, `sections.${s}.rows.${r}`));
    section.tables.forEach((table, t) => claim(table.id, `sections.${s}.tables.${t}`));
  });
  chart.areas.forEach((area, a) => claim(area.id, `areas.${a}`));
  for (const placed of seats) claim(placed.seat.id, placed.path);
}

function checkLabels(chart: SeatChart, issues: IssueList): void {
  const unique = (items: ReadonlyArray<{ label: string }>, path: (index: number) => string) => {
    const seen = new Set<string>();
    items.forEach((item, index) => {
      if (seen.has(item.label))
        issues.add('duplicate_label', `${path(index)}.label`, { label: item.label });
      seen.add(item.label);
    });
  };
  chart.sections.forEach((section, s) => {
    unique(section.rows, (r) => `sections.${s}.rows.${r}`);
    unique(section.tables, (t) => `sections.${s}.tables.${t}`);
    section.rows.forEach((row, r) =>
      unique(row.seats, (i) => `sections.${s}.rows.${r}.seats.${i}`),
    );
    section.tables.forEach((table, t) =>
      unique(table.seats, (i) => `sections.${s}.tables.${t}.seats.${i}`),
    );
  });
}

function checkCategories(chart: SeatChart, seats: readonly PlacedSeat[], issues: IssueList): void {
  const keys = new Set<string>();
  chart.categories.forEach((category, c) => {
    if (keys.has(category.key)) {
      issues.add('duplicate_category', `categories.${c}.key`, { key: category.key });
    }
    keys.add(category.key);
  });
  const check = (key: string | null, path: string) => {
    if (key === null) issues.add('category_required', `${path}.category`);
    else if (!keys.has(key)) issues.add('unknown_category', `${path}.category`, { key });
  };
  for (const placed of seats) check(placed.seat.category, placed.path);
  chart.areas.forEach((area, a) => check(area.category, `areas.${a}`));
}

function checkPositions(chart: SeatChart, seats: readonly PlacedSeat[], issues: IssueList): void {
  const { width, height, seat_size: size } = chart.venue;
  // A grid of cells one seat wide: overlapping seats are in the same or a neighbouring cell,
  // and seats that do not overlap fit at most four to a cell, so each seat compares a few.
  const grid = new Map<string, PlacedSeat[]>();
  const cellOf = (value: number) => Math.floor(value / size);
  const limit = size * (1 - OVERLAP_TOLERANCE);
  for (const placed of seats) {
    if (issues.isFull) return;
    const { x, y } = placed.seat;
    if (x < 0 || y < 0 || x > width || y > height) {
      issues.add('outside_venue', placed.path, { width, height });
      continue;
    }
    const cx = cellOf(x);
    const cy = cellOf(y);
    let other: PlacedSeat | undefined;
    for (let dx = -1; dx <= 1 && !other; dx++) {
      for (let dy = -1; dy <= 1 && !other; dy++) {
        other = grid
          .get(`${cx + dx},${cy + dy}`)
          ?.find((candidate) => Math.hypot(candidate.seat.x - x, candidate.seat.y - y) < limit);
      }
    }
    if (other) {
      issues.add('seats_overlap', placed.path, { seat: other.seat.id });
      continue;
    }
    const key = `${cx},${cy}`;
    const cell = grid.get(key);
    if (cell) cell.push(placed);
    else grid.set(key, [placed]);
  }
}

/**
 * Neighbours must be mutual and lie beside each other in their row's listing order (a row is a
 * chain, never a loop); at a table of three or more seats the last and first may close the ring.
 */
function checkNeighbours(seats: readonly PlacedSeat[], issues: IssueList): void {
  const byId = new Map<string, PlacedSeat>();
  for (const placed of seats) if (!byId.has(placed.seat.id)) byId.set(placed.seat.id, placed);
  for (const placed of seats) {
    if (issues.isFull) return;
    for (const side of ['left', 'right'] as const) {
      const id = placed.seat[side];
      if (id === null) continue;
      const path = `${placed.path}.${side}`;
      const target = byId.get(id);
      if (!target) {
        issues.add('unknown_neighbour', path, { id });
        continue;
      }
      const opposite = side === 'left' ? 'right' : 'left';
      if (target.seat[opposite] !== placed.seat.id) {
        issues.add('neighbour_not_mutual', path, { id });
        continue;
      }
      const count = placed.group.length;
      const step = side === 'left' ? -1 : 1;
      const isSameGroup = target.groupPath === placed.groupPath;
      if (isSameGroup && target.index === placed.index + step) continue;
      const wraps = isSameGroup && target.index === (placed.index + step + count) % count;
      if (wraps && placed.isTable && count >= 3) continue;
      issues.add(wraps ? 'neighbour_cycle' : 'neighbour_not_adjacent', path, { id });
    }
  }
}

/**
 * Everything that must hold before a chart is published, as field-addressed issues (at most
 * MAX_CHART_ISSUES, in the order listed here). Pure; an empty list means the chart may go out.
 * The structure and limits are the schema's (`SeatChart`); this checks what a schema cannot.
 */
export function validateChartForPublish(chart: SeatChart): ChartIssue[] {
  const issues = new IssueList();
  const seats = placedSeats(chart);
  if (seats.length === 0 && chart.areas.length === 0) issues.add('chart_empty', 'sections');
  checkIds(chart, seats, issues);
  checkCategories(chart, seats, issues);
  checkLabels(chart, issues);
  checkNeighbours(seats, issues);
  checkPositions(chart, seats, issues);
  return issues.issues;
}
