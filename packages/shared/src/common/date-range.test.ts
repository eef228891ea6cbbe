import { describe, expect, it } from 'vitest';
import { EARLIEST_DAY, LATEST_DAY, isDateTimeInRange, isDayInRange } from './date-range';
import { CalendarDayInput, InstantInput } from './time';

describe('isDayInRange', () => {
  it('accepts the first and last day of the range and every day between', () => {
    expect(isDayInRange(EARLIEST_DAY)).toBe(true);
    expect(isDayInRange(LATEST_DAY)).toBe(true);
    expect(isDayInRange('2026-06-15')).toBe(true);
  });

  it('refuses a day before or after the range', () => {
    expect(isDayInRange('1999-12-31')).toBe(false);
    expect(isDayInRange('2100-01-01')).toBe(false);
    expect(isDayInRange('9999-12-31')).toBe(false);
    expect(isDayInRange('0001-01-01')).toBe(false);
  });

  it('refuses text that is not a day', () => {
    expect(isDayInRange('')).toBe(false);
    expect(isDayInRange('20260615')).toBe(false);
  });
});

describe('isDateTimeInRange', () => {
  it('reads the date as written, before the offset is applied', () => {
    expect(isDateTimeInRange('2099-12-31T23:59:59-12:00')).toBe(true);
    expect(isDateTimeInRange('2000-01-01T00:00:00+14:00')).toBe(true);
    expect(isDateTimeInRange('1999-12-31T23:59:59Z')).toBe(false);
    expect(isDateTimeInRange('2100-01-01T00:00:00Z')).toBe(false);
  });

  it('takes a datetime-local value as the web form holds it', () => {
    expect(isDateTimeInRange('2030-05-01T19:00')).toBe(true);
    expect(isDateTimeInRange('9999-12-31T23:59')).toBe(false);
  });
});

describe('InstantInput and CalendarDayInput', () => {
  const codes = (result: { error?: { issues: Array<{ code: string; params?: unknown }> } }) =>
    result.error?.issues.map((issue) => (issue.params as { code?: string })?.code ?? issue.code);

  it('refuse a date outside the range with date_out_of_range', () => {
    expect(codes(InstantInput.safeParse('9999-12-31T23:59:59Z'))).toEqual(['date_out_of_range']);
    expect(codes(CalendarDayInput.safeParse('2100-01-01'))).toEqual(['date_out_of_range']);
  });

  it('give a malformed value its format error alone', () => {
    expect(codes(InstantInput.safeParse('next friday'))).toEqual(['invalid_format']);
    expect(codes(CalendarDayInput.safeParse('2026-02-30'))).toEqual(['invalid_format']);
  });

  it('accept a date within the range', () => {
    expect(InstantInput.safeParse('2030-05-01T19:00:00+03:00').success).toBe(true);
    expect(CalendarDayInput.safeParse('2030-05-01').success).toBe(true);
  });
});
