import type { Language } from '@hafla/shared/common/i18n';

const MONEY_PARAM = /^money:(-?\d+):([A-Z]{3})$/;

/**
 * An amount as an error's param (`money:15000:SAR`): the error is rendered in each reader's
 * language (`translate`, also when a stored refusal is answered again), so the amount is
 * formatted then, as that reader writes money (`renderParam`), not once in English.
 */
export function moneyParam(minor: number, currency: string): string {
  return `money:${minor}:${currency}`;
}

/** A param as it goes into a message in `language`: an amount formatted, anything else as is. */
export function renderParam(value: string | number, language: Language): string {
  const money = typeof value === 'string' ? MONEY_PARAM.exec(value) : null;
  return money ? formatMoney(Number(money[1]), money[2]!, language) : String(value);
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
