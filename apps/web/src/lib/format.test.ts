import { describe, expect, it } from 'vitest';
import { dayKey, formatMoney, formatPriceRange, toMinorUnits, formatTime } from './format';

describe('money', () => {
  it('formats minor units with the currency digits', () => {
    expect(formatMoney(12345, 'SAR', 'en')).toMatch(/123\.45/);
    expect(formatMoney(5000, 'SAR', 'en')).toMatch(/50(?!\.)/);
    expect(formatMoney(1500, 'KWD', 'en')).toMatch(/1\.5/);
    expect(formatMoney(12345, 'SAR', 'ar')).toMatch(/123\.45|123٫45/);
  });

  it('signs a ledger line’s amount when asked, zero unsigned', () => {
    const signed = { signDisplay: 'exceptZero' } as const;
    // Intl puts a no-break space between the code and the number.
    expect(formatMoney(2500, 'SAR', 'en', signed)).toMatch(/^\+SAR\s25$/);
    expect(formatMoney(-2550, 'SAR', 'en', signed)).toMatch(/^-SAR\s25\.50$/);
    expect(formatMoney(0, 'SAR', 'en', signed)).toMatch(/^SAR\s0$/);
    expect(formatMoney(-2500, 'SAR', 'en')).toMatch(/^-SAR\s25$/);
  });

  it('turns typed amounts into integer minor units', () => {
    expect(toMinorUnits(19.99, 'SAR')).toBe(1999);
    expect(toMinorUnits(1.005, 'KWD')).toBe(1005);
    expect(toMinorUnits(0.1 + 0.2, 'USD')).toBe(30);
  });

  it('names a price range, free included', () => {
    expect(formatPriceRange(0, 0, 'SAR', 'en', { free: 'Free' })).toBe('Free');
    expect(formatPriceRange(0, 5000, 'SAR', 'en', { free: 'Free' })).toMatch(/^Free – .*50/);
    expect(formatPriceRange(null, null, 'SAR', 'en', { free: 'Free' })).toBeNull();
  });
});

describe('time', () => {
  it('shows instants in the event time zone and groups them by its days', () => {
    expect(formatTime('2026-12-01T19:00:00+03:00', 'Asia/Riyadh', 'en')).toMatch(/7:00/);
    expect(dayKey('2026-12-01T23:30:00+03:00', 'Asia/Riyadh')).toBe('2026-12-01');
    expect(dayKey('2026-12-01T23:30:00+03:00', 'UTC')).toBe('2026-12-01');
    expect(dayKey('2026-12-02T01:30:00+03:00', 'UTC')).toBe('2026-12-01');
  });
});
