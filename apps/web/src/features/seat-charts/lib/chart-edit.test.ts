import { describe, expect, it } from 'vitest';
import { emptyChart } from '@hafla/shared/charts/chart-format';
import { sampleChart } from '@hafla/shared/charts/sample-chart';
import { validateChartForPublish } from '@hafla/shared/charts/validate-chart';
import {
  addArea,
  addBlock,
  addCategory,
  addTableBlock,
  assignCategory,
  blockFits,
  blockOptionsOf,
  capacityByCategory,
  categoryKeyFor,
  countByCategory,
  countSeats,
  deleteSeats,
  listSeats,
  moveSeats,
  relabelRows,
  relabelSeats,
  relayoutSection,
  relayoutTables,
  removeArea,
  removeCategory,
  rotateSeats,
  setAreaCategory,
  setSeatFlags,
  setSeatLabel,
  tableBlockOptionsOf,
  tablesFit,
} from './chart-edit';
import type { BlockOptions, TableBlockOptions } from './chart-edit';

const block: BlockOptions = {
  label_en: 'Stalls',
  label_ar: 'الصالة',
  rows: 3,
  seatsPerRow: 8,
  seatSpacing: 30,
  rowSpacing: 35,
  curve: 0.2,
  rotation: 0,
};

function seat(chart: ReturnType<typeof emptyChart>, id: string) {
  return listSeats(chart).find((ref) => ref.seat.id === id)!.seat;
}

describe('addBlock', () => {
  it('adds rows × seats as a section centred across the venue, labelled and linked', () => {
    const { chart, sectionId } = addBlock(emptyChart(), block);
    expect(sectionId).toBe('s1');
    expect(countSeats(chart)).toBe(24);
    const section = chart.sections[0]!;
    expect(section.rows.map((row) => row.label)).toEqual(['A', 'B', 'C']);
    expect(section.rows[0]!.seats.map((s) => s.label)).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
    ]);
    expect(section.rows[0]!.curve).toBe(0.2);
    const xs = listSeats(chart).map((ref) => ref.seat.x);
    expect((Math.min(...xs) + Math.max(...xs)) / 2).toBeCloseTo(500, 0);
    expect(seat(chart, 's1.r1.s2').left).toBe('s1.r1.s1');
  });

  it('gives each new block an id of its own and puts it below the others, not on them', () => {
    const first = addBlock(emptyChart(), block);
    const second = addBlock(first.chart, block);
    expect(second.sectionId).toBe('s2');
    expect(second.chart.sections).toHaveLength(2);
    expect(first.chart.sections).toHaveLength(1);
    const lowestOfFirst = Math.max(...listSeats(first.chart).map((ref) => ref.seat.y));
    const highestOfSecond = Math.min(
      ...second.chart.sections[1]!.rows.flatMap((row) => row.seats.map((s) => s.y)),
    );
    expect(highestOfSecond).toBeGreaterThan(lowestOfFirst + 20);
    expect(validateChartForPublish(second.chart).map((issue) => issue.code)).not.toContain(
      'seats_overlap',
    );
  });
});

