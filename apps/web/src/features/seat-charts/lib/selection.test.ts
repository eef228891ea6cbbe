import { describe, expect, it } from 'vitest';
import { clickSelection, dragDelta, marqueeSelection, nudgeFor, snap } from './selection';

describe('selecting seats', () => {
  it('picks one seat on a click, toggles with shift, clears on empty space', () => {
    const one = clickSelection(new Set(['a', 'b']), 'c', false);
    expect([...one]).toEqual(['c']);
    expect([...clickSelection(one, 'd', true)]).toEqual(['c', 'd']);
    expect([...clickSelection(new Set(['c', 'd']), 'c', true)]).toEqual(['d']);
    expect(clickSelection(new Set(['c']), null, false).size).toBe(0);
    expect(clickSelection(new Set(['c']), null, true).size).toBe(1);
  });

  it('replaces the selection with a marquee, or adds to it with shift', () => {
    expect([...marqueeSelection(new Set(['a']), ['b'], false)]).toEqual(['b']);
    expect([...marqueeSelection(new Set(['a']), ['b'], true)]).toEqual(['a', 'b']);
  });
});

describe('grid and nudging', () => {
  it('snaps to the grid only when it is on', () => {
    expect(snap(23, 10)).toBe(20);
    expect(snap(23, null)).toBe(23);
  });

  it('lands the grabbed seat on the grid when dragging', () => {
    expect(dragDelta({ x: 103, y: 47 }, 11, 0, 10)).toEqual({ dx: 7, dy: 3 });
    expect(dragDelta({ x: 103, y: 47 }, 12, 0, null)).toEqual({ dx: 12, dy: 0 });
  });

  it('nudges by a unit or a grid cell, ten times with shift, and ignores other keys', () => {
    expect(nudgeFor('ArrowLeft', null, false)).toEqual({ dx: -1, dy: 0 });
    expect(nudgeFor('ArrowDown', 10, true)).toEqual({ dx: 0, dy: 100 });
    expect(nudgeFor('a', 10, false)).toBeNull();
  });
});
