import { and, asc, eq, sql } from 'drizzle-orm';
import { quote, type PromoTerms } from '@hafla/shared/bookings/pricing';
import { bookings, promoCodeRedemptions, tickets } from '../../db/schema/bookings';
import { promoCodes } from '../../db/schema/events';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Tx } from './inventory';

export type PromoRow = typeof promoCodes.$inferSelect;

const refuse = (code: string, attr: string, params?: Record<string, string | number>) =>
  new AppError(code, { status: 409, attr, params });

/** The event's promo code written this way (letter case aside), or `promo_code_invalid`. */
export async function findPromo(
  db: Db | Tx,
  eventId: number,
  code: string,
  attr: string,
): Promise<PromoRow> {
  const [row] = await db
    .select()
    .from(promoCodes)
    .where(and(eq(promoCodes.event_id, eventId), sql`upper(${promoCodes.code}) = upper(${code})`))
    .limit(1);
  if (!row || !row.is_active) throw refuse('promo_code_invalid', attr);
  return row;
}

/**
 * Whether a promo code may be used now on these categories: inside its window, not used up (for
 * the preview; booking takes a use atomically) and applying to at least one of them.
 */
export function checkPromoUsable(
  promo: PromoRow,
  categoryIds: number[],
  now: Date,
  attr: string,
): PromoTerms {
  if (promo.valid_from && promo.valid_from > now) throw refuse('promo_code_invalid', attr);
  if (promo.valid_until && promo.valid_until <= now) throw refuse('promo_code_expired', attr);
  if (promo.max_uses !== null && promo.uses >= promo.max_uses) {
    throw refuse('promo_code_exhausted', attr);
  }
  const terms: PromoTerms = {
    discount_type: promo.discount_type === 'fixed' ? 'fixed' : 'percentage',
    value: promo.value,
    ticket_category_ids: promo.ticket_category_ids,
  };
  if (
    terms.ticket_category_ids.length > 0 &&
    !categoryIds.some((id) => terms.ticket_category_ids.includes(id))
  ) {
    throw refuse('promo_code_not_applicable', attr);
  }
  return terms;
}

/** Uses the promo code up by one for this user, or refuses when it (or their share) is used up. */
export async function takePromoUse(
  tx: Tx,
  promo: PromoRow,
  userId: string,
  attr: string,
): Promise<void> {
  const [total] = await tx
    .update(promoCodes)
    .set({ uses: sql`${promoCodes.uses} + 1` })
    .where(
      and(
        eq(promoCodes.id, promo.id),
        sql`(${promoCodes.max_uses} is null or ${promoCodes.uses} < ${promoCodes.max_uses})`,
      ),
    )
    .returning({ id: promoCodes.id });
  if (!total) throw refuse('promo_code_exhausted', attr);
  const perUser = promo.max_uses_per_user;
  const [mine] = await tx
    .insert(promoCodeRedemptions)
    .values({ promo_code_id: promo.id, user_id: userId, uses: 1 })
    .onConflictDoUpdate({
      target: [promoCodeRedemptions.promo_code_id, promoCodeRedemptions.user_id],
      set: { uses: sql`${promoCodeRedemptions.uses} + 1` },
      setWhere: perUser === null ? undefined : sql`${promoCodeRedemptions.uses} < ${perUser}`,
    })
    .returning({ uses: promoCodeRedemptions.uses });
  if (!mine) throw refuse('promo_code_exhausted', attr, { per_user: perUser ?? 0 });
}

/** Reprices a booking's tickets under a promo code (or none) and writes the new totals. */
export async function repriceBooking(
  tx: Tx,
  booking: { id: number },
  terms: PromoTerms | null,
  promoCodeId: number | null,
  now: Date,
): Promise<void> {
  const ticketRows = await tx
    .select({ id: tickets.id, ticket_category: tickets.ticket_category_id, price: tickets.price })
    .from(tickets)
    .where(eq(tickets.booking_id, booking.id))
    .orderBy(asc(tickets.id));
  const lines = ticketRows.map((ticket) => ({
    ticket_category: ticket.ticket_category,
    quantity: 1,
    unit_price: ticket.price,
  }));
  const priced = quote(lines, terms);
  for (const [index, ticket] of ticketRows.entries()) {
    const discount = priced.tickets[index]?.discount ?? 0;
    await tx.update(tickets).set({ discount, updated_at: now }).where(eq(tickets.id, ticket.id));
  }
  await tx
    .update(bookings)
    .set({
      promo_code_id: promoCodeId,
      subtotal: priced.subtotal,
      discount: priced.discount,
      fees: priced.fees,
      total: priced.total,
      updated_at: now,
    })
    .where(eq(bookings.id, booking.id));
}