describe('room for a new block', () => {
  const placement = (chart: ReturnType<typeof emptyChart>) =>
    validateChartForPublish(chart)
      .map((issue) => issue.code)
      .filter((code) => code === 'seats_overlap' || code === 'outside_venue');

  it('goes below every section, area and stage of a full venue, which grows to hold it', () => {
    const sample = sampleChart();
    const { chart } = addBlock(sample, { ...block, rows: 5, seatsPerRow: 10 });
    const lowest = Math.max(
      ...listSeats(sample).map((ref) => ref.seat.y),
      ...sample.areas.map((area) => area.y + area.height),
    );
    const added = chart.sections.at(-1)!.rows.flatMap((row) => row.seats);
    expect(Math.min(...added.map((s) => s.y))).toBeGreaterThan(lowest + sample.venue.seat_size);
    expect(chart.venue.height).toBeGreaterThan(sample.venue.height);
    expect(chart.venue.width).toBe(sample.venue.width);
    expect(placement(chart)).toEqual([]);
    // The sample's own sections are untouched.
    expect(chart.sections.slice(0, -1)).toEqual(sample.sections);

    const tables = addTableBlock(chart, {
      label_en: 'Garden',
      label_ar: 'الحديقة',
      tables: 9,
      seatsPerTable: 8,
      shape: 'round',
      columns: 3,
      seatSpacing: 32,
    }).chart;
    expect(placement(tables)).toEqual([]);
  });

  it('widens the venue for a block wider than it, keeping what is drawn in place', () => {
    const { chart } = addBlock(emptyChart(), { ...block, curve: 0, seatsPerRow: 60 });
    expect(chart.venue.width).toBeGreaterThan(emptyChart().venue.width);
    expect(placement(chart)).toEqual([]);
    const again = addBlock(chart, { ...block, curve: 0, seatsPerRow: 10 }).chart;
    expect(again.sections[0]).toBe(chart.sections[0]);
    expect(placement(again)).toEqual([]);
  });

  it('refuses a block no venue of the format can hold, leaving the chart as it was', () => {
    const huge = { ...block, rows: 200, seatsPerRow: 10, rowSpacing: 1000 };
    expect(blockFits(emptyChart(), huge)).toBe(false);
    expect(blockFits(emptyChart(), block)).toBe(true);
    const before = emptyChart();
    expect(addBlock(before, huge).chart).toBe(before);
    const wide = {
      label_en: 'Hall',
      label_ar: 'القاعة',
      tables: 400,
      seatsPerTable: 10,
      shape: 'round' as const,
      columns: 400,
      seatSpacing: 1000,
    };
    expect(tablesFit(before, wide)).toBe(false);
    expect(addTableBlock(before, wide).chart).toBe(before);
  });
});

describe('relayoutSection', () => {
  it('lays a section out again around its middle, keeping categories by seat id', () => {
    const { chart } = addBlock(emptyChart(), { ...block, curve: 0 });
    const withCategory = assignCategory(
      addCategory(chart, { key: 'vip', label_en: 'VIP', label_ar: 'كبار', color: '#C2185B' }),
      new Set(['s1.r1.s1']),
      'vip',
    );
    const next = relayoutSection(withCategory, 's1', { ...block, curve: 0.5, seatsPerRow: 10 });
    expect(countSeats(next)).toBe(30);
    expect(seat(next, 's1.r1.s1').category).toBe('vip');
    expect(next.sections[0]!.rows[0]!.curve).toBe(0.5);
    expect(blockOptionsOf(next.sections[0]!)).toMatchObject({
      rows: 3,
      seatsPerRow: 10,
      curve: 0.5,
      rowSpacing: expect.any(Number),
    });
  });
});

describe('moving and turning seats', () => {
  it('moves only the chosen seats, and never out of the venue', () => {
    const { chart } = addBlock(emptyChart(), block);
    const before = seat(chart, 's1.r1.s1');
    const moved = moveSeats(chart, new Set(['s1.r1.s1']), 10, -5);
    expect(seat(moved, 's1.r1.s1')).toMatchObject({ x: before.x + 10, y: before.y - 5 });
    expect(seat(moved, 's1.r1.s2')).toBe(seat(chart, 's1.r1.s2'));
    const far = moveSeats(chart, new Set(['s1.r1.s1']), -5000, 0);
    expect(seat(far, 's1.r1.s1').x).toBe(0);
  });

  it('turns seats about their middle', () => {
    const { chart } = addBlock(emptyChart(), { ...block, rows: 1, curve: 0, seatsPerRow: 3 });
    const ids = new Set(listSeats(chart).map((ref) => ref.seat.id));
    const turned = rotateSeats(chart, ids, 90);
    const middle = seat(chart, 's1.r1.s2');
    expect(seat(turned, 's1.r1.s1')).toMatchObject({ x: middle.x, y: middle.y - 30 });
    expect(seat(turned, 's1.r1.s3')).toMatchObject({ x: middle.x, y: middle.y + 30 });
  });
});

describe('deleteSeats', () => {
  it('cuts the neighbours of a removed seat, which the publishing check accepts', () => {
    let chart = sampleChart();
    chart = deleteSeats(chart, new Set(['stalls.r2.s6']));
    expect(seat(chart, 'stalls.r2.s5').right).toBeNull();
    expect(seat(chart, 'stalls.r2.s7').left).toBeNull();
    expect(validateChartForPublish(chart)).toEqual([]);
  });
});

