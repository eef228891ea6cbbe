import { LOCAL_DATE_TIME_PATTERN, isoToLocalDateTime, localDateTimeToIso } from './zoned-time';

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
export function dateTimeWindowRules(messages: { invalid: string; endBeforeStart: string }) {
  const start = (text: string) =>
    !text || LOCAL_DATE_TIME_PATTERN.test(text) ? null : messages.invalid;
  const end = (text: string, startText: string) => {
    const problem = start(text);
    if (problem || !text || !startText) return problem;
    return text > startText ? null : messages.endBeforeStart;
  };
  return { start, end };
}
