import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emptyChart, SeatChart, type Seat, type SeatChart as Chart } from './chart-format';
import { layoutSection, layoutTables } from './layout';
import { ruleRowsOfChart } from './seat-rules';
import { sampleChart } from './sample-chart';
import { MAX_CHART_ISSUES, validateChartForPublish } from './validate-chart';

const stallsRow = (chart: Chart, row: number) => chart.sections[0]!.rows[row]!;
const stallsSeat = (chart: Chart, row: number, seat: number) => stallsRow(chart, row).seats[seat]!;

describe('validateChartForPublish', () => {
  it('passes the sample chart', () => {
    expect(validateChartForPublish(sampleChart())).toEqual([]);
  });

  it('refuses a chart with neither seats nor areas', () => {
    expect(validateChartForPublish(emptyChart())).toEqual([
      { code: 'chart_empty', path: 'sections' },
    ]);
  });

  it('names a seat label used twice in a row, and row labels used twice in a section', () => {
    const chart = sampleChart();
    stallsSeat(chart, 1, 5).label = '5';
    stallsRow(chart, 3).label = 'A';
    expect(validateChartForPublish(chart)).toEqual([
      { code: 'duplicate_label', path: 'sections.0.rows.3.label', params: { label: 'A' } },
      { code: 'duplicate_label', path: 'sections.0.rows.1.seats.5.label', params: { label: '5' } },
    ]);
  });

  it('allows the same seat label in different rows', () => {
    const chart = sampleChart();
    expect(stallsSeat(chart, 0, 0).label).toBe(stallsSeat(chart, 1, 0).label);
    expect(validateChartForPublish(chart)).toEqual([]);
  });

  it('names a seat without a category, an unknown category and a category key used twice', () => {
    const chart = sampleChart();
    stallsSeat(chart, 2, 3).category = null;
    stallsSeat(chart, 2, 4).category = 'gold';
    chart.areas[0]!.category = null;
    chart.categories.push({ ...chart.categories[0]! });
    expect(validateChartForPublish(chart)).toEqual([
      { code: 'duplicate_category', path: 'categories.3.key', params: { key: 'vip' } },
      { code: 'category_required', path: 'sections.0.rows.2.seats.3.category' },
      {
        code: 'unknown_category',
        path: 'sections.0.rows.2.seats.4.category',
        params: { key: 'gold' },
      },
      { code: 'category_required', path: 'areas.0.category' },
    ]);
  });

  it('names an id used twice, across kinds', () => {
    const chart = sampleChart();
    chart.areas[0]!.id = 'stalls';
    stallsSeat(chart, 5, 0).id = 'balcony.r1.s1';
    const issues = validateChartForPublish(chart);
    expect(issues.slice(0, 2)).toEqual([
      { code: 'duplicate_id', path: 'areas.0.id', params: { id: 'stalls' } },
      {
        code: 'duplicate_id',
        path: 'sections.1.rows.0.seats.0.id',
        params: { id: 'balcony.r1.s1' },
      },
    ]);
  });

  it('names the later of two overlapping seats and a seat outside the venue', () => {
    const chart = sampleChart();
    const target = stallsSeat(chart, 4, 7);
    const mover = chart.sections[1]!.rows[2]!.seats[1]!;
    mover.x = target.x + 5;
    mover.y = target.y - 5;
    stallsSeat(chart, 0, 0).y = -1;
    expect(validateChartForPublish(chart)).toEqual([
      {
        code: 'outside_venue',
        path: 'sections.0.rows.0.seats.0',
        params: { width: 1000, height: 800 },
      },
      { code: 'seats_overlap', path: 'sections.1.rows.2.seats.1', params: { seat: target.id } },
    ]);
  });

  it('lets seats touch without overlapping', () => {
    const chart = sampleChart();
    const row = stallsRow(chart, 0);
    const [first, second] = row.seats;
    second!.x = first!.x + chart.venue.seat_size;
    second!.y = first!.y;
    expect(
      validateChartForPublish(chart).filter((issue) => issue.code === 'seats_overlap'),
    ).toEqual([]);
  });

  it('refuses neighbours that are unknown, one-sided, out of order, in another row or a loop', () => {
    const chart = sampleChart();
    const row = stallsRow(chart, 1);
    row.seats[0]!.left = 'nowhere';
    row.seats[3]!.right = null; // seat 4 still names seat 3 as its left
    row.seats[6]!.right = row.seats[8]!.id;
    row.seats[8]!.left = row.seats[6]!.id;
    const other = stallsSeat(chart, 2, 0);
    row.seats[11]!.right = other.id;
    other.left = row.seats[11]!.id;
    const loop = stallsRow(chart, 4);
    loop.seats[0]!.left = loop.seats[11]!.id;
    loop.seats[11]!.right = loop.seats[0]!.id;
    expect(validateChartForPublish(chart)).toEqual([
      {
        code: 'unknown_neighbour',
        path: 'sections.0.rows.1.seats.0.left',
        params: { id: 'nowhere' },
      },
      {
        code: 'neighbour_not_mutual',
        path: 'sections.0.rows.1.seats.4.left',
        params: { id: row.seats[3]!.id },
      },
      {
        code: 'neighbour_not_adjacent',
        path: 'sections.0.rows.1.seats.6.right',
        params: { id: row.seats[8]!.id },
      },
      {
        code: 'neighbour_not_mutual',
        path: 'sections.0.rows.1.seats.7.left',
        params: { id: row.seats[6]!.id },
      },
      {
        code: 'neighbour_not_mutual',
        path: 'sections.0.rows.1.seats.7.right',
        params: { id: row.seats[8]!.id },
      },
      {
        code: 'neighbour_not_adjacent',
        path: 'sections.0.rows.1.seats.8.left',
        params: { id: row.seats[6]!.id },
      },
      {
        code: 'neighbour_not_adjacent',
        path: 'sections.0.rows.1.seats.11.right',
        params: { id: other.id },
      },
      {
        code: 'neighbour_not_adjacent',
        path: 'sections.0.rows.2.seats.0.left',
        params: { id: row.seats[11]!.id },
      },
      {
        code: 'neighbour_cycle',
        path: 'sections.0.rows.4.seats.0.left',
        params: { id: loop.seats[11]!.id },
      },
      {
        code: 'neighbour_cycle',
        path: 'sections.0.rows.4.seats.11.right',
        params: { id: loop.seats[0]!.id },
      },
    ]);
  });

  it('lets a table of three or more close its ring, and not a table of two', () => {
    const chart = sampleChart();
    expect(validateChartForPublish(chart)).toEqual([]);
    const table = chart.sections[1]!.tables[0]!;
    table.seats = table.seats.slice(0, 2);
    table.seats[0]!.left = table.seats[1]!.id;
    table.seats[1]!.right = table.seats[0]!.id;
    expect(validateChartForPublish(chart).map((issue) => [issue.code, issue.path])).toEqual([
      ['neighbour_cycle', 'sections.1.tables.0.seats.0.left'],
      ['neighbour_cycle', 'sections.1.tables.0.seats.1.right'],
    ]);
  });

  it(`lists at most ${MAX_CHART_ISSUES} issues, quickly, for 20,000 seats piled on one spot`, () => {
    const seats: Seat[] = Array.from({ length: 20_000 }, (_, index) => ({
      id: `s${index}`,
      label: String(index),
      x: 10,
      y: 10,
      category: 'a',
      accessible: false,
      companion: false,
      left: null,
      right: null,
    }));
    const chart = emptyChart();
    chart.categories = [{ key: 'a', label_en: 'A', label_ar: 'أ', color: '#000000' }];
    chart.sections = [
      {
        id: 'pile',
        label_en: 'Pile',
        label_ar: 'كومة',
        row_labels: { scheme: 'numbers', start: 1, direction: 'forward' },
        rows: Array.from({ length: 40 }, (_, row) => ({
          id: `r${row}`,
          label: String(row),
          curve: 0,
          rotation: 0,
          seat_spacing: 0,
          seat_labels: { scheme: 'numbers', start: 1, direction: 'forward' },
          seats: seats.slice(row * 500, row * 500 + 500),
        })),
        tables: [],
      },
    ];
    const started = performance.now();
    const issues = validateChartForPublish(chart);
    expect(performance.now() - started).toBeLessThan(500);
    expect(issues).toHaveLength(MAX_CHART_ISSUES);
    expect(issues.every((issue) => issue.code === 'seats_overlap')).toBe(true);
  });

  it('checks 20,000 well-placed seats in well under a second', () => {
    const chart = emptyChart();
    chart.venue = { width: 20_000, height: 2_000, seat_size: 20, background_image_url: null };
    chart.categories = [{ key: 'a', label_en: 'A', label_ar: 'أ', color: '#000000' }];
    chart.sections = [
      layoutSection({
        id: 'big',
        label_en: 'Big',
        label_ar: 'كبير',
        x: 10_000,
        y: 100,
        rows: 40,
        seatsPerRow: 500,
        seatSpacing: 25,
        rowSpacing: 25,
        category: 'a',
      }),
    ];
    const started = performance.now();
    expect(validateChartForPublish(chart)).toEqual([]);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

/** A random block of rows whose seats never overlap (spacing at least a seat wide). */
const blocks = fc.record({
  rows: fc.integer({ min: 1, max: 6 }),
  seatsPerRow: fc.integer({ min: 1, max: 14 }),
  seatSpacing: fc.integer({ min: 21, max: 40 }),
  rowSpacing: fc.integer({ min: 21, max: 40 }),
  curve: fc.constantFrom(0, 0.1, -0.2),
  rotation: fc.integer({ min: 0, max: 359 }),
  scheme: fc.constantFrom('numbers' as const, 'latin' as const, 'arabic' as const),
  direction: fc.constantFrom('forward' as const, 'reverse' as const),
});

type Block = typeof blocks extends fc.Arbitrary<infer T> ? T : never;

function chartOf(block: Block): Chart {
  const chart = emptyChart();
  chart.venue = { width: 2000, height: 2000, seat_size: 20, background_image_url: null };
  chart.categories = [{ key: 'a', label_en: 'A', label_ar: 'أ', color: '#000000' }];
  chart.sections = [
    layoutSection({
      id: 'x',
      label_en: 'X',
      label_ar: 'س',
      x: 1000,
      y: 1000,
      rows: block.rows,
      seatsPerRow: block.seatsPerRow,
      seatSpacing: block.seatSpacing,
      rowSpacing: block.rowSpacing,
      curve: block.curve,
      rotation: block.rotation,
      rowLabels: { scheme: block.scheme, start: 1, direction: block.direction },
      seatLabels: { scheme: block.scheme, start: 3, direction: block.direction },
      category: 'a',
    }),
  ];
  return chart;
}

describe('validateChartForPublish properties', () => {
  it('passes every block the layout makes, and the schema reads it back unchanged', () => {
    fc.assert(
      fc.property(blocks, (block) => {
        const chart = chartOf(block);
        expect(SeatChart.parse(JSON.parse(JSON.stringify(chart)))).toEqual(chart);
        expect(validateChartForPublish(chart)).toEqual([]);
      }),
    );
  });

  it('finds a seat moved onto another, at the later of the two', () => {
    fc.assert(
      fc.property(blocks, fc.nat(), fc.nat(), (block, a, b) => {
        const chart = chartOf(block);
        const seats = chart.sections[0]!.rows.flatMap((row, r) =>
          row.seats.map((seat, s) => ({ seat, path: `sections.0.rows.${r}.seats.${s}` })),
        );
        fc.pre(seats.length >= 2);
        const from = a % seats.length;
        const onto = b % seats.length;
        fc.pre(from !== onto);
        seats[from]!.seat.x = seats[onto]!.seat.x;
        seats[from]!.seat.y = seats[onto]!.seat.y;
        const later = Math.max(from, onto);
        const issues = validateChartForPublish(chart).filter(
          (issue) => issue.code === 'seats_overlap',
        );
        expect(issues).toEqual([
          {
            code: 'seats_overlap',
            path: seats[later]!.path,
            params: { seat: seats[later === from ? onto : from]!.seat.id },
          },
        ]);
      }),
    );
  });

  it('finds a broken neighbour link from the side that still points', () => {
    fc.assert(
      fc.property(blocks, fc.nat(), fc.nat(), (block, r, s) => {
        const chart = chartOf(block);
        const row = chart.sections[0]!.rows[r % block.rows]!;
        fc.pre(row.seats.length >= 2);
        const index = s % (row.seats.length - 1);
        row.seats[index]!.right = null;
        expect(validateChartForPublish(chart)).toEqual([
          {
            code: 'neighbour_not_mutual',
            path: `sections.0.rows.${r % block.rows}.seats.${index + 1}.left`,
            params: { id: row.seats[index]!.id },
          },
        ]);
      }),
    );
  });
});

describe('tables laid out by layoutTables', () => {
  const tableBlocks = fc.record({
    tables: fc.integer({ min: 1, max: 12 }),
    seatsPerTable: fc.integer({ min: 1, max: 16 }),
    shape: fc.constantFrom('round' as const, 'rectangle' as const),
    columns: fc.integer({ min: 1, max: 6 }),
    seatSpacing: fc.integer({ min: 25, max: 40 }),
    scheme: fc.constantFrom('numbers' as const, 'latin' as const, 'arabic' as const),
  });

  it('publish cleanly, read back unchanged, and close a ring from three seats', () => {
    fc.assert(
      fc.property(tableBlocks, (block) => {
        const chart = emptyChart();
        chart.venue = { width: 4000, height: 4000, seat_size: 20, background_image_url: null };
        chart.categories = [{ key: 'a', label_en: 'A', label_ar: 'أ', color: '#000000' }];
        chart.sections = [
          layoutTables({
            id: 't',
            label_en: 'Tables',
            label_ar: 'الطاولات',
            x: 200,
            y: 200,
            seatSize: 20,
            tableLabels: { scheme: block.scheme, start: 1, direction: 'forward' },
            category: 'a',
            ...block,
          }),
        ];
        expect(SeatChart.parse(JSON.parse(JSON.stringify(chart)))).toEqual(chart);
        expect(validateChartForPublish(chart)).toEqual([]);
        const tables = chart.sections[0]!.tables;
        expect(tables).toHaveLength(block.tables);
        for (const table of tables) {
          expect(table.seats).toHaveLength(block.seatsPerTable);
          const first = table.seats[0]!;
          const last = table.seats[table.seats.length - 1]!;
          expect(first.left === last.id).toBe(block.seatsPerTable >= 3);
        }
        // The seat rules read each table as one run of seats: a ring from three seats.
        const rows = ruleRowsOfChart(chart, () => true);
        expect(rows).toHaveLength(block.tables);
        for (const row of rows) {
          expect(row.isRing ?? false).toBe(block.seatsPerTable >= 3);
          expect(row.blocks).toHaveLength(1);
          expect(row.blocks[0]).toHaveLength(block.seatsPerTable);
        }
      }),
    );
  });
});
