import { and, asc, eq, sql } from 'drizzle-orm';
import { promoAppliesTo, quote, type PromoTerms } from '@hafla/shared/bookings/pricing';
import { bookings, promoCodeRedemptions, tickets } from '../../db/schema/bookings';
import { promoCodes } from '../../db/schema/events';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { rowsOf } from '../../lib/db-rows';
import type { Pipeline } from '../../db/pipeline';

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
  return activePromo(row, attr);
}

/** The promo code found for an event, when it is active; else `promo_code_invalid`. */
export function activePromo<P extends Pick<PromoRow, 'is_active'>>(
  row: P | null | undefined,
  attr: string,
): P {
  if (!row || !row.is_active) throw refuse('promo_code_invalid', attr);
  return row;
}

/**
 * Whether a promo code may be used now on these categories: inside its window, not used up (for
 * the preview; booking takes a use atomically) and applying to at least one of them.
 */
export function checkPromoUsable(
  promo: Pick<
    PromoRow,
    | 'valid_from'
    | 'valid_until'
    | 'max_uses'
    | 'uses'
    | 'discount_type'
    | 'value'
    | 'ticket_category_ids'
  >,
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
  if (!categoryIds.some((id) => promoAppliesTo(terms, id))) {
    throw refuse('promo_code_not_applicable', attr);
  }
  return terms;
}

/**
 * Using a promo code up by one for a user, as two conditional statements: the code's uses (under
 * `max_uses`) and the user's redemptions (under `max_uses_per_user`). Each answers a row only when
 * it applied.
 */
function promoUseStatements(promo: Pick<PromoRow, 'id' | 'max_uses_per_user'>, userId: string) {
  return [
    sql`update ${promoCodes} set uses = ${promoCodes.uses} + 1
         where ${promoCodes.id} = ${promo.id}
           and (${promoCodes.max_uses} is null or ${promoCodes.uses} < ${promoCodes.max_uses})
        returning 1`,
    sql`insert into ${promoCodeRedemptions} (promo_code_id, user_id, uses)
        values (${promo.id}, ${userId}, 1)
        on conflict (promo_code_id, user_id) do update
           set uses = ${promoCodeRedemptions.uses} + 1
         where ${promo.max_uses_per_user}::int is null
            or ${promoCodeRedemptions.uses} < ${promo.max_uses_per_user}::int
        returning 1`,
  ] as const;
}

/** Refuses a promo use that did not apply: the code is used up, or the user's share of it. */
function checkPromoUse(
  promo: Pick<PromoRow, 'max_uses_per_user'>,
  total: unknown[],
  mine: unknown[],
  attr: string,
): void {
  if (total.length === 0) throw refuse('promo_code_exhausted', attr);
  if (mine.length === 0) {
    throw refuse('promo_code_exhausted', attr, { per_user: promo.max_uses_per_user ?? 0 });
  }
}

/** Uses the promo code up by one for this user, or refuses when it (or their share) is used up. */
export async function takePromoUse(
  tx: Tx,
  promo: Pick<PromoRow, 'id' | 'max_uses_per_user'>,
  userId: string,
  attr: string,
): Promise<void> {
  const [total, mine] = promoUseStatements(promo, userId);
  const totalRows = rowsOf(await tx.execute(total));
  const mineRows = totalRows.length === 0 ? [] : rowsOf(await tx.execute(mine));
  checkPromoUse(promo, totalRows, mineRows, attr);
}

/** `takePromoUse` on a pipelined transaction: both statements leave in one round trip. */
export async function pipelinePromoUse(
  tx: Pipeline,
  promo: Pick<PromoRow, 'id' | 'max_uses_per_user'>,
  userId: string,
  attr: string,
): Promise<void> {
  const [total, mine] = promoUseStatements(promo, userId);
  const [totalRows, mineRows] = await Promise.all([tx.sql(total), tx.sql(mine)]);
  checkPromoUse(promo, totalRows, mineRows, attr);
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
