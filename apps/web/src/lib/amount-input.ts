import { currencyFractionDigits, toMajorUnits, toMinorUnits } from './format';
import { toAsciiDigits } from './password-rules';

/**
 * Arabic keyboards type ٠–٩ and the Arabic decimal separator ٫; the API wants ASCII. A comma is
 * left alone (and refused), since "1,500" may mean a thousand and a half or one and a half.
 */
function normalizeNumberText(text: string): string {
  return toAsciiDigits(text.trim()).replace(/٫/g, '.').replace(/\s/g, '');
}

export type AmountParse =
  | { ok: true; minor: number }
  | { ok: false; reason: 'empty' | 'invalid' | 'negative' | 'too_precise' };

/**
 * A typed major-unit amount ("150", "150.5", "١٥٠٫٥٠") as integer minor units of a currency.
 * More decimals than the currency has (150.555 SAR) are refused rather than silently rounded.
 */
export function parseAmount(text: string, currency: string): AmountParse {
  const normalized = normalizeNumberText(text);
  if (!normalized) return { ok: false, reason: 'empty' };
  if (normalized.startsWith('-')) return { ok: false, reason: 'negative' };
  const match = /^(\d+)(?:\.(\d*))?$/.exec(normalized);
  if (!match) return { ok: false, reason: 'invalid' };
  if ((match[2] ?? '').length > currencyFractionDigits(currency)) {
    return { ok: false, reason: 'too_precise' };
  }
  return { ok: true, minor: toMinorUnits(Number(normalized), currency) };
}

/** Minor units as the plain number a price input shows: 15000 SAR → "150", 15050 → "150.50". */
export function amountInputValue(minor: number, currency: string): string {
  const digits = currencyFractionDigits(currency);
  const major = toMajorUnits(minor, currency);
  return minor % 10 ** digits === 0 ? String(major) : major.toFixed(digits);
}

/** A whole number typed in any digits ("12", "١٢"); null when it is not one. */
export function parseWholeNumber(text: string): number | null {
  const normalized = normalizeNumberText(text);
  if (!/^\d+$/.test(normalized)) return null;
  const value = Number(normalized);
  return Number.isSafeInteger(value) ? value : null;
}

/** A decimal such as a latitude ("24.7136", "-46.6753"); null when it is not one. */
export function parseDecimal(text: string): number | null {
  const normalized = normalizeNumberText(text).replace(/^−/, '-');
  if (!/^-?\d+(?:\.\d+)?$/.test(normalized)) return null;
  return Number(normalized);
}
