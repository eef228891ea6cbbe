import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sampleChart } from './sample-chart';
import {
  bestAvailable,
  checkSelection,
  orphansLeftBy,
  ruleRowsOfChart,
  type RuleRow,
  type RuleSeat,
} from './seat-rules';

/**
 * Rows written as text: `o` free, `x` taken, `|` an aisle (no neighbours across it); seat ids
 * are `<row><position>` counting every seat from 1. Distances are the seat's position.
 */
function row(id: string, text: string, distance = (position: number) => position): RuleRow {
  const blocks: RuleSeat[][] = [[]];
  let position = 0;
  for (const char of text) {
    if (char === '|') {
      blocks.push([]);
      continue;
    }
    position++;
    blocks[blocks.length - 1]!.push({
      id: `${id}${position}`,
      isFree: char === 'o',
      distance: distance(position),
    });
  }
  return { id, blocks: blocks.filter((block) => block.length > 0) };
}

describe('checkSelection (the orphan rule)', () => {
  it('refuses a selection that leaves one seat alone between taken seats, naming it', () => {
    const rows = [row('A', 'xooooox')];
    expect(checkSelection(rows, ['A3', 'A4'])).toEqual({
      ok: false,
      code: 'orphan_seat',
      seat: 'A2',
      row: 'A',
    });
    expect(checkSelection(rows, ['A2', 'A3'])).toEqual({ ok: true });
    expect(checkSelection(rows, ['A2', 'A3', 'A4', 'A5', 'A6'])).toEqual({ ok: true });
  });

  it('counts a row end and an aisle like a taken seat', () => {
    expect(checkSelection([row('A', 'oooo')], ['A2', 'A3'])).toMatchObject({
      ok: false,
      seat: 'A1',
    });
    expect(checkSelection([row('A', 'oo|oooo')], ['A4', 'A5'])).toMatchObject({
      ok: false,
      seat: 'A3',
    });
    expect(checkSelection([row('A', 'oo|oooo')], ['A1'])).toMatchObject({ ok: false, seat: 'A2' });
  });

  it('refuses a gap of one inside the selection', () => {
    expect(checkSelection([row('A', 'oooooo')], ['A1', 'A3'])).toMatchObject({
      ok: false,
      seat: 'A2',
    });
  });

  it('does not blame a selection for a seat that was alone already', () => {
    expect(checkSelection([row('A', 'xoxoox')], ['A4', 'A5'])).toEqual({ ok: true });
  });

  it('allows stranding a seat when no other way to seat as many side by side exists in the row', () => {
    // Three free seats: two together always leave one alone.
    expect(checkSelection([row('A', 'xooox')], ['A2', 'A3'])).toEqual({ ok: true });
    // Another row offering a clean pair does not count: the exception is per row.
    expect(checkSelection([row('A', 'xooox'), row('B', 'oo')], ['A2', 'A3'])).toEqual({ ok: true });
    // The same row offering a clean pair does.
    expect(checkSelection([row('A', 'xooox|oo')], ['A2', 'A3'])).toMatchObject({
      ok: false,
      seat: 'A4',
    });
  });

  it('judges each row by the seats selected in it', () => {
    const rows = [row('A', 'oooo'), row('B', 'oooooo')];
    expect(checkSelection(rows, ['A1', 'A2', 'B1', 'B2'])).toEqual({ ok: true });
    expect(checkSelection(rows, ['A1', 'A2', 'B2', 'B3'])).toMatchObject({
      ok: false,
      seat: 'B1',
      row: 'B',
    });
  });

  it('goes round a table: its last and first seats are neighbours', () => {
    const table = { ...row('T', 'oooooo'), isRing: true };
    // Seats 1 and 6 stay together across the ring's seam.
    expect(checkSelection([table], ['T2', 'T3', 'T4'])).toEqual({ ok: true });
    expect(checkSelection([table], ['T2', 'T3', 'T4', 'T5'])).toEqual({ ok: true });
    expect(checkSelection([table], ['T2', 'T4'])).toMatchObject({ ok: false, seat: 'T3' });
    const cut = { ...row('T', 'ooooox'), isRing: true };
    expect(checkSelection([cut], ['T1', 'T2'])).toEqual({ ok: true });
    expect(checkSelection([cut], ['T2', 'T3'])).toMatchObject({ ok: false, seat: 'T1' });
    expect(
      bestAvailable(
        [{ ...row('T', 'oooo', (p) => (p === 1 || p === 4 ? 0 : 5)), isRing: true }],
        2,
      ),
    ).toEqual({
      seats: ['T4', 'T1'],
      together: true,
      leaves_orphan: false,
    });
  });

  it('reads neighbours from a chart', () => {
    const chart = sampleChart();
    const front = chart.sections[0]!.rows[0]!;
    const rows = ruleRowsOfChart(chart, () => true);
    expect(rows).toHaveLength(6 + 3 + 1);
    expect(rows[9]).toMatchObject({ id: 'table1', isRing: true });
    expect(rows[0]!.isRing).toBeUndefined();
    expect(rows[0]).toMatchObject({ id: front.id });
    expect(rows[0]!.blocks).toHaveLength(1);
    expect(rows[0]!.blocks[0]!.map((seat) => seat.id)).toEqual(front.seats.map((seat) => seat.id));
    // The front row's ends are further from the stage than its middle.
    const distances = rows[0]!.blocks[0]!.map((seat) => seat.distance);
    expect(distances[0]!).toBeGreaterThan(distances[5]!);
    // An aisle: links cut between the fourth and fifth seats.
    front.seats[3]!.right = null;
    front.seats[4]!.left = null;
    const cut = ruleRowsOfChart(chart, (seat) => seat.id !== front.seats[0]!.id);
    expect(cut[0]!.blocks.map((block) => block.length)).toEqual([4, 8]);
    expect(cut[0]!.blocks[0]![0]!.isFree).toBe(false);
    expect(checkSelection(cut, [front.seats[1]!.id, front.seats[2]!.id])).toMatchObject({
      ok: false,
      seat: front.seats[3]!.id,
    });
  });
});

