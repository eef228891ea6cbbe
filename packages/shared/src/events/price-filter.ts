/**
 * The price filter across currencies. A reader types a range in one currency; events are priced
 * in their own. Each currency's bounds are converted into it at the platform's exchange rates
 * (`exchange_rates`: what one whole unit of a currency is worth in the platform's default
 * currency), so "up to SAR 50" keeps an EGP 100 event (≈ SAR 7.70) and drops a KWD 5 one
 * (≈ SAR 61). A currency without a rate cannot be compared: its events stay out of a
 * price-filtered list, except in the currency the range is typed in.
 */

export interface PriceCurrency {
  code: string;
  /** Digits after the decimal point (2 for SAR, 3 for KWD). */
  minor_units: number;
}

/** Bounds in one currency's minor units: an event is kept when its range overlaps them. */
export interface PriceBounds {
  min?: number;
  max?: number;
}

/** Slack for binary floating point: a bound that converts to 1999.9999999 is 2000. */
const EPSILON = 1e-9;

/**
 * Each currency's bounds for a range typed in `typed`'s minor units: `min` rounded up and `max`
 * rounded down, so that an event is kept exactly when its converted price range meets the typed
 * one. Currencies without a rate (other than `typed`) are left out.
 */
export function priceBoundsByCurrency(
  range: PriceBounds,
  typed: PriceCurrency,
  currencies: readonly PriceCurrency[],
  rates: Readonly<Record<string, number>>,
): Map<string, PriceBounds> {
  const bounds = new Map<string, PriceBounds>([[typed.code, { ...range }]]);
  const typedRate = rates[typed.code];
  if (typedRate === undefined || !(typedRate > 0)) return bounds;
  for (const currency of currencies) {
    const rate = rates[currency.code];
    if (currency.code === typed.code || rate === undefined || !(rate > 0)) continue;
    // Minor units of `typed` → minor units of `currency`.
    const factor = (typedRate / rate) * 10 ** (currency.minor_units - typed.minor_units);
    bounds.set(currency.code, {
      ...(range.min !== undefined && { min: Math.ceil(range.min * factor - EPSILON) }),
      ...(range.max !== undefined && { max: Math.floor(range.max * factor + EPSILON) }),
    });
  }
  return bounds;
}

/** Whether an event priced `low`..`high` (its minor units) is kept by its currency's bounds. */
export function keptByPriceBounds(low: number, high: number, bounds: PriceBounds): boolean {
  return (
    (bounds.min === undefined || high >= bounds.min) &&
    (bounds.max === undefined || low <= bounds.max)
  );
}
