/**
 * Wall-clock times in an event's IANA time zone, whatever zone the organizer's browser is in.
 * Date and time inputs hold the event's wall clock; the API takes ISO instants with an offset.
 * Pure functions over Intl, so DST rules come from the browser's time zone data, and they
 * resolve DST the way the API does (apps/api/src/lib/time.ts) so previews match what it creates.
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

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** The zone's offset from UTC at an instant, in minutes (Riyadh: 180, New York in winter: -300). */
export function offsetMinutesAt(instant: Date, timeZone: string): number {
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

/** `+03:00`, `-04:00`, `+05:30`. */
function offsetText(minutes: number): string {
  const absolute = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${pad(Math.floor(absolute / 60))}:${pad(absolute % 60)}`;
}

/** `2026-12-01T19:00:00+03:00`: an instant as the zone's wall clock, with the zone's offset. */
export function formatInZone(instant: Date, timeZone: string): string {
  const offset = offsetMinutesAt(instant, timeZone);
  const wall = new Date(instant.getTime() + offset * 60_000);
  return `${wall.toISOString().slice(0, 19)}${offsetText(offset)}`;
}

/**
 * The ISO instant (with the zone's offset) at which a wall-clock time happens in a zone. A time
 * skipped by a DST jump moves forward by the jump (02:30 on a spring-forward night is 03:30); a
 * time that happens twice takes its first pass.
 */
export function zonedTimeToIso(day: string, time: string, timeZone: string): string {
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
  return formatInZone(matches[0] ?? new Date(wallAsUtc - before * 60_000), timeZone);
}

export interface ZonedParts {
  /** `YYYY-MM-DD` */
  day: string;
  /** `HH:MM` */
  time: string;
}

/** The event's wall clock for an instant: what its date and time inputs show. */
export function isoToZonedParts(iso: string, timeZone: string): ZonedParts {
  const local = formatInZone(new Date(iso), timeZone);
  return { day: local.slice(0, 10), time: local.slice(11, 16) };
}

/** A `datetime-local` input's value (`YYYY-MM-DDTHH:MM`) in a zone, as an ISO instant. */
export function localDateTimeToIso(value: string, timeZone: string): string {
  const [day = '', time = ''] = value.split('T');
  return zonedTimeToIso(day, time.slice(0, 5), timeZone);
}

/** An ISO instant as a `datetime-local` input's value in a zone. */
export function isoToLocalDateTime(iso: string, timeZone: string): string {
  const { day, time } = isoToZonedParts(iso, timeZone);
  return `${day}T${time}`;
}

export function todayInZone(timeZone: string, now: Date = new Date()): string {
  return formatInZone(now, timeZone).slice(0, 10);
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

/** `GMT+3`, `GMT-4`, `GMT+5:30`, `GMT`: the zone's offset now, as people name it. */
export function gmtOffsetLabel(timeZone: string, at: Date = new Date()): string {
  const minutes = offsetMinutesAt(at, timeZone);
  if (minutes === 0) return 'GMT';
  const absolute = Math.abs(minutes);
  const rest = absolute % 60;
  return `GMT${minutes < 0 ? '-' : '+'}${Math.floor(absolute / 60)}${rest ? `:${pad(rest)}` : ''}`;
}

export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
export const LOCAL_DATE_TIME_PATTERN = /^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$/;

/** A slot's end from a day and two times: an end at or before the start is the next day. */
export function slotInstants(
  day: string,
  start: string,
  end: string,
  timeZone: string,
): { start: string; end: string } {
  const endDay = end <= start ? addDays(day, 1) : day;
  return {
    start: zonedTimeToIso(day, start, timeZone),
    end: zonedTimeToIso(endDay, end, timeZone),
  };
}
