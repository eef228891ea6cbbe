import { z } from 'zod';
import { isDateTimeInRange, isDayInRange } from './date-range';

/** An instant on the wire: ISO 8601 with an offset (`2026-12-01T19:00:00+03:00` or `…Z`). */
export const Instant = z.iso.datetime({ offset: true });

/** A calendar day, `YYYY-MM-DD`. */
export const CalendarDay = z.iso.date();

// Checked only once the format is right, so a malformed value gets one error, not two.
const outOfRange = {
  params: { code: 'date_out_of_range' },
  when: (payload: { issues: readonly unknown[] }) => payload.issues.length === 0,
};

/** An instant sent by a client: an Instant whose date is within the range of `date-range.ts`. */
export const InstantInput = Instant.refine(isDateTimeInRange, outOfRange);

/** A calendar day sent by a client, within the range of `date-range.ts`. */
export const CalendarDayInput = CalendarDay.refine(isDayInRange, outOfRange);

/** A wall-clock time, `HH:MM` (24 hours). */
export const WallTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:MM');

/** True for an IANA time zone name this runtime knows (`Asia/Riyadh`, `UTC`). */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+)*$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export const TimeZone = z
  .string()
  .max(64)
  .refine(isTimeZone, { params: { code: 'timezone_invalid' } });

/** `true`/`false` in a query string (z.coerce.boolean would read "false" as true). */
export const QueryBoolean = z.enum(['true', 'false']).transform((value) => value === 'true');
