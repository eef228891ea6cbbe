import { describe, expect, it } from 'vitest';
import { formatAmount, formatMoney } from './money';

/** Intl separates with no-break spaces and wraps Arabic amounts in right-to-left marks. */
const plain = (text: string) => text.replace(/\s/g, ' ').replace(/\u200f/g, '');

describe('formatAmount', () => {
  it('writes minor units in major units with the currency code', () => {
    expect(formatAmount(15000, 'SAR').replace(/\s/g, ' ')).toBe('SAR 150.00');
    expect(formatAmount(1500, 'KWD').replace(/\s/g, ' ')).toBe('KWD 1.500');
  });
});

describe('formatMoney', () => {
  it('drops the fraction of whole amounts and keeps the currency digits otherwise', () => {
    expect(plain(formatMoney(15000, 'SAR', 'en'))).toBe('SAR 150');
    expect(plain(formatMoney(15050, 'SAR', 'en'))).toBe('SAR 150.50');
    expect(plain(formatMoney(1505, 'KWD', 'en'))).toBe('KWD 1.505');
  });

  it('writes Arabic amounts with Latin digits', () => {
    expect(plain(formatMoney(15050, 'SAR', 'ar'))).toBe('150.50 ر.س.');
    expect(formatMoney(123456789, 'SAR', 'ar')).toMatch(/1,234,567\.89/);
  });
});
