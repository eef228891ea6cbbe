import { describe, expect, it } from 'vitest';
import { FIRST_RETRY_MS, LONGEST_RETRY_MS, retryDelayMs } from './retry-delay';

describe('retryDelayMs', () => {
  it('waits between half a second and a second after the first failure', () => {
    expect(retryDelayMs(1, 0)).toBe(FIRST_RETRY_MS / 2);
    expect(retryDelayMs(1, 0.999_999)).toBeCloseTo(FIRST_RETRY_MS, -1);
  });

  it('doubles with each failure', () => {
    expect(retryDelayMs(2, 1)).toBe(2_000);
    expect(retryDelayMs(5, 1)).toBe(16_000);
    expect(retryDelayMs(5, 0)).toBe(8_000);
  });

  it('never waits longer than ten minutes, however many failures', () => {
    for (const attempts of [11, 12, 40, 1_000, Number.MAX_SAFE_INTEGER]) {
      expect(retryDelayMs(attempts, 0.999_999)).toBeLessThanOrEqual(LONGEST_RETRY_MS);
      expect(retryDelayMs(attempts, 0)).toBe(LONGEST_RETRY_MS / 2);
    }
  });

  it('treats a row never attempted like a first failure', () => {
    expect(retryDelayMs(0, 0)).toBe(retryDelayMs(1, 0));
  });
});
