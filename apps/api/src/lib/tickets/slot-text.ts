import type { Language } from '@hafla/shared/common/i18n';
import { dayInZone } from '@hafla/shared/common/zoned-time';

/**
 * A time slot as tickets and emails print it: in the event's own time zone (with its offset, so
 * a buyer abroad is not misled) and the reader's language, with Latin digits in Arabic as the
 * web app shows them.
 */

const localeOf = (language: Language) => (language === 'ar' ? 'ar-u-nu-latn' : 'en');

// Making a formatter costs far more than using one: one per language, zone and shape.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(
  language: Language,
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${language} ${timeZone} ${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(localeOf(language), { ...options, timeZone });
    formatters.set(key, found);
  }
  return found;
}

/** "Saturday, December 5, 2026" / "السبت، 5 ديسمبر 2026". */
export function formatSlotDay(start: Date, timeZone: string, language: Language): string {
  return formatter(language, timeZone, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(start);
}

/** "7:00 – 10:00 PM (GMT+3)"; a slot that ends on a later day names both days. */
export function formatSlotTimes(
  start: Date,
  end: Date,
  timeZone: string,
  language: Language,
): string {
  const sameDay = dayInZone(start, timeZone) === dayInZone(end, timeZone);
  const range = formatter(language, timeZone, {
    ...(sameDay ? {} : { day: 'numeric', month: 'short' }),
    hour: 'numeric',
    minute: '2-digit',
  }).formatRange(start, end);
  const offset =
    formatter(language, timeZone, { timeZoneName: 'shortOffset' })
      .formatToParts(start)
      .find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
  return `${range} (${offset})`;
}
