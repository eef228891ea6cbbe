/**
 * Time at the edges: instants are stored in UTC and shown in an event's IANA time zone. Pure
 * functions over Intl, so DST rules come from the runtime's time zone data. The API and the web
 * both use these, so a slot the organizer previews is the slot the API creates. No zod here: the
 * web's entry chunk imports this module.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

const pad = (value: number) => String(value).padStart(2, '0');

// Offsets are whole quarter hours and zones change them at whole local hours, so every change
// falls on a UTC quarter hour: one answer per zone and quarter hour is exact. Pages list many
// instants in few zones, and formatToParts is the costly step (microseconds per call).
const QUARTER_HOUR = 15 * 60_000;
const MAX_CACHED_OFFSETS = 50_000;
const offsetCache = new Map<string, number>();

/** The zone's offset from UTC at an instant, in minutes (Riyadh: 180, New York in winter: -300). */
export function offsetMinutesAt(instant: Date, timeZone: string): number {
  const key = `${timeZone} ${Math.floor(instant.getTime() / QUARTER_HOUR)}`;
  let offset = offsetCache.get(key);
  if (offset === undefined) {
    offset = readOffsetMinutes(instant, timeZone);
    if (offsetCache.size >= MAX_CACHED_OFFSETS) offsetCache.clear();
    offsetCache.set(key, offset);
  }
  return offset;
}

function readOffsetMinutes(instant: Date, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const asUtc = Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

// ISO 8601 without an expanded year writes years 0000–9999; a zone's wall clock is at most a day
// from UTC, so instants this far inside those years are written in any zone. Inputs are bounded
// far tighter (date-range.ts), but a value stored before that, or by hand, must still read.
const FIRST_ZONED_MS = Date.UTC(1000, 0, 1);
const LAST_ZONED_MS = Date.UTC(9999, 11, 30);
const LAST_WRITABLE = '9999-12-31T23:59:59+00:00';
const FIRST_WRITABLE = '0000-01-01T00:00:00+00:00';
const FIRST_WRITABLE_MS = Date.parse('0000-01-01T00:00:00Z');
const LAST_WRITABLE_MS = Date.parse('9999-12-31T23:59:59Z');

/**
 * `2026-12-01T19:00:00+03:00`: the instant as the zone's wall clock with its offset. Total, so a
 * read never fails on a stored value: an instant outside years 1000–9999 is written in UTC, one
 * outside 0000–9999 as the nearest end of that range, and an invalid Date (PostgreSQL's
 * `infinity`, or a year JavaScript cannot hold) as the latest.
 */
export function formatInZone(instant: Date, timeZone: string): string {
  const ms = instant.getTime();
  if (!(ms >= FIRST_ZONED_MS && ms <= LAST_ZONED_MS)) return formatFarInstant(ms);
  const offset = offsetMinutesAt(instant, timeZone);
  const wall = new Date(instant.getTime() + offset * 60_000);
  const absolute = Math.abs(offset);
  const sign = offset < 0 ? '-' : '+';
  return `${wall.toISOString().slice(0, 19)}${sign}${pad(Math.floor(absolute / 60))}:${pad(absolute % 60)}`;
}

function formatFarInstant(ms: number): string {
  if (Number.isNaN(ms) || ms > LAST_WRITABLE_MS) return LAST_WRITABLE;
  if (ms < FIRST_WRITABLE_MS) return FIRST_WRITABLE;
  return `${new Date(ms).toISOString().slice(0, 19)}+00:00`;
}

/**
 * The instant a wall-clock time (`YYYY-MM-DD`, `HH:MM`) happens in a zone. A time skipped by a
 * DST jump moves forward by the jump (02:30 on a spring-forward night is 03:30); a time that
 * happens twice takes its first pass.
 */
export function zonedTimeToInstant(day: string, time: string, timeZone: string): Date {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  const wallAsUtc = Date.UTC(year, month - 1, date, hour, minute);
  // At most one transition happens within half a day of any time: try the offsets on either side.
  const before = offsetMinutesAt(new Date(wallAsUtc - 12 * 3_600_000), timeZone);
  const after = offsetMinutesAt(new Date(wallAsUtc + 12 * 3_600_000), timeZone);
  const wanted = `${day}T${time}`;
  const matches = [before, after]
    .map((offset) => new Date(wallAsUtc - offset * 60_000))
    .filter((instant) => formatInZone(instant, timeZone).slice(0, 16) === wanted)
    .sort((a, b) => a.getTime() - b.getTime());
  // No match: the time falls in a spring-forward gap; the offset before it carries it past the gap.
  return matches[0] ?? new Date(wallAsUtc - before * 60_000);
}

/** The calendar day (`YYYY-MM-DD`) an instant falls on in a zone. */
export function dayInZone(instant: Date, timeZone: string): string {
  return formatInZone(instant, timeZone).slice(0, 10);
}

/** Adds whole days to a `YYYY-MM-DD` day. */
export function addDays(day: string, days: number): string {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday, for a `YYYY-MM-DD` day. */
export function weekdayOf(day: string): number {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date)).getUTCDay();
}
