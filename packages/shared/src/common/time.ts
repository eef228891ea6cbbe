import { z } from 'zod';

/** An instant on the wire: ISO 8601 with an offset (`2026-12-01T19:00:00+03:00` or `…Z`). */
export const Instant = z.iso.datetime({ offset: true });

/** A calendar day, `YYYY-MM-DD`. */
export const CalendarDay = z.iso.date();

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
