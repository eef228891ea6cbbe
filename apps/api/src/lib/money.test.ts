import { describe, expect, it } from 'vitest';
import { formatAmount } from './money';

describe('formatAmount', () => {
  it('writes minor units in major units with the currency code', () => {
    expect(formatAmount(15000, 'SAR').replace(/\s/g, ' ')).toBe('SAR 150.00');
    expect(formatAmount(1500, 'KWD').replace(/\s/g, ' ')).toBe('KWD 1.500');
  });
});
