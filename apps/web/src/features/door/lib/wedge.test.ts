import { describe, expect, it } from 'vitest';
import { createWedgeDetector } from './wedge';

function typeAll(keys: string[], gapMs: number, start = 1_000) {
  const detector = createWedgeDetector({ maxGapMs: 50, minLength: 6 });
  const results = keys.map((key, index) => detector.push(key, start + index * gapMs));
  return results.filter((result) => result !== null);
}

const CODE = [...'1.42.abcdefghijklmnop.XYZ'];

describe('keyboard-wedge detection', () => {
  it('reads a fast burst that ends with Enter as one code', () => {
    expect(typeAll([...CODE, 'Enter'], 8)).toEqual(['1.42.abcdefghijklmnop.XYZ']);
  });

  it('ignores a person typing at human speed', () => {
    expect(typeAll([...CODE, 'Enter'], 120)).toEqual([]);
  });

  it('ignores short bursts, and modifier keys inside a burst', () => {
    expect(typeAll(['a', 'b', 'Enter'], 5)).toEqual([]);
    expect(typeAll(['A', 'Shift', 'B', 'C', 'Shift', 'D', 'E', 'F', 'Enter'], 5)).toEqual([
      'ABCDEF',
    ]);
  });

  it('starts again after a pause, so stray keys before a scan are dropped', () => {
    const detector = createWedgeDetector({ maxGapMs: 50, minLength: 6 });
    detector.push('x', 0);
    detector.push('y', 10);
    const keys = [...'ABC123DEF'];
    let time = 1_000;
    for (const key of keys) expect(detector.push(key, (time += 5))).toBeNull();
    expect(detector.push('Enter', time + 5)).toBe('ABC123DEF');
  });

  it('does not answer an Enter that comes long after the last key', () => {
    const detector = createWedgeDetector({ maxGapMs: 50, minLength: 6 });
    let time = 0;
    for (const key of [...'ABCDEFGH']) detector.push(key, (time += 5));
    expect(detector.push('Enter', time + 500)).toBeNull();
    // …and the buffer is gone: the next quick burst stands alone.
    for (const key of [...'QRSTUV']) detector.push(key, (time += 1_000 + 5));
    expect(detector.push('Enter', time + 5)).toBeNull();
  });
});
