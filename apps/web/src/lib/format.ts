import type { TimeSlot } from '@hafla/shared/events/discovery';
import { isolate } from './bidi';

/**
 * Money and time as people read them. Money is integer minor units of an ISO 4217 currency;
 * instants are ISO strings with an offset, shown in the event's own time zone so a visitor
 * abroad sees the time printed on the ticket. Arabic keeps Latin digits, as Gulf ticketing
 * and payment screens do, so amounts and times read the same in both languages.
 */

export function intlLocale(language: string): string {
  return language === 'ar' ? 'ar-u-nu-latn' : 'en';
}

const fractionDigitsCache = new Map<string, number>();

/**
 * Intl formatters are costly to make (a page of event cards made hundreds: the largest piece of
 * script time on the home page's first render after React itself) and cheap to reuse: one per
 * locale and options, made on first use.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (format === undefined) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateTimeFormats.get(key);
  if (format === undefined) {
    format = new Intl.DateTimeFormat(locale, options);
    dateTimeFormats.set(key, format);
  }
  return format;
}

/** Digits after the decimal point for a currency (2 for SAR, 3 for KWD). */
export function currencyFractionDigits(currency: string): number {
  let digits = fractionDigitsCache.get(currency);
  if (digits === undefined) {
    digits =
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
        .maximumFractionDigits ?? 2;
    fractionDigitsCache.set(currency, digits);
  }
  return digits;
}

/** Minor units to a major-unit number (12345 SAR → 123.45). */
export function toMajorUnits(minor: number, currency: string): number {
  return minor / 10 ** currencyFractionDigits(currency);
}

/** A major-unit number to integer minor units, rounded half away from zero. */
export function toMinorUnits(major: number, currency: string): number {
  const scaled = major * 10 ** currencyFractionDigits(currency);
  return Math.sign(scaled) * Math.round(Math.abs(scaled));
}

export interface MoneyFormatOptions {
  /** `exceptZero` writes a gain as +50 and a loss as −50 (a ledger's lines). */
  signDisplay?: 'auto' | 'exceptZero';
}

export function formatMoney(
  minor: number,
  currency: string,
  language: string,
  { signDisplay = 'auto' }: MoneyFormatOptions = {},
): string {
  return numberFormat(intlLocale(language), {
    style: 'currency',
    currency,
    signDisplay,
    minimumFractionDigits: minor % 10 ** currencyFractionDigits(currency) === 0 ? 0 : undefined,
  }).format(toMajorUnits(minor, currency));
}

export interface PriceRangeLabels {
  free: string;
}

/** "Free", "SAR 50" or "SAR 50 – SAR 120". */
export function formatPriceRange(
  min: number | null,
  max: number | null,
  currency: string,
  language: string,
  labels: PriceRangeLabels,
): string | null {
  if (min === null || max === null) return null;
  const show = (amount: number) =>
    amount === 0 ? labels.free : formatMoney(amount, currency, language);
  return min === max ? show(min) : `${show(min)} – ${show(max)}`;
}

export function formatDateTime(
  iso: string,
  timeZone: string,
  language: string,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' },
): string {
  return dateTimeFormat(intlLocale(language), { timeZone, ...options }).format(new Date(iso));
}

/** "Sat, 5 Dec" — the day an instant falls on in a zone. */
export function formatDay(iso: string, timeZone: string, language: string): string {
  return formatDateTime(iso, timeZone, language, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  });
}

export function formatTime(iso: string, timeZone: string, language: string): string {
  return formatDateTime(iso, timeZone, language, { timeStyle: 'short' });
}

/** `YYYY-MM-DD` of an instant in a zone: the key that groups time slots by day. */
export function dayKey(iso: string, timeZone: string): string {
  return dateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(iso));
}

/** "19:00 – 21:00", or "22:00 – Sun, 6 Dec 02:00" past midnight, in the event's zone. */
export function formatSlotTimes(slot: TimeSlot, timeZone: string, language: string): string {
  const start = formatTime(slot.start, timeZone, language);
  const end =
    dayKey(slot.end, timeZone) === dayKey(slot.start, timeZone)
      ? formatTime(slot.end, timeZone, language)
      : formatDateTime(slot.end, timeZone, language, {
          weekday: 'short',
          day: 'numeric',
          month: 'short',
          hour: 'numeric',
          minute: '2-digit',
        });
  return `${isolate(start)} – ${isolate(end)}`;
}
