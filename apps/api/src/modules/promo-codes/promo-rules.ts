import type { DiscountType } from '@hafla/shared/promo-codes/promo-codes';
import { fieldError } from '../../lib/app-error';
import { moneyParam } from '../../lib/money';

export interface PromoTerms {
  discount_type: DiscountType;
  value: number;
  valid_from: Date | null;
  valid_until: Date | null;
  ticket_category_ids: number[];
}

/**
 * A percentage is 1–100; a fixed amount may not exceed the cheapest paid ticket it applies to
 * (every category of the event when none is listed; free ones cost nothing to discount); the
 * listed categories are the event's; the validity window runs forwards.
 */
export function checkPromoTerms(
  terms: PromoTerms,
  eventCategories: Array<{ id: number; price: number }>,
  currency: string,
): void {
  if (terms.discount_type === 'percentage' && terms.value > 100) {
    throw fieldError('max_value', 'value', { maximum: 100 });
  }
  const prices = new Map(eventCategories.map((category) => [category.id, category.price]));
  if (terms.ticket_category_ids.some((id) => !prices.has(id))) {
    throw fieldError('ticket_category_not_in_event', 'ticket_categories');
  }
  if (terms.discount_type === 'fixed') {
    const applicable =
      terms.ticket_category_ids.length > 0
        ? terms.ticket_category_ids.map((id) => prices.get(id) ?? 0)
        : [...prices.values()];
    const paid = applicable.filter((price) => price > 0);
    const cheapest = paid.length > 0 ? Math.min(...paid) : null;
    if (cheapest !== null && terms.value > cheapest) {
      throw fieldError('promo_value_exceeds_price', 'value', {
        price: moneyParam(cheapest, currency),
      });
    }
  }
  if (terms.valid_from && terms.valid_until && terms.valid_from >= terms.valid_until) {
    throw fieldError('date_order_invalid', 'valid_until');
  }
}
