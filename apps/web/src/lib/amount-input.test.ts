import { describe, expect, it } from 'vitest';
import { amountInputValue, parseAmount, parseDecimal, parseWholeNumber } from './amount-input';

describe('parseAmount', () => {
  it("turns typed major units into the currency's minor units", () => {
    expect(parseAmount('150', 'SAR')).toEqual({ ok: true, minor: 15000 });
    expect(parseAmount('150.5', 'SAR')).toEqual({ ok: true, minor: 15050 });
    expect(parseAmount('19.99', 'USD')).toEqual({ ok: true, minor: 1999 });
    expect(parseAmount('1.005', 'KWD')).toEqual({ ok: true, minor: 1005 });
    expect(parseAmount('0', 'SAR')).toEqual({ ok: true, minor: 0 });
  });

  it('reads Arabic-Indic digits and the Arabic decimal separator', () => {
    expect(parseAmount('١٥٠٫٥٠', 'SAR')).toEqual({ ok: true, minor: 15050 });
  });

  it('refuses what it cannot read exactly', () => {
    expect(parseAmount('', 'SAR')).toEqual({ ok: false, reason: 'empty' });
    expect(parseAmount('-5', 'SAR')).toEqual({ ok: false, reason: 'negative' });
    expect(parseAmount('abc', 'SAR')).toEqual({ ok: false, reason: 'invalid' });
    expect(parseAmount('1,500', 'SAR')).toEqual({ ok: false, reason: 'invalid' });
    expect(parseAmount('150.555', 'SAR')).toEqual({ ok: false, reason: 'too_precise' });
  });
});

describe('amountInputValue', () => {
  it('shows minor units as the amount an organizer typed', () => {
    expect(amountInputValue(15000, 'SAR')).toBe('150');
    expect(amountInputValue(15050, 'SAR')).toBe('150.50');
    expect(amountInputValue(1005, 'KWD')).toBe('1.005');
  });
});

describe('number parsing', () => {
  it('reads whole numbers and decimals in either digit set', () => {
    expect(parseWholeNumber('12')).toBe(12);
    expect(parseWholeNumber('١٢')).toBe(12);
    expect(parseWholeNumber('1.5')).toBeNull();
    expect(parseDecimal('-46.6753')).toBe(-46.6753);
    expect(parseDecimal('٢٤٫٧١')).toBe(24.71);
    expect(parseDecimal('north')).toBeNull();
  });
});
