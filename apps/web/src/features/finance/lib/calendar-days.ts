/**
 * Calendar days as the API reads them (`YYYY-MM-DD`), with no time of day: the arithmetic runs
 * on UTC midnights, where every day is 24 hours long.
 */

const DAY_MS = 86_400_000;

function toUtcDate(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

function fromUtcDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function isCalendarDay(value: string | null | undefined): value is string {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  return fromUtcDate(toUtcDate(value)) === value;
}

export function addDays(day: string, days: number): string {
  return fromUtcDate(new Date(toUtcDate(day).getTime() + days * DAY_MS));
}

/** The first day of the month `months` after the month of `day` (negative goes back). */
export function startOfMonth(day: string, months = 0): string {
  const date = toUtcDate(day);
  return fromUtcDate(new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1)));
}

/** Today in a time zone, as a calendar day. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** The reader's own time zone, which the dashboard's days and buckets are counted in. */
export function readerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** A calendar day written for people, e.g. "5 Dec 2026" (no time zone shift: it is a day). */
export function formatCalendarDay(
  day: string,
  locale: string,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
): string {
  return new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(toUtcDate(day));
}

/** Two calendar days as one range, e.g. "29 Nov – 5 Dec" (shared parts written once). */
export function formatCalendarRange(
  from: string,
  to: string,
  locale: string,
  options: Intl.DateTimeFormatOptions,
): string {
  const format = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
  return from === to
    ? format.format(toUtcDate(from))
    : format.formatRange(toUtcDate(from), toUtcDate(to));
}
