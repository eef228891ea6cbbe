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
