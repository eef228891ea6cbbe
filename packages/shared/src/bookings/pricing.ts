import { allocate, percentOf } from '../common/money';

/** A promo code's terms as pricing needs them. */
export interface PromoTerms {
  discount_type: 'percentage' | 'fixed';
  /** A percentage 1–100, or an amount in minor units taken off each eligible ticket. */
  value: number;
  /** Ticket category ids it applies to; empty means all of them. */
  ticket_category_ids: readonly number[];
}

export interface PricedLine {
  ticket_category: number;
  quantity: number;
  /** Minor units, always the server's price. */
  unit_price: number;
}

export interface TicketPrice {
  ticket_category: number;
  price: number;
  discount: number;
}

export interface Quote {
  subtotal: number;
  discount: number;
  /** Charged to the buyer on top of the tickets: none on Hafla (the platform fee is the organizer's). */
  fees: number;
  total: number;
  /** One entry per ticket, in line order: what each ticket costs and the discount it carries. */
  tickets: TicketPrice[];
}

/** Whether a promo code's terms cover a ticket category (no categories listed: all of them). */
export function promoAppliesTo(promo: PromoTerms, categoryId: number): boolean {
  return promo.ticket_category_ids.length === 0 || promo.ticket_category_ids.includes(categoryId);
}

/**
 * Prices an order. A percentage is taken off the eligible tickets' sum and split across them; a
 * fixed amount comes off each eligible ticket, never below zero. Totals never go below zero.
 */
export function quote(lines: readonly PricedLine[], promo: PromoTerms | null): Quote {
  const tickets: TicketPrice[] = lines.flatMap((line) =>
    Array.from({ length: line.quantity }, () => ({
      ticket_category: line.ticket_category,
      price: line.unit_price,
      discount: 0,
    })),
  );
  if (promo) {
    const eligible = tickets.filter((ticket) => promoAppliesTo(promo, ticket.ticket_category));
    if (promo.discount_type === 'fixed') {
      for (const ticket of eligible) ticket.discount = Math.min(promo.value, ticket.price);
    } else {
      const base = eligible.reduce((sum, ticket) => sum + ticket.price, 0);
      const off = Math.min(percentOf(base, promo.value), base);
      const shares = allocate(
        off,
        eligible.map((ticket) => ticket.price),
      );
      eligible.forEach((ticket, index) => (ticket.discount = shares[index] ?? 0));
    }
  }
  const subtotal = tickets.reduce((sum, ticket) => sum + ticket.price, 0);
  const discount = tickets.reduce((sum, ticket) => sum + ticket.discount, 0);
  const fees = 0;
  return { subtotal, discount, fees, total: Math.max(0, subtotal - discount + fees), tickets };
}

/** The platform's cut of a paid ticket: a percentage of what was paid plus a fixed part, at most what was paid. */
export function platformFee(paid: number, percent: number, fixed: number): number {
  if (paid <= 0) return 0;
  return Math.min(paid, percentOf(paid, percent) + fixed);
}