describe('bestAvailable', () => {
  it('seats a party together nearest the stage without stranding a seat', () => {
    const rows = [row('A', 'xoooxoo', () => 1), row('B', 'oooooooo', () => 2)];
    // Row A: the pair at 6–7 strands nothing; 2–3 and 3–4 would strand one.
    expect(bestAvailable(rows, 2)).toEqual({
      seats: ['A6', 'A7'],
      together: true,
      leaves_orphan: false,
    });
    expect(bestAvailable(rows, 3)).toEqual({
      seats: ['A2', 'A3', 'A4'],
      together: true,
      leaves_orphan: false,
    });
    expect(bestAvailable(rows, 4)).toEqual({
      seats: ['B1', 'B2', 'B3', 'B4'],
      together: true,
      leaves_orphan: false,
    });
  });

  it('prefers the middle when distance says so', () => {
    const middle = (position: number) => Math.abs(position - 4.5);
    expect(bestAvailable([row('A', 'oooooooo', middle)], 2)?.seats).toEqual(['A4', 'A5']);
  });

  it('strands a seat only when every way of seating the party together does', () => {
    expect(bestAvailable([row('A', 'xooox'), row('B', 'ooo')], 2)).toEqual({
      seats: ['B1', 'B2'],
      together: true,
      leaves_orphan: true,
    });
  });

  it('splits over as few groups as it can when no row seats the party together', () => {
    expect(bestAvailable([row('A', 'ooxoo'), row('B', 'oooxo')], 5)).toEqual({
      seats: ['A1', 'A2', 'B1', 'B2', 'B3'],
      together: false,
      leaves_orphan: false,
    });
    expect(bestAvailable([row('A', 'oxo')], 3)).toBeNull();
    expect(bestAvailable([row('A', 'oo')], 0)).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------
// The oracle: the rules written from their definitions over every seat and every subset.

interface FlatSeat extends RuleSeat {
  row: number;
  block: number;
  index: number;
}

function flatten(rows: readonly RuleRow[]): FlatSeat[] {
  return rows.flatMap((r, rowIndex) =>
    r.blocks.flatMap((block, blockIndex) =>
      block.map((seat, index) => ({ ...seat, row: rowIndex, block: blockIndex, index })),
    ),
  );
}

const neighboursOf = (rows: readonly RuleRow[], seat: FlatSeat) => {
  const r = rows[seat.row]!;
  const block = r.blocks[seat.block]!;
  if (r.isRing) {
    const length = block.length;
    return [block[(seat.index - 1 + length) % length], block[(seat.index + 1) % length]];
  }
  return [block[seat.index - 1], block[seat.index + 1]];
};

/** Free, unselected, no free unselected neighbour, and beside a selected seat. */
function oracleOrphans(rows: readonly RuleRow[], selected: ReadonlySet<string>): string[] {
  const isOpen = (seat: RuleSeat | undefined) => !!seat && seat.isFree && !selected.has(seat.id);
  return flatten(rows)
    .filter((seat) => isOpen(seat))
    .filter((seat) => {
      const around = neighboursOf(rows, seat);
      return !around.some(isOpen) && around.some((n) => !!n && selected.has(n.id));
    })
    .map((seat) => seat.id);
}

/** Every window of `size` free seats side by side, in one block of one row. */
function oracleWindows(
  rows: readonly RuleRow[],
  rowIndex: number | null,
  size: number,
): string[][] {
  const windows: string[][] = [];
  rows.forEach((r, index) => {
    if (rowIndex !== null && index !== rowIndex) return;
    for (const block of r.blocks) {
      const length = block.length;
      const starts = r.isRing
        ? size < length
          ? length
          : size === length
            ? 1
            : 0
        : length - size + 1;
      for (let start = 0; start < starts; start++) {
        const window = Array.from({ length: size }, (_, index) => block[(start + index) % length]!);
        if (window.every((seat) => seat.isFree)) windows.push(window.map((seat) => seat.id));
      }
    }
  });
  return windows;
}

function oracleCheck(rows: readonly RuleRow[], selection: readonly string[]): boolean {
  const selected = new Set(selection);
  return rows.every((r, rowIndex) => {
    const mine = flatten([r]).filter((seat) => selected.has(seat.id));
    if (mine.length === 0) return true;
    const orphans = oracleOrphans([r], selected);
    if (orphans.length === 0) return true;
    return !oracleWindows(rows, rowIndex, mine.length).some(
      (window) => oracleOrphans([r], new Set(window)).length === 0,
    );
  });
}

/** Groups: stretches of selected seats side by side (a ring taken whole is one). */
function groupsOf(rows: readonly RuleRow[], selected: ReadonlySet<string>): number {
  const mine = flatten(rows).filter((seat) => selected.has(seat.id));
  const starts = mine.filter((seat) => !selected.has(neighboursOf(rows, seat)[0]?.id ?? '')).length;
  const wholeRings = rows.filter(
    (r) => r.isRing && r.blocks[0]!.every((seat) => selected.has(seat.id)),
  ).length;
  return starts + wholeRings;
}

function* subsets<T>(items: readonly T[], size: number, from = 0): Generator<T[]> {
  if (size === 0) {
    yield [];
    return;
  }
  for (let index = from; index <= items.length - size; index++) {
    for (const rest of subsets(items, size - 1, index + 1)) yield [items[index]!, ...rest];
  }
}

type Vector = [orphans: number, groups: number, distance: number];
const compare = (a: Vector, b: Vector) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

function costOf(rows: readonly RuleRow[], ids: readonly string[]): Vector {
  const selected = new Set(ids);
  const distance = flatten(rows)
    .filter((seat) => selected.has(seat.id))
    .reduce((sum, seat) => sum + seat.distance, 0);
  return [oracleOrphans(rows, selected).length, groupsOf(rows, selected), distance];
}

/** The best placement by definition: together without orphans, together, then any subset. */
function oracleBest(rows: readonly RuleRow[], quantity: number): Vector | null {
  let best: Vector | null = null;
  const consider = (ids: readonly string[]) => {
    const cost = costOf(rows, ids);
    if (!best || compare(cost, best) < 0) best = cost;
  };
  const together = oracleWindows(rows, null, quantity);
  if (together.length > 0) {
    together.forEach(consider);
    return best;
  }
  const free = flatten(rows)
    .filter((seat) => seat.isFree)
    .map((seat) => seat.id);
  for (const subset of subsets(free, quantity)) consider(subset);
  return best;
}

/** Up to `rows` rows of up to `seats` seats each, about a quarter taken, some cut by aisles. */
const randomRows = (rows: number, seats: number) =>
  fc
    .array(
      fc.array(
        fc.record({
          isFree: fc.integer({ min: 0, max: 3 }).map((n) => n !== 0),
          isAisleBefore: fc.integer({ min: 0, max: 5 }).map((n) => n === 0),
          distance: fc.integer({ min: 0, max: 9 }),
        }),
        { minLength: 1, maxLength: seats },
      ),
      { minLength: 1, maxLength: rows },
    )
    .chain((spec) =>
      fc.tuple(
        fc.constant(spec),
        fc.array(fc.boolean(), { minLength: spec.length, maxLength: spec.length }),
      ),
    )
    .map(([spec, rings]) =>
      spec.map((specSeats, r): RuleRow => {
        const id = String.fromCharCode(65 + r);
        // A table: every seat beside the next, and the last beside the first.
        const isRing = rings[r]! && specSeats.length >= 3;
        const blocks: RuleSeat[][] = [];
        specSeats.forEach((seat, index) => {
          const ruleSeat = {
            id: `${id}${index + 1}`,
            isFree: seat.isFree,
            distance: seat.distance,
          };
          if (index === 0 || (seat.isAisleBefore && !isRing)) blocks.push([ruleSeat]);
          else blocks[blocks.length - 1]!.push(ruleSeat);
        });
        return isRing ? { id, blocks, isRing } : { id, blocks };
      }),
    );

const freeIdsOf = (rows: readonly RuleRow[]) =>
  flatten(rows)
    .filter((seat) => seat.isFree)
    .map((seat) => seat.id);

describe('seat rules against a brute-force oracle', () => {
  it('names exactly the seats the definition calls orphans', () => {
    fc.assert(
      fc.property(randomRows(3, 12), fc.infiniteStream(fc.boolean()), (rows, coins) => {
        const selected = new Set(freeIdsOf(rows).filter(() => coins.next().value));
        for (const r of rows) {
          expect(orphansLeftBy(r, selected).sort()).toEqual(oracleOrphans([r], selected).sort());
        }
      }),
      { numRuns: 500 },
    );
  });

  it('accepts and refuses every selection as the definition does', () => {
    fc.assert(
      fc.property(randomRows(3, 12), fc.infiniteStream(fc.boolean()), (rows, coins) => {
        const selection = freeIdsOf(rows).filter(() => coins.next().value);
        fc.pre(selection.length > 0);
        const verdict = checkSelection(rows, selection);
        expect(verdict.ok).toBe(oracleCheck(rows, selection));
        if (!verdict.ok) {
          expect(oracleOrphans(rows, new Set(selection))).toContain(verdict.seat);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('finds the best placement the definition allows, and the orphan rule accepts it', () => {
    fc.assert(
      // Two rows of ten: when no row seats the party, the oracle tries every way to choose
      // among up to 20 free seats (15,504 for five), so a larger chart only adds time.
      fc.property(randomRows(2, 10), fc.integer({ min: 1, max: 5 }), (rows, quantity) => {
        const result = bestAvailable(rows, quantity);
        const expected = oracleBest(rows, quantity);
        if (expected === null) {
          expect(result).toBeNull();
          return;
        }
        expect(result).not.toBeNull();
        const picked = result!.seats;
        const free = new Set(freeIdsOf(rows));
        expect(new Set(picked).size).toBe(quantity);
        expect(picked.every((id) => free.has(id))).toBe(true);
        const cost = costOf(rows, picked);
        expect(cost).toEqual(expected);
        expect(result!.together).toBe(cost[1] === 1);
        expect(result!.leaves_orphan).toBe(cost[0] > 0);
        if (result!.together || !result!.leaves_orphan) {
          expect(checkSelection(rows, picked)).toEqual({ ok: true });
        }
      }),
      { numRuns: 500 },
    );
  }, 60_000);
});
