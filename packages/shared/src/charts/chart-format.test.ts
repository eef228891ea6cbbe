import { describe, expect, it } from 'vitest';
import {
  CHART_LIMITS,
  countChartSeats,
  emptyChart,
  SeatChart,
  type Seat,
  type SeatChartInput,
} from './chart-format';
import { labelAt, labelsFor } from './labels';
import { layoutSection, rowOffsets } from './layout';
import { sampleChart } from './sample-chart';

const issuesOf = (input: unknown) => {
  const result = SeatChart.safeParse(input);
  return result.success
    ? []
    : result.error.issues.map((issue) => ({
        path: issue.path.join('.'),
        code: issue.code === 'custom' ? (issue.params as { code: string }).code : issue.code,
      }));
};

const seat = (id: string, x: number): Seat => ({
  id,
  label: id,
  x,
  y: 10,
  category: null,
  accessible: false,
  companion: false,
  left: null,
  right: null,
});

describe('SeatChart', () => {
  it('reads the sample chart back unchanged', () => {
    const chart = sampleChart();
    expect(SeatChart.parse(JSON.parse(JSON.stringify(chart)))).toEqual(chart);
    expect(countChartSeats(chart)).toBe(6 * 12 + 3 * 10 + 4);
  });

  it('fills in the defaults of a minimal chart', () => {
    const input: SeatChartInput = {
      version: 1,
      venue: { width: 100, height: 50 },
      focal_point: { x: 50, y: 0 },
      sections: [
        {
          id: 'a',
          label_en: 'A',
          label_ar: 'أ',
          rows: [{ id: 'a.1', label: '1', seats: [{ id: 'a.1.1', label: '1', x: 10, y: 10 }] }],
        },
      ],
    };
    const chart = SeatChart.parse(input);
    expect(chart.venue).toEqual({
      width: 100,
      height: 50,
      seat_size: 20,
      background_image_url: null,
    });
    expect(chart.stage).toBeNull();
    expect(chart.categories).toEqual([]);
    expect(chart.sections[0]!.row_labels).toEqual({
      scheme: 'numbers',
      start: 1,
      direction: 'forward',
    });
    expect(chart.sections[0]!.rows[0]!.seats[0]).toEqual({
      id: 'a.1.1',
      label: '1',
      x: 10,
      y: 10,
      category: null,
      accessible: false,
      companion: false,
      left: null,
      right: null,
    });
    expect(SeatChart.parse(emptyChart())).toEqual(emptyChart());
  });

  it('refuses another format version, unknown fields and bad values, naming each field', () => {
    expect(issuesOf({ ...emptyChart(), version: 2 })).toEqual([
      { path: 'version', code: 'invalid_value' },
    ]);
    expect(issuesOf({ ...emptyChart(), colour: 'red' })).toEqual([
      { path: '', code: 'unrecognized_keys' },
    ]);
    const chart = sampleChart();
    chart.sections[0]!.rows[0]!.seats[0]!.label = 'x'.repeat(CHART_LIMITS.maxLabelLength + 1);
    chart.categories[0]!.color = 'pink';
    chart.venue.background_image_url = 'javascript:alert(1)';
    chart.sections[1]!.rows[0]!.seats[0]!.x = 200_000;
    expect(issuesOf(chart)).toEqual([
      { path: 'venue.background_image_url', code: 'invalid_format' },
      { path: 'categories.0.color', code: 'invalid_format' },
      { path: 'sections.0.rows.0.seats.0.label', code: 'too_big' },
      { path: 'sections.1.rows.0.seats.0.x', code: 'too_big' },
    ]);
  });

  it('accepts a background image on this server or over http(s)', () => {
    for (const url of ['/uploads/ab12.webp', 'https://example.com/plan.png']) {
      const chart = emptyChart();
      chart.venue.background_image_url = url;
      expect(issuesOf(chart)).toEqual([]);
    }
  });

  it(`refuses more than ${CHART_LIMITS.maxSeats} seats in all`, () => {
    const chart = emptyChart();
    // 41 rows of 500 seats (each row within its own limit): 20,500 seats.
    const row = Array.from({ length: 500 }, (_, index) => seat(`s${index}`, index));
    chart.sections = [
      {
        id: 'big',
        label_en: 'Big',
        label_ar: 'كبير',
        row_labels: { scheme: 'numbers', start: 1, direction: 'forward' },
        rows: Array.from({ length: 41 }, (_, index) => ({
          id: `r${index}`,
          label: String(index + 1),
          curve: 0,
          rotation: 0,
          seat_spacing: 0,
          seat_labels: { scheme: 'numbers', start: 1, direction: 'forward' },
          seats: row,
        })),
        tables: [],
      },
    ];
    expect(issuesOf(chart)).toEqual([{ path: 'sections', code: 'max_seats' }]);
  });

  it('refuses a million seats cheaply: each list is capped before its items are read', () => {
    const million = Array(1_000_000).fill(seat('s', 1)) as Seat[];
    const chart = {
      ...emptyChart(),
      sections: [
        { id: 'a', label_en: 'A', label_ar: 'أ', rows: [{ id: 'r', label: '1', seats: million }] },
      ],
    };
    const started = performance.now();
    expect(countChartSeats(chart)).toBe(1_000_000);
    expect(issuesOf(chart)).toEqual([{ path: 'sections.0.rows.0.seats', code: 'too_big' }]);
    expect(performance.now() - started).toBeLessThan(200);
  });

  it('counts seats of anything without trusting its shape', () => {
    expect(countChartSeats(null)).toBe(0);
    expect(countChartSeats({ sections: 'many' })).toBe(0);
    expect(
      countChartSeats({
        sections: [{ rows: [{ seats: [1, 2] }, null], tables: [{ seats: [3] }] }],
      }),
    ).toBe(3);
  });
});

