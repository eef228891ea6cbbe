import { describe, expect, it } from 'vitest';
import { sampleChart } from '@hafla/shared/charts/sample-chart';
import type { SeatStatus } from '@hafla/shared/charts/seats';
import { buildSeatIndex, statusesOf } from './seat-index';
import {
  selectedPerCategory,
  strandedSeat,
  takenFromSelection,
  toggleSeat,
} from './seat-selection';

const chart = sampleChart();
const index = buildSeatIndex(chart);
const rowA = chart.sections[0]!.rows[0]!.seats.map((seat) => seat.id);
const rowB = chart.sections[0]!.rows[1]!.seats.map((seat) => seat.id);
const free = (changes: Record<string, SeatStatus> = {}) =>
  statusesOf(index.seats.map((seat) => ({ id: seat.id, status: changes[seat.id] ?? 'available' })));

describe('toggleSeat', () => {
  it('picks a free seat and drops it on the second tap', () => {
    const picked = toggleSeat([], rowA[3]!, free(), { max: 4 });
    expect(picked).toEqual({ selected: [rowA[3]], refusal: null });
    expect(toggleSeat(picked.selected, rowA[3]!, free(), { max: 4 })).toEqual({
      selected: [],
      refusal: null,
    });
  });

  it('refuses a taken seat, one over the limit, and what the caller turns down', () => {
    expect(toggleSeat([], rowA[0]!, free({ [rowA[0]!]: 'held' }), { max: 4 }).refusal).toBe(
      'taken',
    );
    expect(toggleSeat([rowA[0]!], rowA[1]!, free(), { max: 1 }).refusal).toBe('limit');
    expect(toggleSeat([], rowA[1]!, free(), { max: 4, refusalOf: () => 'not_for_sale' })).toEqual({
      selected: [],
      refusal: 'not_for_sale',
    });
  });

  it('still drops a chosen seat that someone else took meanwhile', () => {
    expect(toggleSeat([rowA[0]!], rowA[0]!, free({ [rowA[0]!]: 'sold' }), { max: 4 })).toEqual({
      selected: [],
      refusal: null,
    });
  });
});

describe('takenFromSelection', () => {
  it('names the chosen seats that are no longer available', () => {
    const statuses = free({ [rowA[2]!]: 'held', [rowA[5]!]: 'blocked' });
    expect(takenFromSelection([rowA[1]!, rowA[2]!, rowA[5]!], statuses)).toEqual([
      rowA[2],
      rowA[5],
    ]);
  });
});

describe('strandedSeat', () => {
  it('names the seat a choice would leave alone, as the server would', () => {
    // Seats 2 and 3 of row B leave seat 1 alone at the row's end.
    expect(strandedSeat(chart, free(), [rowB[1]!, rowB[2]!])).toBe(rowB[0]);
    expect(strandedSeat(chart, free(), [rowB[0]!, rowB[1]!])).toBeNull();
    expect(strandedSeat(chart, free(), [])).toBeNull();
  });

  it('counts seats taken by others', () => {
    // Seat 1 sold: taking 3 and 4 strands seat 2 between seat 1 and the choice.
    expect(strandedSeat(chart, free({ [rowB[0]!]: 'sold' }), [rowB[2]!, rowB[3]!])).toBe(rowB[1]);
    expect(strandedSeat(chart, free({ [rowB[0]!]: 'sold' }), [rowB[1]!, rowB[2]!])).toBeNull();
  });
});

describe('selectedPerCategory', () => {
  it('counts the chosen seats of each chart category', () => {
    expect(selectedPerCategory(index, [rowA[0]!, rowA[1]!, rowB[0]!, 'nope'])).toEqual(
      new Map([
        ['vip', 2],
        ['standard', 1],
      ]),
    );
  });
});
