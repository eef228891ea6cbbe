import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocate, percentOf } from '../common/money';
import { platformFee, promoAppliesTo, quote, type PricedLine, type PromoTerms } from './pricing';

const lines = fc.array(
  fc.record({
    ticket_category: fc.integer({ min: 1, max: 4 }),
    quantity: fc.integer({ min: 1, max: 6 }),
    unit_price: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 1_000_000 })),
  }),
  { minLength: 1, maxLength: 4 },
);

const promos: fc.Arbitrary<PromoTerms | null> = fc.option(
  fc.oneof(
    fc.record({
      discount_type: fc.constant('percentage' as const),
      value: fc.integer({ min: 1, max: 100 }),
      ticket_category_ids: fc.uniqueArray(fc.integer({ min: 1, max: 4 }), { maxLength: 3 }),
    }),
    fc.record({
      discount_type: fc.constant('fixed' as const),
      value: fc.integer({ min: 1, max: 2_000_000 }),
      ticket_category_ids: fc.uniqueArray(fc.integer({ min: 1, max: 4 }), { maxLength: 3 }),
    }),
  ),
);

describe('allocate', () => {
  it('splits into integers that add up, each within one unit of its share', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 1, maxLength: 20 }),
        (amount, weights) => {
          fc.pre(weights.some((weight) => weight > 0));
          const parts = allocate(amount, weights);
          const total = weights.reduce((sum, weight) => sum + weight, 0);
          expect(parts.reduce((sum, part) => sum + part, 0)).toBe(amount);
          parts.forEach((part, index) => {
            expect(Number.isInteger(part)).toBe(true);
            expect(Math.abs(part - (amount * weights[index]!) / total)).toBeLessThan(1);
          });
        },
      ),
    );
  });

  it('rounds half away from zero', () => {
    expect(percentOf(4999, 50)).toBe(2500);
    expect(percentOf(-4999, 50)).toBe(-2500);
    expect(percentOf(3, 50)).toBe(2);
    expect(allocate(0, [0, 0])).toEqual([0, 0]);
    expect(() => allocate(1, [0])).toThrow(RangeError);
  });
});

describe('quote', () => {
  it('never goes below zero and its parts always agree', () => {
    fc.assert(
      fc.property(lines, promos, (order: PricedLine[], promo) => {
        const priced = quote(order, promo);
        const count = order.reduce((sum, line) => sum + line.quantity, 0);
        expect(priced.tickets).toHaveLength(count);
        expect(priced.subtotal).toBe(
          order.reduce((sum, line) => sum + line.quantity * line.unit_price, 0),
        );
        expect(priced.discount).toBe(priced.tickets.reduce((sum, t) => sum + t.discount, 0));
        expect(priced.total).toBe(priced.subtotal - priced.discount + priced.fees);
        expect(priced.total).toBeGreaterThanOrEqual(0);
        for (const ticket of priced.tickets) {
          expect(ticket.discount).toBeGreaterThanOrEqual(0);
          expect(ticket.discount).toBeLessThanOrEqual(ticket.price);
          const eligible =
            promo !== null &&
            (promo.ticket_category_ids.length === 0 ||
              promo.ticket_category_ids.includes(ticket.ticket_category));
          if (!eligible) expect(ticket.discount).toBe(0);
        }
      }),
    );
  });

  it('takes a percentage off the eligible tickets and a fixed amount off each', () => {
    const order = [
      { ticket_category: 1, quantity: 2, unit_price: 5000 },
      { ticket_category: 2, quantity: 1, unit_price: 12000 },
    ];
    expect(
      quote(order, { discount_type: 'percentage', value: 10, ticket_category_ids: [] }),
    ).toMatchObject({ subtotal: 22000, discount: 2200, total: 19800 });
    expect(
      quote(order, { discount_type: 'fixed', value: 1000, ticket_category_ids: [2] }),
    ).toMatchObject({ discount: 1000, total: 21000 });
  });
});

describe('platformFee', () => {
  it('is never more than what was paid, and nothing on free tickets', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 100_000 }),
        (paid, percent, fixed) => {
          const fee = platformFee(paid, percent, fixed);
          expect(fee).toBeGreaterThanOrEqual(0);
          expect(fee).toBeLessThanOrEqual(paid);
          if (paid === 0) expect(fee).toBe(0);
        },
      ),
    );
  });
});

describe('promoAppliesTo', () => {
  const terms = (ids: number[]): PromoTerms => ({
    discount_type: 'percentage',
    value: 10,
    ticket_category_ids: ids,
  });

  it('covers every category when none is listed, else only the listed ones', () => {
    expect(promoAppliesTo(terms([]), 7)).toBe(true);
    expect(promoAppliesTo(terms([3, 7]), 7)).toBe(true);
    expect(promoAppliesTo(terms([3]), 7)).toBe(false);
  });
});
