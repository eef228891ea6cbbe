import { quote, type PromoTerms } from '@hafla/shared/bookings/pricing';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedPerDb } from '../../db/prepared';
import { bookingItems, bookings } from '../../db/schema/bookings';
import { appSettings } from '../../db/schema/catalog';
import { eventDates, events, promoCodes } from '../../db/schema/events';
import { AppError } from '../../lib/app-error';
import { platformSettingsOf } from '../catalog/platform-settings';
import { checkPromoUsable, type Line } from '../bookings/surface';
import { eventStatusOf } from '../events/ownership';

/** What paying for a booking reads before the charge: the booking, its event, slot and price. */

type PromoRow = typeof promoCodes.$inferSelect;

/** The promo code's terms as they stand now; a code switched off or out of its window is refused. */
async function currentPromoTerms(
  db: Db,
  promoCodeId: number | null,
  categoryIds: number[],
  now: Date,
): Promise<PromoTerms | null> {
  if (promoCodeId === null) return null;
  const [promo] = await db.select().from(promoCodes).where(eq(promoCodes.id, promoCodeId));
  return promoTermsOf(promo ?? null, categoryIds, now);
}

export function promoTermsOf(promo: PromoRow | null, categoryIds: number[], now: Date) {
  if (!promo || !promo.is_active) {
    throw new AppError('promo_code_invalid', { status: 409, attr: 'promo_code' });
  }
  // The booking already holds one use, so only the window and the categories are checked again.
  return checkPromoUsable({ ...promo, max_uses: null }, categoryIds, now, 'promo_code');
}

/** What paying for a booking reads before the charge, and confirming it needs after. */
export interface PayContext {
  booking: typeof bookings.$inferSelect;
  event: typeof events.$inferSelect;
  slot: typeof eventDates.$inferSelect;
  lines: Line[];
  items: Array<typeof bookingItems.$inferSelect>;
}

/** The booking with its event, slot and lines; null when any is gone. */
export async function loadPayContext(
  db: Db,
  booking: typeof bookings.$inferSelect,
): Promise<PayContext | null> {
  const [event] = await db.select().from(events).where(eq(events.id, booking.event_id));
  const [slot] = await db.select().from(eventDates).where(eq(eventDates.id, booking.event_date_id));
  if (!event || !slot) return null;
  const items = await db.select().from(bookingItems).where(eq(bookingItems.booking_id, booking.id));
  const lines: Line[] = items.map((item) => ({
    ticket_category_id: item.ticket_category_id,
    quantity: item.quantity,
  }));
  return { booking, event, slot, lines, items };
}

/**
 * Everything paying reads before the charge, in one round trip (prepared once per connection):
 * the reader's booking with its event, slot, items, promo code and the platform settings. Null
 * when the booking is not the reader's or anything is gone.
 */
const payContextQuery = preparedPerDb((db) =>
  db
    .select({
      booking: bookings,
      event: events,
      slot: eventDates,
      promo: promoCodes,
      settings: appSettings.value,
      items: sql<Array<typeof bookingItems.$inferSelect>>`(
        select coalesce(json_agg(i order by i.ticket_category_id), '[]') from ${bookingItems} i
         where i.booking_id = ${bookings.id})`,
    })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.event_id))
    .innerJoin(eventDates, eq(eventDates.id, bookings.event_date_id))
    .leftJoin(promoCodes, eq(promoCodes.id, bookings.promo_code_id))
    .leftJoin(appSettings, eq(appSettings.key, 'platform'))
    .where(
      and(
        eq(bookings.id, sql.placeholder('booking')),
        eq(bookings.user_id, sql.placeholder('user')),
      ),
    )
    .prepare('pay_context'),
);

export async function readPayContext(db: Db, bookingId: number, userId: string) {
  const [row] = await payContextQuery(db).execute({ booking: bookingId, user: userId });
  if (!row) return null;
  const context: PayContext = {
    booking: row.booking,
    event: row.event,
    slot: row.slot,
    items: row.items,
    lines: row.items.map((item) => ({
      ticket_category_id: item.ticket_category_id,
      quantity: item.quantity,
    })),
  };
  return { context, promo: row.promo, settings: platformSettingsOf(row.settings) };
}

/** The total to charge now, from the held prices and the promo code's current terms. */
export async function priceNow(db: Db, context: PayContext, now: Date) {
  const terms = await currentPromoTerms(
    db,
    context.booking.promo_code_id,
    context.lines.map((line) => line.ticket_category_id),
    now,
  );
  return { terms, total: totalOf(context, terms) };
}

export const totalOf = (context: PayContext, terms: PromoTerms | null) =>
  quote(
    context.items.map((item) => ({
      ticket_category: item.ticket_category_id,
      quantity: item.quantity,
      unit_price: item.unit_price,
    })),
    terms,
  ).total;

export const isBookable = (context: PayContext, now: Date) =>
  eventStatusOf(context.event, now) === 'published' && context.slot.start_at > now;
