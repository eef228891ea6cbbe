import { describe, expect, it } from 'vitest';
import { emptyChart } from '@hafla/shared/charts/chart-format';
import { sampleChart } from '@hafla/shared/charts/sample-chart';
import { validateChartForPublish } from '@hafla/shared/charts/validate-chart';
import {
  addArea,
  addBlock,
  addCategory,
  assignCategory,
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
  removeArea,
  removeCategory,
  rotateSeats,
  setAreaCategory,
  setSeatFlags,
  setSeatLabel,
} from './chart-edit';
import type { BlockOptions } from './chart-edit';

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
