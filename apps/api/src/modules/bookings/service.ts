import type {
  Booking,
  BookingUpdateRequest,
  PromoCheckRequest,
  PromoCheckResult,
} from '@hafla/shared/bookings/bookings';
import { promoAppliesTo, quote } from '@hafla/shared/bookings/pricing';
import { and, count, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { bookingItems, bookings } from '../../db/schema/bookings';
import { events } from '../../db/schema/events';
import { AppError, notFound } from '../../lib/app-error';
import type { FileStorage } from '../../lib/storage';
import { findBookings, loadBooking, toBookings } from './booking-views';
import { releaseHolds, releasePromoUses } from './inventory';
import type { SeatFeed } from './seat-feed';
import { bookableEvent, orderLines, pricedLines } from './order-rules';
import { checkPromoFailures, countingPromoFailures, type PromoClient } from './promo-failures';
import { checkPromoUsable, findPromo, repriceBooking, takePromoUse } from './promo';

/**
 * Bookings after the hold: reading them, a promo code on a pending one (or its preview), and
 * letting a hold go. The hold itself is `hold.ts`, the event's offer `booking-details.ts`, the
 * rules an order must pass `order-rules.ts`.
 */

export interface BookingsDeps {
  db: Db;
  storage: FileStorage;
  now: () => Date;
  /** Seat changes, after their commit, to the seat maps (decision 0020). */
  seats?: SeatFeed;
}

/**
 * POST /promo_codes/check/ — what the code would take off this order (nothing is held). Failed
 * codes count towards the guessing limit of the user and their address.
 */
export async function checkPromoCode(
  deps: BookingsDeps,
  client: PromoClient,
  input: PromoCheckRequest,
): Promise<PromoCheckResult> {
  const now = deps.now();
  await checkPromoFailures(deps.db, client, now);
  return countingPromoFailures(deps.db, client, now, () => previewPromo(deps, input, now));
}

async function previewPromo(
  deps: BookingsDeps,
  input: PromoCheckRequest,
  now: Date,
): Promise<PromoCheckResult> {
  const [row] = await deps.db.select().from(events).where(eq(events.id, input.event));
  const event = bookableEvent(row, now);
  const lines = await orderLines(deps.db, event.id, input.items);
  const promo = await findPromo(deps.db, event.id, input.code, 'code');
  const terms = checkPromoUsable(
    promo,
    lines.map((line) => line.ticket_category_id),
    now,
    'code',
  );
  const priced = quote(pricedLines(lines), terms);
  return {
    code: promo.code,
    discount_type: terms.discount_type,
    value: terms.value,
    ticket_categories: lines
      .map((line) => line.ticket_category_id)
      .filter((id) => promoAppliesTo(terms, id)),
    subtotal: priced.subtotal,
    discount: priced.discount,
    fees: priced.fees,
    total: priced.total,
    currency: event.currency,
  };
}

/** The user's own booking, or 404 (someone else's booking answers the same). */
export async function getBooking(deps: BookingsDeps, userId: string, id: number): Promise<Booking> {
  const booking = await loadBooking(deps.db, id, userId);
  if (!booking) throw notFound();
  return booking;
}

export async function listBookings(
  deps: BookingsDeps,
  userId: string,
  query: { event?: number; limit: number; offset: number },
): Promise<{ count: number; results: Booking[] }> {
  const where = and(
    eq(bookings.user_id, userId),
    query.event === undefined ? undefined : eq(bookings.event_id, query.event),
  );
  const [rows, [total]] = await Promise.all([
    findBookings(deps.db, where, query),
    deps.db.select({ value: count() }).from(bookings).where(where),
  ]);
  return { count: total?.value ?? 0, results: await toBookings(deps.db, rows) };
}

/** Locks the user's own pending booking whose hold has not lapsed, or refuses. */
async function lockPendingBooking(tx: Tx, userId: string, id: number, now: Date) {
  const [row] = await tx
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, id), eq(bookings.user_id, userId)))
    .for('update');
  if (!row) throw notFound();
  if (row.status !== 'pending') throw new AppError('booking_not_pending', { status: 409 });
  if (row.expires_at <= now) throw new AppError('hold_expired', { status: 409 });
  return row;
}

/**
 * PATCH /bookings/{id}/ — apply a promo code to a pending booking, or take it off. A code that
 * fails counts towards the guessing limit.
 */
export async function updateBooking(
  deps: BookingsDeps,
  client: PromoClient,
  id: number,
  input: BookingUpdateRequest,
): Promise<Booking> {
  const now = deps.now();
  if (!input.promo_code) return applyPromo(deps, client.userId, id, input, now);
  await checkPromoFailures(deps.db, client, now);
  return countingPromoFailures(deps.db, client, now, () =>
    applyPromo(deps, client.userId, id, input, now),
  );
}

async function applyPromo(
  deps: BookingsDeps,
  userId: string,
  id: number,
  input: BookingUpdateRequest,
  now: Date,
): Promise<Booking> {
  await deps.db.transaction(async (tx) => {
    const row = await lockPendingBooking(tx, userId, id, now);
    const categoryIds = (
      await tx
        .select({ id: bookingItems.ticket_category_id })
        .from(bookingItems)
        .where(eq(bookingItems.booking_id, id))
    ).map((item) => item.id);
    const promo = input.promo_code
      ? await findPromo(tx, row.event_id, input.promo_code, 'promo_code')
      : null;
    if (promo?.id === row.promo_code_id) return;
    const terms = promo ? checkPromoUsable(promo, categoryIds, now, 'promo_code') : null;
    // Order: the old use goes back before the new one is taken (promo rows in any order are
    // only ever locked one at a time here).
    if (row.promo_code_id !== null) await releasePromoUses(tx, [row]);
    if (promo) await takePromoUse(tx, promo, userId, 'promo_code');
    await repriceBooking(tx, row, terms, promo?.id ?? null, now);
  });
  return getBooking(deps, userId, id);
}

/** POST /bookings/{id}/cancel/ — the buyer lets a pending hold go at once. */
export async function cancelPendingBooking(
  deps: BookingsDeps,
  userId: string,
  id: number,
): Promise<Booking> {
  const booking = await getBooking(deps, userId, id);
  if (booking.status !== 'pending') throw new AppError('booking_not_pending', { status: 409 });
  await releaseHolds(deps.db, deps.now(), { bookingIds: [id] }, 1, deps.seats);
  return getBooking(deps, userId, id);
}