describe('labels', () => {
  it('writes numbers, Latin letters and Arabic letters, carrying past the last letter', () => {
    expect([1, 2, 26, 27, 28, 52, 53, 702, 703].map((n) => labelAt('latin', n))).toEqual([
      'A',
      'B',
      'Z',
      'AA',
      'AB',
      'AZ',
      'BA',
      'ZZ',
      'AAA',
    ]);
    expect([1, 2, 3, 28, 29].map((n) => labelAt('arabic', n))).toEqual(['أ', 'ب', 'ت', 'ي', 'أأ']);
    expect(labelAt('numbers', 12)).toBe('12');
    expect(() => labelAt('latin', 0)).toThrow(RangeError);
  });

  it('counts either way from a start', () => {
    expect(labelsFor({ scheme: 'numbers', start: 101, direction: 'forward' }, 3)).toEqual([
      '101',
      '102',
      '103',
    ]);
    expect(labelsFor({ scheme: 'numbers', start: 1, direction: 'reverse' }, 4)).toEqual([
      '4',
      '3',
      '2',
      '1',
    ]);
    expect(labelsFor({ scheme: 'arabic', start: 2, direction: 'reverse' }, 2)).toEqual(['ت', 'ب']);
  });
});

describe('layout', () => {
  it('spaces a straight row evenly around its centre', () => {
    expect(rowOffsets(3, 30)).toEqual([
      { dx: -30, dy: 0 },
      { dx: 0, dy: 0 },
      { dx: 30, dy: 0 },
    ]);
  });

  it('bends a curved row towards the stage, symmetrically, keeping the spacing along the arc', () => {
    const offsets = rowOffsets(5, 30, 0.5);
    expect(offsets[2]!.dx).toBeCloseTo(0);
    expect(offsets[2]!.dy).toBeCloseTo(0);
    expect(offsets[0]!.dy).toBeLessThan(offsets[1]!.dy);
    expect(offsets[0]!.dy).toBeCloseTo(offsets[4]!.dy);
    expect(offsets[0]!.dx).toBeCloseTo(-offsets[4]!.dx);
    const chord = Math.hypot(offsets[1]!.dx - offsets[0]!.dx, offsets[1]!.dy - offsets[0]!.dy);
    expect(chord).toBeLessThan(30);
    expect(chord).toBeGreaterThan(29);
  });

  it('lays out a block of rows labelled and linked as neighbours', () => {
    const section = layoutSection({
      id: 'b',
      label_en: 'B',
      label_ar: 'ب',
      x: 100,
      y: 100,
      rows: 2,
      seatsPerRow: 3,
      seatSpacing: 25,
      rowSpacing: 30,
      rotation: 90,
      rowLabels: { scheme: 'arabic', start: 1, direction: 'forward' },
    });
    expect(section.rows.map((row) => row.label)).toEqual(['أ', 'ب']);
    const [first, second, third] = section.rows[1]!.seats;
    expect([first!.label, second!.label, third!.label]).toEqual(['1', '2', '3']);
    // Rotated a quarter turn clockwise about (100, 100): the second row is 30 to the left.
    expect([second!.x, second!.y]).toEqual([70, 100]);
    expect([first!.x, first!.y]).toEqual([70, 75]);
    expect([first!.left, first!.right, second!.left, third!.right]).toEqual([
      null,
      second!.id,
      first!.id,
      null,
    ]);
  });
});
