import type { SalesBucket, SalesPeriod } from '@hafla/shared/finance/dashboard';
import { formatCalendarDay, formatCalendarRange } from './calendar-days';

type Days = Pick<SalesBucket, 'start' | 'end'>;

/**
 * A chart bucket's short name on the axis: "5 Dec" for a day, "29 Nov – 5 Dec" for a week (its
 * days, clipped to the range), "Dec 2026" for a month. In the reader's language and digits.
 */
export function bucketAxisLabel(bucket: Days, period: SalesPeriod, locale: string): string {
  switch (period) {
    case 'day':
      return formatCalendarDay(bucket.start, locale, { day: 'numeric', month: 'short' });
    case 'week':
      return formatCalendarRange(bucket.start, bucket.end, locale, {
        day: 'numeric',
        month: 'short',
      });
    case 'month':
      return formatCalendarDay(bucket.start, locale, { month: 'short', year: 'numeric' });
  }
}

/** The bucket's full name, for the tooltip and the table: with the weekday or the year. */
export function bucketFullLabel(bucket: Days, period: SalesPeriod, locale: string): string {
  switch (period) {
    case 'day':
      return formatCalendarDay(bucket.start, locale, {
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        year: 'numeric',
      });
    case 'week':
      return formatCalendarRange(bucket.start, bucket.end, locale, {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
      });
    case 'month':
      return formatCalendarDay(bucket.start, locale, { month: 'long', year: 'numeric' });
  }
}
