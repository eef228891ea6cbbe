import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { weekdayOf } from '@hafla/shared/common/zoned-time';
import { addDays, periodIndexByDay, periodsOf, wholeMonthsOf } from './days';

/**
 * The first day of the period holding `day`, by definition: itself, the week's first day
 * (`weekStart`, 0 = Sunday … 6 = Saturday), or the month's first.
 */
function periodStart(day: string, period: 'day' | 'week' | 'month', weekStart: number): string {
  if (period === 'day') return day;
  if (period === 'month') return `${day.slice(0, 8)}01`;
  return addDays(day, -((weekdayOf(day) - weekStart + 7) % 7));
}

/** The periods by their definition, a day at a time: each day joins its period's start. */
function periodsByDay(
  from: string,
  to: string,
  period: 'day' | 'week' | 'month',
  weekStart: number,
) {
  const periods: Array<{ key: string; start: string; end: string }> = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const key = periodStart(day, period, weekStart);
    const current = periods.at(-1);
    if (current?.key === key) current.end = day;
    else periods.push({ key, start: day, end: day });
  }
  return periods;
}

describe('periodsOf', () => {
  it('clips the first and last weeks and months to the range', () => {
    expect(periodsOf('2026-01-01', '2026-01-13', 'week', 1)).toEqual([
      { key: '2025-12-29', start: '2026-01-01', end: '2026-01-04' },
      { key: '2026-01-05', start: '2026-01-05', end: '2026-01-11' },
      { key: '2026-01-12', start: '2026-01-12', end: '2026-01-13' },
    ]);
    expect(periodsOf('2024-02-15', '2024-03-02', 'month', 6)).toEqual([
      { key: '2024-02-01', start: '2024-02-15', end: '2024-02-29' },
      { key: '2024-03-01', start: '2024-03-01', end: '2024-03-02' },
    ]);
  });

  it('equals the periods found a day at a time, for any range, period and first weekday', () => {
    const day = fc.integer({ min: 0, max: 20_000 }).map((n) => addDays('1990-01-01', n));
    fc.assert(
      fc.property(
        day,
        fc.integer({ min: 0, max: 800 }),
        fc.constantFrom('day' as const, 'week' as const, 'month' as const),
        fc.integer({ min: 0, max: 6 }),
        (from, length, period, weekStart) => {
          const to = addDays(from, length);
          const periods = periodsOf(from, to, period, weekStart);
          expect(periods).toEqual(periodsByDay(from, to, period, weekStart));
          // Every day of the range finds its period, and no other day does.
          const index = periodIndexByDay(periods);
          expect(index.size).toBe(length + 1);
          for (let day = from; day <= to; day = addDays(day, 1)) {
            expect(periods[index.get(day)!]!.key).toBe(periodStart(day, period, weekStart));
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('wholeMonthsOf', () => {
  it('finds the months a range holds whole, or none', () => {
    expect(wholeMonthsOf('2025-11-26', '2026-11-25')).toEqual({
      first: '2025-12-01',
      end: '2026-11-01',
    });
    expect(wholeMonthsOf('2026-01-01', '2026-03-31')).toEqual({
      first: '2026-01-01',
      end: '2026-04-01',
    });
    expect(wholeMonthsOf('2026-12-01', '2026-12-31')).toEqual({
      first: '2026-12-01',
      end: '2027-01-01',
    });
    expect(wholeMonthsOf('2026-01-02', '2026-01-31')).toEqual({
      first: '2026-01-02',
      end: '2026-01-02',
    });
    expect(wholeMonthsOf('2026-01-15', '2026-02-10')).toEqual({
      first: '2026-01-15',
      end: '2026-01-15',
    });
  });
});
