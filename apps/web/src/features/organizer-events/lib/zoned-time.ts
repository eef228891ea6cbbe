import {
  addDays,
  dayInZone,
  formatInZone,
  offsetMinutesAt,
  zonedTimeToInstant,
} from '@hafla/shared/common/zoned-time';

/**
 * Wall-clock times in an event's IANA time zone, whatever zone the organizer's browser is in.
 * Date and time inputs hold the event's wall clock; the API takes ISO instants with an offset.
 * The zone math is the API's own (@hafla/shared/common/zoned-time), so previews match what it
 * creates.
 */

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * The ISO instant (with the zone's offset) at which a wall-clock time happens in a zone; DST gaps
 * and repeated times resolve as in zonedTimeToInstant.
 */
export function zonedTimeToIso(day: string, time: string, timeZone: string): string {
  return formatInZone(zonedTimeToInstant(day, time, timeZone), timeZone);
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
  return dayInZone(now, timeZone);
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
