import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { Booking, type BookRequest } from '@hafla/shared/bookings/bookings';
import { PayResult, TEST_CARDS } from '@hafla/shared/bookings/payments';
import { bookings } from '../src/db/schema/bookings';
import { rowsOf } from '../src/lib/db-rows';
import { expectOk } from './event-helpers';
import type { TestContext } from './helpers';

/**
 * Booking fixtures through the API: hold (POST /tickets/book/), pay (POST /payment/pay/), and
 * the few things only time does (a hold lapsing) done to the database directly.
 */

/**
 * Each account calls from a client address of its own, as real buyers do, so per-address limits
 * (failed promo codes) count what one client does, not the whole test file.
 */
function addressOf(auth: string | null): string {
  if (!auth) return '127.0.0.1';
  const [a = 0, b = 0, c = 0] = createHash('sha256').update(auth).digest();
  return `10.${a}.${b}.${c}`;
}

export function send(
  ctx: TestContext,
  auth: string | null,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  payload?: unknown,
  idempotencyKey?: string,
) {
  return ctx.app.inject({
    method,
    url,
    remoteAddress: addressOf(auth),
    headers: {
      ...(auth ? { authorization: auth } : {}),
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
    },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

export const book = (ctx: TestContext, auth: string, body: BookRequest, key?: string) =>
  send(ctx, auth, 'POST', '/api/v1/tickets/book/', body, key);

export const pay = (
  ctx: TestContext,
  auth: string,
  booking: number,
  /** null: no payment method at all (free bookings). */
  paymentMethod: string | null = TEST_CARDS.success,
  key?: string,
) =>
  send(
    ctx,
    auth,
    'POST',
    '/api/v1/payment/pay/',
    { booking, ...(paymentMethod === null ? {} : { payment_method: paymentMethod }) },
    key,
  );

/** Holds tickets and answers the booking (asserting 201). */
export async function holdTickets(ctx: TestContext, auth: string, body: BookRequest) {
  return expectOk(await book(ctx, auth, body), 201, Booking);
}

/** Holds and pays with the success card; answers the confirmed booking. */
export async function bookAndPay(ctx: TestContext, auth: string, body: BookRequest) {
  const held = await holdTickets(ctx, auth, body);
  return expectOk(await pay(ctx, auth, held.id), 200, PayResult).booking;
}

/** Lets a booking's hold lapse, as ten minutes would. */
export async function lapseHold(ctx: TestContext, bookingId: number): Promise<void> {
  await ctx.database.db
    .update(bookings)
    .set({ expires_at: sql`now() - interval '1 second'` })
    .where(eq(bookings.id, bookingId));
}

/** Sold and held counts of a slot's category, straight from the inventory. */
export async function inventoryOf(ctx: TestContext, slotId: number, categoryId: number) {
  const rows = rowsOf<{ sold: number; held: number }>(
    await ctx.database.db.execute(sql`
      select sold, held from ticket_inventory
       where event_date_id = ${slotId} and ticket_category_id = ${categoryId}`),
  );
  return rows[0] ?? { sold: 0, held: 0 };
}

/** The ledger summed, and what confirmed bookings say was captured less refunded. */
export async function ledgerBalance(ctx: TestContext, eventId: number) {
  const [ledger] = rowsOf<{ paid: number; net: number; rows: number }>(
    await ctx.database.db.execute(sql`
      select coalesce(sum(gross - discount), 0)::int as paid, coalesce(sum(net), 0)::int as net,
             count(*)::int as rows
        from journal_entries where event_id = ${eventId}`),
  );
  const [captured] = rowsOf<{ amount: number }>(
    await ctx.database.db.execute(sql`
      select coalesce(sum(b.total - b.refunded_amount), 0)::int as amount
        from bookings b where b.event_id = ${eventId}
         and b.status in ('confirmed', 'partially_refunded', 'refunded')`),
  );
  return { ...ledger!, captured: captured!.amount };
}
