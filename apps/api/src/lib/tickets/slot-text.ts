import type { Language } from '@hafla/shared/common/i18n';
import { dayInZone } from '@hafla/shared/common/zoned-time';

/**
 * A time slot as tickets and emails print it: in the event's own time zone (with its offset, so
 * a buyer abroad is not misled) and the reader's language, with Latin digits in Arabic as the
 * web app shows them.
 */

const localeOf = (language: Language) => (language === 'ar' ? 'ar-u-nu-latn' : 'en');

/** "Saturday, December 5, 2026" / "السبت، 5 ديسمبر 2026". */
export function formatSlotDay(start: Date, timeZone: string, language: Language): string {
  return new Intl.DateTimeFormat(localeOf(language), {
    timeZone,
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
  const range = new Intl.DateTimeFormat(localeOf(language), {
    timeZone,
    ...(sameDay ? {} : { day: 'numeric', month: 'short' }),
    hour: 'numeric',
    minute: '2-digit',
  }).formatRange(start, end);
  const offset =
    new Intl.DateTimeFormat(localeOf(language), { timeZone, timeZoneName: 'shortOffset' })
      .formatToParts(start)
      .find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
  return `${range} (${offset})`;
}
