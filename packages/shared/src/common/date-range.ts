/**
 * The one range every date input must fall in: a calendar day from EARLIEST_DAY to LATEST_DAY,
 * as written (an instant's own date, before its offset is applied). Generous for any event,
 * sale or promotion, and far enough from the ends of ISO 8601's four-digit years that an instant
 * in it is written correctly in every time zone (see docs/decisions/0011-date-range.md). Pure
 * and without zod: the web's forms check it too.
 */
export const EARLIEST_DAY = '2000-01-01';
export const LATEST_DAY = '2099-12-31';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** True for a `YYYY-MM-DD` day within the range. */
export function isDayInRange(day: string): boolean {
  return DAY.test(day) && day >= EARLIEST_DAY && day <= LATEST_DAY;
}

/**
 * True for an ISO date-time (`2026-12-01T19:00:00+03:00`, or a `datetime-local` value) whose
 * date, as written, is within the range.
 */
export function isDateTimeInRange(value: string): boolean {
  return isDayInRange(value.slice(0, 10));
}
