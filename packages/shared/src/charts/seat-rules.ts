import type { Point, SeatChart, Seat } from './chart-format';

/**
 * The seat rules both the server (judging a hold) and the seat map (warning before it is sent)
 * apply: no single seat stranded, and best available. Pure; rows come from `ruleRowsOfChart`.
 */

export interface RuleSeat {
  id: string;
  /** Free to take now (not held, sold or blocked, and of the category being bought). */
  isFree: boolean;
  /** How far from the stage's focal point; best available minimises the sum. */
  distance: number;
}

/**
 * A row's seats left to right, cut into blocks where two seats are not neighbours (an aisle).
 * A ring (a table whose seats go all the way round) is one block whose last and first seats
 * are neighbours too.
 */
export interface RuleRow {
  id: string;
  blocks: RuleSeat[][];
  isRing?: boolean;
}

/** A stretch of free seats bounded by taken seats or a block's ends, or a whole free ring. */
interface Run {
  seats: RuleSeat[];
  isRing: boolean;
}

function freeRuns(row: RuleRow): Run[] {
  const runs: Run[] = [];
  for (const block of row.blocks) {
    let seats = block;
    if (row.isRing && row.blocks.length === 1) {
      const taken = block.findIndex((seat) => !seat.isFree);
      if (taken === -1) {
        if (block.length > 0) runs.push({ seats: block, isRing: true });
        continue;
      }
      // Read from just after a taken seat: the ring is cut there, so the rest is a chain.
      seats = [...block.slice(taken + 1), ...block.slice(0, taken + 1)];
    }
    let run: RuleSeat[] = [];
    for (const seat of seats) {
      if (seat.isFree) {
        run.push(seat);
      } else if (run.length > 0) {
        runs.push({ seats: run, isRing: false });
        run = [];
      }
    }
    if (run.length > 0) runs.push({ seats: run, isRing: false });
  }
  return runs;
}

/** Where a window of `size` seats side by side may start in a run. */
function offsetsOf(run: Run, size: number): number[] {
  const length = run.seats.length;
  if (size > length) return [];
  const count = run.isRing ? (size === length ? 1 : length) : length - size + 1;
  return Array.from({ length: count }, (_, offset) => offset);
}

/** The `size` seats from `offset`, going round a ring. */
function windowOf(run: Run, offset: number, size: number): RuleSeat[] {
  const length = run.seats.length;
  return Array.from({ length: size }, (_, index) => run.seats[(offset + index) % length]!);
}

/** Seats a window strands: 0, 1 or 2 (what is left of a ring is one stretch). */
function strandedBy(run: Run, offset: number, size: number): number {
  const length = run.seats.length;
  if (run.isRing) return Number(length - size === 1);
  return Number(offset === 1) + Number(length - offset - size === 1);
}

/**
 * The free seats a selection leaves alone in a row: no free neighbour on either side (a taken
 * seat, an aisle or the row's end) where one of them was free before. A seat that was already
 * alone is not the selection's doing.
 */
export function orphansLeftBy(row: RuleRow, selected: ReadonlySet<string>): string[] {
  const orphans: string[] = [];
  for (const run of freeRuns(row)) {
    const first = run.seats.findIndex((seat) => selected.has(seat.id));
    if (first === -1) continue;
    // A ring is read from a selected seat, which bounds the stretch that wraps round to it.
    const seats = run.isRing
      ? [...run.seats.slice(first), ...run.seats.slice(0, first)]
      : run.seats;
    let piece: RuleSeat[] = [];
    for (const seat of [...seats, null]) {
      if (seat !== null && !selected.has(seat.id)) {
        piece.push(seat);
        continue;
      }
      if (piece.length === 1) orphans.push(piece[0]!.id);
      piece = [];
    }
  }
  return orphans;
}

/** Whether `size` seats side by side fit somewhere in the row without stranding a seat. */
export function canPlaceTogetherWithoutOrphan(row: RuleRow, size: number): boolean {
  return freeRuns(row).some((run) =>
    offsetsOf(run, size).some((offset) => strandedBy(run, offset, size) === 0),
  );
}