describe('labels', () => {
  it('letters rows in Arabic and numbers seats from the other end', () => {
    const { chart } = addBlock(emptyChart(), block);
    const rows = relabelRows(chart, 's1', { scheme: 'arabic', start: 1, direction: 'forward' });
    expect(rows.sections[0]!.rows.map((row) => row.label)).toEqual(['أ', 'ب', 'ت']);
    const seats = relabelSeats(rows, 's1', { scheme: 'numbers', start: 101, direction: 'reverse' });
    expect(seats.sections[0]!.rows[0]!.seats.map((s) => s.label).slice(0, 2)).toEqual([
      '108',
      '107',
    ]);
    expect(seats.sections[0]!.rows[0]!.seat_labels.direction).toBe('reverse');
  });

  it('edits one seat’s label and ignores an empty one', () => {
    const { chart } = addBlock(emptyChart(), block);
    expect(seat(setSeatLabel(chart, 's1.r1.s1', ' 1A '), 's1.r1.s1').label).toBe('1A');
    expect(setSeatLabel(chart, 's1.r1.s1', '  ')).toBe(chart);
  });
});

describe('categories', () => {
  it('assigns seats, counts them and clears them when the category goes', () => {
    let { chart } = addBlock(emptyChart(), block);
    chart = addCategory(chart, { key: 'vip', label_en: 'VIP', label_ar: 'كبار', color: '#C2185B' });
    chart = assignCategory(chart, new Set(['s1.r1.s1', 's1.r1.s2']), 'vip');
    expect(countByCategory(chart).get('vip')).toBe(2);
    expect(countByCategory(chart).get(null)).toBe(22);
    chart = setSeatFlags(chart, new Set(['s1.r1.s1']), { accessible: true });
    expect(seat(chart, 's1.r1.s1').accessible).toBe(true);
    chart = removeCategory(chart, 'vip');
    expect(chart.categories).toEqual([]);
    expect(countByCategory(chart).get(null)).toBe(24);
  });

  it('makes a key from the English name that no other category has', () => {
    const chart = addCategory(emptyChart(), {
      key: 'front-row',
      label_en: 'Front row',
      label_ar: 'الصف الأمامي',
      color: '#000000',
    });
    expect(categoryKeyFor(chart, 'Front row!')).toBe('front-row-2');
    expect(categoryKeyFor(chart, 'مقاعد')).toBe('category');
  });
});

describe('standing areas', () => {
  it('adds an area below the seats, inside the venue, and counts its places by category', () => {
    let { chart } = addBlock(emptyChart(), block);
    chart = addArea(chart, {
      label_en: 'Floor',
      label_ar: 'الأرضية',
      capacity: 150,
      width: 300,
      height: 120,
    });
    const [area] = chart.areas;
    const lowestSeat = Math.max(...listSeats(chart).map((ref) => ref.seat.y));
    expect(area).toMatchObject({ id: 'a1', category: null, capacity: 150, x: 350, width: 300 });
    expect(area!.y).toBeGreaterThan(lowestSeat);
    expect(area!.y + area!.height).toBeLessThanOrEqual(chart.venue.height);
    chart = addCategory(chart, {
      key: 'standing',
      label_en: 'Standing',
      label_ar: 'وقوف',
      color: '#2E7D32',
    });
    chart = setAreaCategory(chart, 'a1', 'standing');
    expect(capacityByCategory(chart).get('standing')).toBe(150);
    expect(removeCategory(chart, 'standing').areas[0]!.category).toBeNull();
    expect(removeArea(chart, 'a1').areas).toEqual([]);
  });

  it('keeps a sample chart with an area publishable', () => {
    const chart = sampleChart();
    expect(
      validateChartForPublish(setAreaCategory(chart, 'floor', null)).map((issue) => issue.code),
    ).toEqual(['category_required']);
  });
});

