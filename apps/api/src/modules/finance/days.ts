import { addDays, dayInZone, zonedTimeToInstant } from '@hafla/shared/common/zoned-time';
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

const DAY_MS = 86_400_000;
const epochDayOf = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const two = (n: number) => (n < 10 ? `0${n}` : String(n));

/**
 * 'YYYY-MM-DD' of a day counted since 1970-01-01 (the civil-from-days arithmetic of Howard
 * Hinnant's date algorithms: a chart formats hundreds of days, and a `Date` per day was a
 * measurable share of its CPU).
 */
function dayOfEpoch(epochDay: number): string {
  const shifted = epochDay + 719_468; // days since 0000-03-01
  const era = Math.floor(shifted / 146_097);
  const dayOfEra = shifted - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear =
    dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthFromMarch = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * monthFromMarch + 2) / 5) + 1;
  const month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return `${year}-${two(month)}-${two(day)}`;
}

/**
 * Every period of the range, in order: `[start, end]` clipped to `from`..`to`. (Counted in days
 * since 1970, which was a Thursday: a year by day is 365 periods, each formatted once.)
 */
export function periodsOf(
  from: string,
  to: string,
  period: SalesPeriod,
  weekStart: number,
): Array<{ key: string; start: string; end: string }> {
  const periods: Array<{ key: string; start: string; end: string }> = [];
  const last = epochDayOf(to);
  for (let day = epochDayOf(from); day <= last;) {
    const start = dayOfEpoch(day);
    let key = start;
    let next = day + 1;
    if (period === 'week') {
      const first = day - ((((day + 4) % 7) - weekStart + 7) % 7);
      key = dayOfEpoch(first);
      next = first + 7;
    } else if (period === 'month') {
      key = `${start.slice(0, 8)}01`;
      next = epochDayOf(nextMonth(key));
    }
    const end = next - 1 === day ? start : dayOfEpoch(Math.min(next - 1, last));
    periods.push({ key, start, end });
    day = next;
  }
  return periods;
}

/** Each day of `periods` (as `periodsOf` answers them) with the index of its period. */
export function periodIndexByDay(
  periods: ReadonlyArray<{ start: string; end: string }>,
): Map<string, number> {
  const index = new Map<string, number>();
  periods.forEach((period, at) => {
    const last = epochDayOf(period.end);
    for (let day = epochDayOf(period.start); day <= last; day++) index.set(dayOfEpoch(day), at);
  });
  return index;
}

/**
 * The whole months inside `from`..`to`, as `[first, end)` (first days of months); `first` equals
 * `end` when there is none.
 */
export function wholeMonthsOf(from: string, to: string): { first: string; end: string } {
  const monthOfFrom = `${from.slice(0, 8)}01`;
  const first = from === monthOfFrom ? from : nextMonth(monthOfFrom);
  const after = addDays(to, 1);
  const end = after.endsWith('-01') ? after : `${to.slice(0, 8)}01`;
  return first < end ? { first, end } : { first: from, end: from };
}

function nextMonth(first: string): string {
  const year = Number(first.slice(0, 4));
  const month = Number(first.slice(5, 7));
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
}

export { addDays };