export type SelectionVerdict =
  { ok: true } | { ok: false; code: 'orphan_seat'; seat: string; row: string };

/**
 * The orphan rule (seats.io's `noOrphanSeats`): a selection that leaves a single free seat
 * alone in a row is refused, naming the seat — unless the row offers no other way to seat the
 * same number side by side without stranding one, which is how the last seats still sell.
 * The selected seats are assumed free; the caller refuses taken ones first.
 */
export function checkSelection(
  rows: readonly RuleRow[],
  selection: Iterable<string>,
): SelectionVerdict {
  const selected = new Set(selection);
  for (const row of rows) {
    let count = 0;
    for (const block of row.blocks) for (const seat of block) if (selected.has(seat.id)) count++;
    if (count === 0) continue;
    const orphans = orphansLeftBy(row, selected);
    if (orphans.length > 0 && canPlaceTogetherWithoutOrphan(row, count)) {
      return { ok: false, code: 'orphan_seat', seat: orphans[0]!, row: row.id };
    }
  }
  return { ok: true };
}

export interface BestAvailable {
  /** Seat ids, in row order. */
  seats: string[];
  /** All side by side in one row. */
  together: boolean;
  /** It strands a seat: only when every way of seating the party does. */
  leaves_orphan: boolean;
}

/** What a placement costs, compared in this order: stranded seats, groups, distance. */
interface Cost {
  orphans: number;
  groups: number;
  distance: number;
}

const isCheaper = (a: Cost, b: Cost): boolean =>
  a.orphans !== b.orphans
    ? a.orphans < b.orphans
    : a.groups !== b.groups
      ? a.groups < b.groups
      : a.distance < b.distance;

function sumDistance(seats: readonly RuleSeat[]): number {
  let total = 0;
  for (const seat of seats) total += seat.distance;
  return total;
}

interface Placement {
  offset: number;
  cost: Cost;
}

/** The cheapest `size` seats side by side in a run (null when the run is shorter). */
function bestWindow(run: Run, size: number): Placement | null {
  let pick: Placement | null = null;
  for (const offset of offsetsOf(run, size)) {
    const cost = {
      orphans: strandedBy(run, offset, size),
      groups: 1,
      distance: sumDistance(windowOf(run, offset, size)),
    };
    if (!pick || isCheaper(cost, pick.cost)) pick = { offset, cost };
  }
  return pick;
}

/**
 * Best available for `quantity` seats: side by side as near the stage as possible without
 * stranding a seat; else side by side even so (the orphan rule allows it, since no row has a
 * better way); else split over as few groups as possible, stranding as few seats as possible,
 * then nearest — at most one group per stretch of free seats. Null when too few seats are free.
 */
export function bestAvailable(rows: readonly RuleRow[], quantity: number): BestAvailable | null {
  if (!Number.isInteger(quantity) || quantity < 1) return null;
  const runs = rows.flatMap(freeRuns);
  let together: { seats: RuleSeat[]; cost: Cost } | null = null;
  for (const run of runs) {
    const pick = bestWindow(run, quantity);
    if (pick && (!together || isCheaper(pick.cost, together.cost))) {
      together = { seats: windowOf(run, pick.offset, quantity), cost: pick.cost };
    }
  }
  if (together) {
    return {
      seats: together.seats.map((seat) => seat.id),
      together: true,
      leaves_orphan: together.cost.orphans > 0,
    };
  }
  return bestSplit(runs, quantity);
}