describe('tables', () => {
  const tables: TableBlockOptions = {
    label_en: 'Garden',
    label_ar: 'الحديقة',
    tables: 5,
    seatsPerTable: 6,
    shape: 'round',
    columns: 3,
    seatSpacing: 30,
  };
  const vip = { key: 'vip', label_en: 'VIP', label_ar: 'كبار', color: '#C2185B' };

  function withTables() {
    const rows = addBlock(emptyChart(), block).chart;
    const added = addTableBlock(rows, tables);
    const chart = assignCategory(
      addCategory(added.chart, vip),
      new Set(listSeats(added.chart).map((ref) => ref.seat.id)),
      'vip',
    );
    return { chart, sectionId: added.sectionId };
  }

  it('adds a block of tables below the rows, ringed, counted and publishable', () => {
    const { chart, sectionId } = withTables();
    expect(sectionId).toBe('s2');
    const section = chart.sections[1]!;
    expect(section.rows).toEqual([]);
    expect(section.tables.map((table) => table.label)).toEqual(['1', '2', '3', '4', '5']);
    expect(countSeats(chart)).toBe(24 + 30);
    expect(seat(chart, 's2.t1.s1').left).toBe('s2.t1.s6');
    const lowestRowSeat = Math.max(
      ...chart.sections[0]!.rows.flatMap((r) => r.seats.map((x) => x.y)),
    );
    expect(Math.min(...section.tables.flatMap((t) => t.seats.map((x) => x.y)))).toBeGreaterThan(
      lowestRowSeat,
    );
    expect(validateChartForPublish(chart)).toEqual([]);
    expect(tableBlockOptionsOf(section)).toMatchObject({
      tables: 5,
      seatsPerTable: 6,
      shape: 'round',
      columns: 3,
    });
    // What the edit form reads back lays the tables out where they are.
    const again = relayoutTables(chart, 's2', tableBlockOptionsOf(section));
    for (const { seat: before } of listSeats(chart)) {
      const after = seat(again, before.id);
      expect(Math.hypot(after.x - before.x, after.y - before.y)).toBeLessThan(0.05);
    }
  });

  it('moves and turns a table with all of its seats, not with some', () => {
    const { chart } = withTables();
    const table = chart.sections[1]!.tables[0]!;
    const all = new Set(table.seats.map((x) => x.id));
    const moved = moveSeats(chart, all, 40, 10);
    expect(moved.sections[1]!.tables[0]).toMatchObject({ x: table.x + 40, y: table.y + 10 });
    const some = moveSeats(chart, new Set([table.seats[0]!.id]), 40, 10);
    expect(some.sections[1]!.tables[0]).toMatchObject({ x: table.x, y: table.y });
    const turned = rotateSeats(chart, all, 90);
    expect(turned.sections[1]!.tables[0]!.rotation).toBe(90);
    expect(turned.sections[1]!.tables[0]!.x).toBeCloseTo(table.x, 0);
  });

  it('opens a ring where a seat goes and drops a table left empty', () => {
    const { chart } = withTables();
    const thinned = deleteSeats(chart, new Set(['s2.t1.s1']));
    expect(seat(thinned, 's2.t1.s2').left).toBeNull();
    expect(seat(thinned, 's2.t1.s6').right).toBeNull();
    expect(validateChartForPublish(thinned)).toEqual([]);
    const table = chart.sections[1]!.tables[1]!;
    const gone = deleteSeats(chart, new Set(table.seats.map((x) => x.id)));
    expect(gone.sections[1]!.tables.map((t) => t.id)).not.toContain(table.id);
  });

  it('lays tables out again keeping categories, and labels them with the rows', () => {
    const { chart } = withTables();
    const next = relayoutTables(chart, 's2', { ...tables, seatsPerTable: 8, shape: 'rectangle' });
    expect(countSeats(next)).toBe(24 + 40);
    expect(seat(next, 's2.t1.s6').category).toBe('vip');
    expect(seat(next, 's2.t1.s8').category).toBeNull();
    expect(next.sections[1]!.tables[0]!.shape).toBe('rectangle');
    const labelled = relabelRows(next, 's2', { scheme: 'latin', start: 1, direction: 'forward' });
    expect(labelled.sections[1]!.tables.map((t) => t.label)).toEqual(['A', 'B', 'C', 'D', 'E']);
    const seatsLabelled = relabelSeats(labelled, 's2', {
      scheme: 'arabic',
      start: 1,
      direction: 'forward',
    });
    expect(seatsLabelled.sections[1]!.tables[0]!.seats.map((x) => x.label).slice(0, 3)).toEqual([
      'أ',
      'ب',
      'ت',
    ]);
  });
});
