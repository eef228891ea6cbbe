import { describe, expect, it } from 'vitest';
import { buildSeatIndex } from './seat-index';

const seats = Array.from({ length: 100 }, (_, index) => ({
  id: `s${index}`,
  x: (index % 10) * 30,
  y: Math.floor(index / 10) * 30,
}));

describe('the seat index', () => {
  it('finds the seat under a point, and nothing between seats', () => {
    const index = buildSeatIndex(seats, 20);
    expect(index.hit(62, 31)).toBe('s12');
    expect(index.hit(15, 15)).toBeNull();
  });

  it('finds the seats whose centres a marquee covers, dragged either way', () => {
    const index = buildSeatIndex(seats, 20);
    expect(index.within(55, 55, 0, 0).sort()).toEqual(['s0', 's1', 's10', 's11']);
  });

  it('answers nothing for an empty chart', () => {
    const index = buildSeatIndex([], 20);
    expect(index.hit(0, 0)).toBeNull();
    expect(index.within(0, 0, 100, 100)).toEqual([]);
  });
});
