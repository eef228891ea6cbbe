import {
  EARLIEST_DAY,
  LATEST_DAY,
  isDateTimeInRange,
  isDayInRange,
} from '@hafla/shared/common/date-range';
import { LOCAL_DATE_TIME_PATTERN, isoToLocalDateTime, localDateTimeToIso } from './zoned-time';

/** The years every date input must fall in (the API's own range), for the forms' message. */
export const DATE_RANGE_YEARS = { first: EARLIEST_DAY.slice(0, 4), last: LATEST_DAY.slice(0, 4) };

/** A `YYYY-MM-DD` day typed in a form: null when fine, else which message to show. */
export function dayProblem(day: string, pattern: RegExp): 'invalid' | 'outOfRange' | null {
  if (!pattern.test(day)) return 'invalid';
  return isDayInRange(day) ? null : 'outOfRange';
}

/** An optional instant as a datetime-local value on the event's clock; '' when there is none. */
export function toLocalInput(iso: string | null, timeZone: string): string {
  return iso ? isoToLocalDateTime(iso, timeZone) : '';
}

/** A datetime-local value typed on the event's clock as an instant; null when left empty. */
export function fromLocalInput(text: string, timeZone: string): string | null {
  return text ? localDateTimeToIso(text, timeZone) : null;
}

/**
 * Checks for an optional window (sales, validity) typed as two datetime-local values: either
 * end may be left open, and when both are given the end comes after the start.
 */
export function dateTimeWindowRules(messages: {
  invalid: string;
  endBeforeStart: string;
  outOfRange: string;
}) {
  const start = (text: string) => {
    if (!text) return null;
    if (!LOCAL_DATE_TIME_PATTERN.test(text)) return messages.invalid;
    return isDateTimeInRange(text) ? null : messages.outOfRange;
  };
  const end = (text: string, startText: string) => {
    const problem = start(text);
    if (problem || !text || !startText) return problem;
    return text > startText ? null : messages.endBeforeStart;
  };
  return { start, end };
}
