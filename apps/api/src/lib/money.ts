import type { Language } from '@hafla/shared/common/i18n';

/**
 * Money is integer minor units of an ISO 4217 currency. This formats an amount for texts that
 * are the same in every language (error details, logs): Latin digits and the currency code.
 */
export function formatAmount(minor: number, currency: string): string {
  const format = new Intl.NumberFormat('en', {
    style: 'currency',
    currency,
    currencyDisplay: 'code',
  });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minor / 10 ** digits);
}

const fractionDigits = new Map<string, number>();

function fractionDigitsOf(currency: string): number {
  let digits = fractionDigits.get(currency);
  if (digits === undefined) {
    digits =
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
        .maximumFractionDigits ?? 2;
    fractionDigits.set(currency, digits);
  }
  return digits;
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

/**
 * An amount as a reader of `language` writes it (`SAR 150.00`, `150.00 ر.س.`), with Latin
 * digits in Arabic too, as the web app shows them (apps/web/src/lib/format.ts).
 */
export function formatMoney(minor: number, currency: string, language: Language): string {
  const digits = fractionDigitsOf(currency);
  const whole = minor % 10 ** digits === 0;
  // Making a formatter costs far more than using one (tickets and emails format many amounts).
  const key = `${language} ${currency} ${whole}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language === 'ar' ? 'ar-u-nu-latn' : 'en', {
      style: 'currency',
      currency,
      minimumFractionDigits: whole ? 0 : digits,
    });
    moneyFormats.set(key, format);
  }
  return format.format(minor / 10 ** digits);
}
