import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keptByPriceBounds, priceBoundsByCurrency, type PriceCurrency } from './price-filter';

const SAR: PriceCurrency = { code: 'SAR', minor_units: 2 };
const KWD: PriceCurrency = { code: 'KWD', minor_units: 3 };
const EGP: PriceCurrency = { code: 'EGP', minor_units: 2 };
const JPY: PriceCurrency = { code: 'JPY', minor_units: 0 };
const CURRENCIES = [SAR, KWD, EGP, JPY];

describe('priceBoundsByCurrency', () => {
  it('keeps an EGP 100 event and drops a KWD 5 one for "up to SAR 50"', () => {
    const rates = { SAR: 1, KWD: 12.2, EGP: 0.077 };
    const bounds = priceBoundsByCurrency({ max: 5000 }, SAR, CURRENCIES, rates);
    expect(keptByPriceBounds(10_000, 10_000, bounds.get('EGP')!)).toBe(true);
    expect(keptByPriceBounds(5000, 5000, bounds.get('KWD')!)).toBe(false);
    expect(keptByPriceBounds(4000, 9000, bounds.get('SAR')!)).toBe(true);
    // No rate for JPY: its events cannot be compared, so a price filter leaves them out.
    expect(bounds.has('JPY')).toBe(false);
  });

  it('compares in the typed currency alone when it has no rate', () => {
    const bounds = priceBoundsByCurrency({ min: 100 }, JPY, CURRENCIES, { SAR: 1 });
    expect([...bounds.keys()]).toEqual(['JPY']);
  });

  it('keeps an event exactly when its converted price range meets the typed range', () => {
    // Rates as an admin types them: up to four decimals.
    const rate = fc.integer({ min: 1, max: 2_000_000 }).map((n) => n / 10_000);
    const currency = fc.constantFrom(...CURRENCIES);
    fc.assert(
      fc.property(
        currency,
        currency,
        rate,
        rate,
        fc.option(fc.integer({ min: 0, max: 1_000_000 }), { nil: undefined }),
        fc.option(fc.integer({ min: 0, max: 1_000_000 }), { nil: undefined }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (typed, priced, typedRate, pricedRate, min, max, a, b) => {
          fc.pre(typed.code !== priced.code);
          const rates = { [typed.code]: typedRate, [priced.code]: pricedRate };
          const bounds = priceBoundsByCurrency({ min, max }, typed, CURRENCIES, rates).get(
            priced.code,
          )!;
          const [low, high] = a <= b ? [a, b] : [b, a];
          // The oracle: both ranges as exact fractions of the default currency's whole unit,
          // compared by cross-multiplying integers (rates × 10,000 are integers).
          const worth = (minor: number, code: PriceCurrency) =>
            BigInt(minor) *
            BigInt(Math.round(rates[code.code]! * 10_000)) *
            10n ** BigInt(6 - code.minor_units);
          const kept =
            (min === undefined || worth(high, priced) >= worth(min, typed)) &&
            (max === undefined || worth(low, priced) <= worth(max, typed));
          expect(keptByPriceBounds(low, high, bounds)).toBe(kept);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
