import { describe, expect, it } from 'vitest';
import { sampleChart } from '@hafla/shared/charts/sample-chart';
import {
  applySeatChanges,
  buildSeatIndex,
  freePerSection,
  seatAt,
  seatMapCounters,
  sectionAt,
  statusesFromCodes,
  statusesOf,
} from './seat-index';
import { seatsInChartOrder } from '@hafla/shared/charts/seat-codes';

const chart = sampleChart();
const index = buildSeatIndex(chart);

describe('buildSeatIndex', () => {
  it('lists every seat once, grouped by section and row (tables after rows)', () => {
    expect(index.seats).toHaveLength(6 * 12 + 3 * 10 + 4);
    expect(index.sections.map((section) => section.id)).toEqual(['stalls', 'balcony']);
    const stalls = index.sections[0]!;
    expect(stalls.rows.map((row) => row.label)).toEqual(['A', 'B', 'C', 'D', 'E', 'F']);
    const balcony = index.sections[1]!;
    expect(balcony.rows.map((row) => `${row.kind}:${row.label}`)).toEqual([
      'row:أ',
      'row:ب',
      'row:ت',
      'table:T1',
    ]);
    const first = index.seats[stalls.rows[0]!.seats[0]!]!;
    expect(first).toMatchObject({ section: 0, row: 'A', category: 'vip', accessible: true });
    expect(index.byId.get(first.id)).toBe(stalls.rows[0]!.seats[0]);
  });

  it('bounds each section by its seats, padded by a radius', () => {
    const stalls = index.sections[0]!;
    const seats = stalls.seats.map((at) => index.seats[at]!);
    expect(stalls.bounds!.minX).toBe(Math.min(...seats.map((seat) => seat.x)) - 10);
    expect(stalls.bounds!.maxY).toBe(Math.max(...seats.map((seat) => seat.y)) + 10);
  });
});

describe('seatAt', () => {
  it('finds the seat under a point, and none on an aisle', () => {
    const seat = index.seats[5]!;
    expect(seatAt(index, seat.x + 3, seat.y - 3)).toBe(5);
    expect(seatAt(index, 0, 0)).toBeNull();
  });

  it('lets a finger miss by the slop, but no further', () => {
    const seat = index.seats[0]!;
    const off = { x: seat.x - index.radius - 4, y: seat.y };
    expect(seatAt(index, off.x, off.y)).toBeNull();
    expect(seatAt(index, off.x, off.y, 5)).toBe(0);
  });

  it('answers null for a chart without seats', () => {
    const empty = buildSeatIndex({ ...chart, sections: [] });
    expect(seatAt(empty, 10, 10)).toBeNull();
  });
});

describe('sectionAt', () => {
  it('finds the section block under a point', () => {
    const balcony = index.sections[1]!.bounds!;
    expect(
      sectionAt(index, (balcony.minX + balcony.maxX) / 2, (balcony.minY + balcony.maxY) / 2),
    ).toBe(1);
    expect(sectionAt(index, 999, 10)).toBeNull();
  });
});

describe('statuses and counters', () => {
  const vip = index.seats.filter((seat) => seat.category === 'vip');
  const statuses = statusesOf(index.seats.map((seat) => ({ id: seat.id, status: 'available' })));

  it('counts free seats per category, keeping the server figures for seatless ones', () => {
    const held = applySeatChanges(statuses, [
      { id: vip[0]!.id, status: 'held' },
      { id: vip[1]!.id, status: 'sold' },
    ]);
    expect(
      seatMapCounters(
        index,
        held,
        ['vip', 'standard', 'standing'],
        [{ category: 'standing', available: 140, total: 150 }],
      ),
    ).toEqual([
      { category: 'vip', available: vip.length - 2, total: vip.length },
      { category: 'standard', available: 5 * 12 + 30, total: 5 * 12 + 30 },
      { category: 'standing', available: 140, total: 150 },
    ]);
  });

  it('reads the compact statuses in the chart’s seat order, keeping only seats not free', () => {
    const order = seatsInChartOrder(chart).map((seat) => seat.id);
    expect(index.seats.map((seat) => seat.id)).toEqual(order);
    const codes = 'hsb' + 'a'.repeat(order.length - 4) + 'h';
    const read = statusesFromCodes(index, codes);
    expect([...read]).toEqual([
      [order[0], 'held'],
      [order[1], 'sold'],
      [order[2], 'blocked'],
      [order.at(-1), 'held'],
    ]);
    const counted = seatMapCounters(index, read, ['vip', 'standard']);
    expect(counted.reduce((sum, count) => sum + count.available, 0)).toBe(order.length - 4);
    // A change to available of a seat the map has no entry for changes nothing.
    expect(applySeatChanges(read, [{ id: order[3]!, status: 'available' }])).toBe(read);
  });

  it('keeps the same map when a change changes nothing', () => {
    expect(applySeatChanges(statuses, [{ id: vip[0]!.id, status: 'available' }])).toBe(statuses);
    const changed = applySeatChanges(statuses, [{ id: vip[0]!.id, status: 'blocked' }]);
    expect(changed).not.toBe(statuses);
    expect(changed.get(vip[0]!.id)).toBe('blocked');
    expect(statuses.get(vip[0]!.id)).toBe('available');
  });

  it('counts each section’s free seats from the seats that are not free, seat by seat alike', () => {
    const balcony = index.sections[1]!;
    const changed = applySeatChanges(statuses, [
      { id: vip[0]!.id, status: 'held' },
      { id: index.seats[balcony.seats[0]!]!.id, status: 'sold' },
      { id: index.seats[balcony.seats[1]!]!.id, status: 'blocked' },
      { id: index.seats[balcony.seats[2]!]!.id, status: 'available' },
    ]);
    const bySeat = index.sections.map(
      (section) =>
        section.seats.filter(
          (at) => (changed.get(index.seats[at]!.id) ?? 'available') === 'available',
        ).length,
    );
    expect(freePerSection(index, changed)).toEqual(bySeat);
    expect(bySeat).toEqual([index.sections[0]!.seats.length - 1, balcony.seats.length - 2]);
    // Asked again for the same statuses, the same counts (computed once).
    expect(freePerSection(index, changed)).toBe(freePerSection(index, changed));
    expect(freePerSection(index, new Map())).toEqual(index.sections.map((s) => s.seats.length));
  });
});
