import { describe, expect, it } from 'vitest';
import { addDays, isCalendarDay, startOfMonth, todayIn } from './calendar-days';

describe('calendar days', () => {
  it('adds days across months, years and a leap day', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-03-29', -29)).toBe('2026-02-28');
  });

  it('finds the first of a month some months away', () => {
    expect(startOfMonth('2026-11-26', -11)).toBe('2025-12-01');
    expect(startOfMonth('2026-01-31', 1)).toBe('2026-02-01');
  });

  it('tells a real day from a malformed or impossible one', () => {
    expect(isCalendarDay('2026-02-28')).toBe(true);
    expect(isCalendarDay('2026-02-29')).toBe(false);
    expect(isCalendarDay('2026-2-28')).toBe(false);
    expect(isCalendarDay(null)).toBe(false);
  });

  it('says what day it is in a zone, which may differ from UTC’s', () => {
    const lateUtc = new Date('2026-11-26T22:30:00Z');
    expect(todayIn('UTC', lateUtc)).toBe('2026-11-26');
    expect(todayIn('Asia/Riyadh', lateUtc)).toBe('2026-11-27');
    expect(todayIn('America/New_York', lateUtc)).toBe('2026-11-26');
  });
});
