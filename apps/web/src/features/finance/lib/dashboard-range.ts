import type { SalesPeriod } from '@hafla/shared/finance/dashboard';
import { addDays, isCalendarDay, startOfMonth } from './calendar-days';

export const RANGE_PRESETS = ['7d', '30d', '90d', '12m', 'custom'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

export const SALES_PERIODS: readonly SalesPeriod[] = ['day', 'week', 'month'];

export function isRangePreset(value: string | null): value is RangePreset {
  return (RANGE_PRESETS as readonly (string | null)[]).includes(value);
}

export function isSalesPeriod(value: string | null): value is SalesPeriod {
  return (SALES_PERIODS as readonly (string | null)[]).includes(value);
}

export interface DayRange {
  from: string;
  to: string;
}

/** The days a preset covers, ending today: 7, 30 or 90 days, or this month and the 11 before. */
export function presetRange(preset: Exclude<RangePreset, 'custom'>, today: string): DayRange {
  switch (preset) {
    case '7d':
      return { from: addDays(today, -6), to: today };
    case '30d':
      return { from: addDays(today, -29), to: today };
    case '90d':
      return { from: addDays(today, -89), to: today };
    case '12m':
      return { from: startOfMonth(today, -11), to: today };
  }
}

/** The bucket that keeps a preset's chart readable: days up to a month, weeks, then months. */
export function defaultPeriod(preset: RangePreset): SalesPeriod {
  if (preset === '90d') return 'week';
  if (preset === '12m') return 'month';
  return 'day';
}

export interface DashboardSearch {
  preset: RangePreset;
  period: SalesPeriod;
  range: DayRange;
  event: number | undefined;
  currency: string | undefined;
}

/**
 * The dashboard's state from its URL (`?range=30d&period=day&event=12`, or `range=custom` with
 * `from` and `to`), so a view can be bookmarked and shared. Anything unreadable falls back to
 * the last 30 days by day; a custom range given backwards is put the right way round.
 */
export function readDashboardSearch(params: URLSearchParams, today: string): DashboardSearch {
  const requested = params.get('range');
  let preset: RangePreset = isRangePreset(requested) ? requested : '30d';
  let range: DayRange;
  const from = params.get('from');
  const to = params.get('to');
  if (preset === 'custom' && isCalendarDay(from) && isCalendarDay(to)) {
    range = from <= to ? { from, to } : { from: to, to: from };
  } else {
    if (preset === 'custom') preset = '30d';
    range = presetRange(preset, today);
  }
  const period = params.get('period');
  const eventId = Number(params.get('event'));
  const currency = params.get('currency');
  return {
    preset,
    period: isSalesPeriod(period) ? period : defaultPeriod(preset),
    range,
    event: Number.isSafeInteger(eventId) && eventId > 0 ? eventId : undefined,
    currency: currency && /^[A-Z]{3}$/.test(currency) ? currency : undefined,
  };
}
