import { addDays, dayInZone, weekdayOf, zonedTimeToInstant } from '@hafla/shared/common/zoned-time';
import type { SalesPeriod } from '@hafla/shared/finance/dashboard';

/** The instant local midnight of `day` (+ `plus` days) happens in `zone`, as ISO text. */
export function dayBoundary(day: string, zone: string, plus = 0): string {
  return zonedTimeToInstant(addDays(day, plus), '00:00', zone).toISOString();
}

/** Whole days from `from` to `to` (0 when the same day). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export const today = (now: Date, zone: string) => dayInZone(now, zone);

/**
 * The first day of the period holding `day`: itself, the week's first day (`weekStart`,
 * 0 = Sunday … 6 = Saturday), or the month's first.
 */
export function periodStart(day: string, period: SalesPeriod, weekStart: number): string {
  if (period === 'day') return day;
  if (period === 'month') return `${day.slice(0, 8)}01`;
  return addDays(day, -((weekdayOf(day) - weekStart + 7) % 7));
}

/** Every period of the range, in order: `[start, end]` clipped to `from`..`to`. */
export function periodsOf(
  from: string,
  to: string,
  period: SalesPeriod,
  weekStart: number,
): Array<{ key: string; start: string; end: string }> {
  const periods: Array<{ key: string; start: string; end: string }> = [];
  let day = from;
  while (day <= to) {
    const key = periodStart(day, period, weekStart);
    const next =
      period === 'day' ? addDays(key, 1) : period === 'week' ? addDays(key, 7) : nextMonth(key);
    const end = addDays(next, -1) < to ? addDays(next, -1) : to;
    periods.push({ key, start: day, end });
    day = next;
  }
  return periods;
}

function nextMonth(first: string): string {
  const year = Number(first.slice(0, 4));
  const month = Number(first.slice(5, 7));
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
}

export { addDays };