/** A knapsack over the runs: `cost[i][n]`, the cheapest way to take n seats from the first i runs. */
function bestSplit(runs: readonly Run[], quantity: number): BestAvailable | null {
  const free = runs.reduce((total, run) => total + run.seats.length, 0);
  if (free < quantity) return null;
  const none: Cost = { orphans: 0, groups: 0, distance: 0 };
  let costs: Array<Cost | null> = [none, ...Array<Cost | null>(quantity).fill(null)];
  /** For each run, for each total: how many seats that run gave (0: none). */
  const taken: number[][] = [];
  for (const run of runs) {
    const windows = Array.from({ length: Math.min(run.seats.length, quantity) + 1 }, (_, size) =>
      size === 0 ? null : bestWindow(run, size),
    );
    const next = [...costs];
    const giving = Array<number>(quantity + 1).fill(0);
    for (let total = 1; total <= quantity; total++) {
      for (let size = 1; size < windows.length && size <= total; size++) {
        const before = costs[total - size];
        const window = windows[size];
        if (!before || !window) continue;
        const cost = {
          orphans: before.orphans + window.cost.orphans,
          groups: before.groups + 1,
          distance: before.distance + window.cost.distance,
        };
        const current = next[total];
        if (!current || isCheaper(cost, current)) {
          next[total] = cost;
          giving[total] = size;
        }
      }
    }
    taken.push(giving);
    costs = next;
  }
  const result = costs[quantity];
  if (!result) return null;
  const picked: RuleSeat[][] = [];
  let left = quantity;
  for (let index = runs.length - 1; index >= 0 && left > 0; index--) {
    const size = taken[index]![left]!;
    if (size === 0) continue;
    const run = runs[index]!;
    picked.unshift(windowOf(run, bestWindow(run, size)!.offset, size));
    left -= size;
  }
  return {
    seats: picked.flat().map((seat) => seat.id),
    together: false,
    leaves_orphan: result.orphans > 0,
  };
}

/** A seat as the rules need it: its neighbours and its distance to the focal point. */
export interface LinkedSeat {
  id: string;
  left: string | null;
  right: string | null;
  distance: number;
}

/**
 * One row (or table, `canRing`) for the rules from its seats in order: blocks follow the seats'
 * links, and a table whose last and first seats are linked is a ring. The server builds rows
 * this way from a date's seat rows, the seat map from the chart (`ruleRowsOfChart`).
 */
export function ruleRowOf(
  id: string,
  seats: readonly LinkedSeat[],
  canRing: boolean,
  isFree: (seat: LinkedSeat) => boolean,
): RuleRow {
  const isLinked = (a: LinkedSeat, b: LinkedSeat) => a.right === b.id && b.left === a.id;
  const blocks: RuleSeat[][] = [];
  seats.forEach((seat, index) => {
    const ruleSeat = { id: seat.id, isFree: isFree(seat), distance: seat.distance };
    const previous = seats[index - 1];
    if (previous && isLinked(previous, seat)) blocks[blocks.length - 1]!.push(ruleSeat);
    else blocks.push([ruleSeat]);
  });
  const first = seats[0];
  const last = seats[seats.length - 1];
  if (!canRing || !first || !last || seats.length < 3 || !isLinked(last, first)) {
    return { id, blocks };
  }
  if (blocks.length === 1) return { id, blocks, isRing: true };
  // Linked round the end but cut elsewhere: the last stretch continues into the first.
  const [head, ...rest] = blocks;
  const tail = rest.pop()!;
  return { id, blocks: [...rest, [...tail, ...head!]] };
}

/**
 * A chart's rows and tables for the rules: blocks follow the seats' links, a table whose last
 * and first seats are linked is a ring, and `isFree` says which seats may be taken now.
 * Distances are to the chart's focal point.
 */
export function ruleRowsOfChart(chart: SeatChart, isFree: (seat: Seat) => boolean): RuleRow[] {
  const toRow = (id: string, seats: readonly Seat[], canRing: boolean): RuleRow => {
    const bySeat = new Map(seats.map((seat) => [seat.id, seat]));
    return ruleRowOf(
      id,
      seats.map((seat) => ({ ...seat, distance: distanceTo(chart.focal_point, seat) })),
      canRing,
      (seat) => isFree(bySeat.get(seat.id)!),
    );
  };
  return chart.sections.flatMap((section) => [
    ...section.rows.map((row) => toRow(row.id, row.seats, false)),
    ...section.tables.map((table) => toRow(table.id, table.seats, true)),
  ]);
}

export function distanceTo(point: Point, seat: Seat): number {
  return Math.hypot(seat.x - point.x, seat.y - point.y);
}
