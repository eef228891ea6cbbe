import { describe, expect, it } from 'vitest';
import { formatMoney, moneyParam, renderParam } from './money';

/** Intl separates with no-break spaces and wraps Arabic amounts in right-to-left marks. */
const plain = (text: string) => text.replace(/\s/g, ' ').replace(/\u200f/g, '');

describe('moneyParam', () => {
  it('is rendered as each language writes the amount; other params as they are', () => {
    expect(plain(renderParam(moneyParam(10_000, 'SAR'), 'en'))).toBe('SAR 100');
    expect(plain(renderParam(moneyParam(10_000, 'SAR'), 'ar'))).toBe('100 ر.س.');
    expect(plain(renderParam(moneyParam(1505, 'KWD'), 'en'))).toBe('KWD 1.505');
    expect(renderParam('money:12:sar', 'en')).toBe('money:12:sar');
    expect(renderParam(3, 'ar')).toBe('3');
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
