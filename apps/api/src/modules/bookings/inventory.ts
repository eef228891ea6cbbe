import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bookingItems, bookings, promoCodeRedemptions, tickets } from '../../db/schema/bookings';
import { promoCodes, ticketCategories, ticketInventory } from '../../db/schema/events';
import { rowsOf } from '../../lib/db-rows';

/**
 * The inventory rules, all enforced by PostgreSQL rather than by any process:
 *
 * - `ticket_inventory` keeps, per slot and category, `sold` (paid) and `held` (unpaid holds).
 *   Every raise is one conditional statement, `sold + held + n <= quantity`, under a share lock
 *   on the category row (which a quantity change locks for update), so no interleaving of
 *   processes, and no crash between statements, can ever sell a ticket twice.
 * - A hold lapses at its booking's `expires_at`. Reads count lapsed holds as free at once; the
 *   tickets themselves return to `held` − n when the booking is marked `expired` — by the sweep,
 *   or by a booking that found a slot full and releases the lapsed holds in it before trying
 *   once more. Nothing waits for a timer to be correct.
 * - Lock order, everywhere: a user's row, bookings, promo codes, redemptions, inventory rows in
 *   (slot, category) order. A booking never waits on another booking (it skips locked ones).
 */

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Line {
  ticket_category_id: number;
  quantity: number;
}

/** Tickets of a user's bookings that count against the per-order allowance of a slot. */
export const COUNTED_TICKETS = ['pending', 'pending_approval', 'valid', 'checked_in'];

/** Tickets the user holds or bought for a slot, live holds only. */
export async function ticketsHeldInSlot(db: Db | Tx, userId: string, slotId: number, now: Date) {
  const [row] = await db
    .select({ value: count() })
    .from(tickets)
    .innerJoin(bookings, eq(bookings.id, tickets.booking_id))
    .where(
      and(
        eq(tickets.user_id, userId),
        eq(tickets.event_date_id, slotId),
        inArray(tickets.status, COUNTED_TICKETS),
        sql`(${bookings.status} <> 'pending' or ${bookings.expires_at} > ${now})`,
      ),
    );
  return row?.value ?? 0;
}

const byCategory = (a: Line, b: Line) => a.ticket_category_id - b.ticket_category_id;

/**
 * Holds `quantity` tickets of a category in a slot, or answers false when fewer are left. One
 * statement: creates the inventory row on first use, else raises `held` only if it still fits.
 */
export async function hold(db: Db | Tx, slotId: number, line: Line): Promise<boolean> {
  const result = await db.execute(sql`
    insert into ${ticketInventory} (event_date_id, ticket_category_id, held)
    select ${slotId}, ${ticketCategories.id}, ${line.quantity}
      from ${ticketCategories}
     where ${ticketCategories.id} = ${line.ticket_category_id}
       and ${line.quantity} <= ${ticketCategories.quantity}
       for share
    on conflict (event_date_id, ticket_category_id) do update
       set held = ${ticketInventory.held} + excluded.held
     where ${ticketInventory.sold} + ${ticketInventory.held} + excluded.held
           <= (select quantity from ${ticketCategories} where id = excluded.ticket_category_id)
    returning 1 as ok`);
  return rowsOf(result).length === 1;
}

/** Holds every line (in category order) or none: false as soon as one does not fit. */
export async function holdAll(tx: Tx, slotId: number, lines: Line[]): Promise<number | null> {
  for (const line of [...lines].sort(byCategory)) {
    if (!(await hold(tx, slotId, line))) return line.ticket_category_id;
  }
  return null;
}

/**
 * `holdAll` and the COMMIT in one round trip (PostgreSQL), so the hot inventory rows stay locked
 * only for the commit itself, never while a busy process gets round to sending it. A DO block
 * raises when a line does not fit, which aborts the transaction before the COMMIT that follows
 * it runs; the caller's own COMMIT afterwards finds no transaction and does nothing. Only
 * integers are written into the text, each checked to be one. Answers the category that did not
 * fit, or null once committed.
 */
export async function holdAllAndCommit(
  tx: Tx,
  slotId: number,
  lines: Line[],
): Promise<number | null> {
  const int = (value: number) => {
    if (!Number.isSafeInteger(value)) throw new Error(`not an integer: ${value}`);
    return String(value);
  };
  const holds = [...lines]
    .sort(byCategory)
    .map(
      (line) => `
    insert into ticket_inventory (event_date_id, ticket_category_id, held)
    select ${int(slotId)}, id, ${int(line.quantity)} from ticket_categories
     where id = ${int(line.ticket_category_id)} and ${int(line.quantity)} <= quantity for share
    on conflict (event_date_id, ticket_category_id) do update
       set held = ticket_inventory.held + excluded.held
     where ticket_inventory.sold + ticket_inventory.held + excluded.held
           <= (select quantity from ticket_categories where id = excluded.ticket_category_id)
    returning 1 into ok;
    if ok is null then
      raise exception 'sold_out' using errcode = 'P0001', detail = '${int(line.ticket_category_id)}';
    end if;`,
    )
    .join('');
  try {
    await tx.execute(sql.raw(`do $$ declare ok int; begin ${holds} end $$; commit`));
    return null;
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string; detail?: string } }).cause;
    if (cause?.code === 'P0001' && cause.message === 'sold_out') return Number(cause.detail);
    throw error;
  }
}

/** Sells tickets outright (a lapsed hold paid for after all): the same check as a hold. */
export async function retake(tx: Tx, slotId: number, lines: Line[]): Promise<boolean> {
  for (const line of [...lines].sort(byCategory)) {
    const result = await tx.execute(sql`
      update ${ticketInventory} set sold = ${ticketInventory.sold} + ${line.quantity}
       where event_date_id = ${slotId} and ticket_category_id = ${line.ticket_category_id}
         and ${ticketInventory.sold} + ${ticketInventory.held} + ${line.quantity}
             <= (select quantity from ${ticketCategories} where id = ${line.ticket_category_id} for share)
      returning 1 as ok`);
    if (rowsOf(result).length !== 1) return false;
  }
  return true;
}

/** A paid hold becomes a sale (its tickets are already counted, so this cannot fail). */
export async function sellHeld(tx: Tx, slotId: number, lines: Line[]): Promise<void> {
  for (const line of [...lines].sort(byCategory)) {
    await tx
      .update(ticketInventory)
      .set({
        held: sql`${ticketInventory.held} - ${line.quantity}`,
        sold: sql`${ticketInventory.sold} + ${line.quantity}`,
      })
      .where(
        and(
          eq(ticketInventory.event_date_id, slotId),
          eq(ticketInventory.ticket_category_id, line.ticket_category_id),
        ),
      );
  }
}

/** Refunded or cancelled tickets go back on sale. */
export async function unsell(tx: Tx, slotId: number, lines: Line[]): Promise<void> {
  for (const line of [...lines].sort(byCategory)) {
    await tx
      .update(ticketInventory)
      .set({ sold: sql`${ticketInventory.sold} - ${line.quantity}` })
      .where(
        and(
          eq(ticketInventory.event_date_id, slotId),
          eq(ticketInventory.ticket_category_id, line.ticket_category_id),
        ),
      );
  }
}

/** Tickets of a category still free in a slot: quantity − sold − holds that have not lapsed. */
export async function availableIn(
  db: Db | Tx,
  slotId: number,
  categoryId: number,
  now: Date,
): Promise<number> {
  const result = await db.execute(sql`
    select greatest(0, c.quantity - coalesce(i.sold, 0) - coalesce(i.held, 0) + coalesce((
             select sum(bi.quantity) from ${bookingItems} bi join ${bookings} b on b.id = bi.booking_id
              where b.status = 'pending' and b.expires_at <= ${now} and b.event_date_id = ${slotId}
                and bi.ticket_category_id = c.id), 0))::int as available
      from ${ticketCategories} c
      left join ${ticketInventory} i on i.ticket_category_id = c.id and i.event_date_id = ${slotId}
     where c.id = ${categoryId}`);
  return rowsOf<{ available: number }>(result)[0]?.available ?? 0;
}

export interface ReleaseFilter {
  /** Only this slot's lapsed holds (a booking that found the slot full). */
  eventDateId?: number;
  /** These pending bookings, lapsed or not (a buyer gives up, an event is cancelled). */
  bookingIds?: number[];
}

/**
 * Ends pending bookings and gives their tickets back: lapsed holds (`expired`), or the bookings
 * named (`cancelled`). Locked bookings are skipped — whoever holds them (a payment) decides.
 * Answers how many bookings were released.
 */
export async function releaseHolds(
  db: Db,
  now: Date,
  filter: ReleaseFilter = {},
  limit = 200,
): Promise<number> {
  const status = filter.bookingIds ? 'cancelled' : 'expired';
  return db.transaction(async (tx) => {
    const conditions = [eq(bookings.status, 'pending')];
    if (filter.bookingIds) conditions.push(inArray(bookings.id, filter.bookingIds));
    else conditions.push(sql`${bookings.expires_at} <= ${now}`);
    if (filter.eventDateId !== undefined) {
      conditions.push(eq(bookings.event_date_id, filter.eventDateId));
    }
    const released = await tx
      .select({
        id: bookings.id,
        user_id: bookings.user_id,
        promo_code_id: bookings.promo_code_id,
      })
      .from(bookings)
      .where(and(...conditions))
      .orderBy(bookings.id)
      .limit(limit)
      .for('update', { skipLocked: true });
    if (released.length === 0) return 0;
    const ids = released.map((booking) => booking.id);

    await tx.update(bookings).set({ status, updated_at: now }).where(inArray(bookings.id, ids));
    await tx
      .update(tickets)
      .set({ status: status === 'cancelled' ? 'cancelled' : 'expired', updated_at: now })
      .where(and(inArray(tickets.booking_id, ids), eq(tickets.status, 'pending')));
    await releasePromoUses(tx, released);

    const lines = rowsOf<{ event_date_id: number; ticket_category_id: number; quantity: number }>(
      await tx.execute(sql`
        select b.event_date_id, bi.ticket_category_id, sum(bi.quantity)::int as quantity
          from ${bookingItems} bi join ${bookings} b on b.id = bi.booking_id
         where b.id in (${sql.join(
           ids.map((id) => sql`${id}`),
           sql`, `,
         )})
         group by 1, 2 order by 1, 2`),
    );
    for (const line of lines) {
      await tx
        .update(ticketInventory)
        .set({ held: sql`${ticketInventory.held} - ${line.quantity}` })
        .where(
          and(
            eq(ticketInventory.event_date_id, line.event_date_id),
            eq(ticketInventory.ticket_category_id, line.ticket_category_id),
          ),
        );
    }
    return released.length;
  });
}

/** Gives back the promo-code uses of bookings that are let go (total and per user). */
export async function releasePromoUses(
  tx: Tx,
  released: Array<{ user_id: string; promo_code_id: number | null }>,
): Promise<void> {
  const uses = released
    .filter((booking): booking is { user_id: string; promo_code_id: number } =>
      Boolean(booking.promo_code_id),
    )
    .sort((a, b) => a.promo_code_id - b.promo_code_id || a.user_id.localeCompare(b.user_id));
  for (const use of uses) {
    await tx
      .update(promoCodes)
      .set({ uses: sql`${promoCodes.uses} - 1` })
      .where(eq(promoCodes.id, use.promo_code_id));
  }
  for (const use of uses) {
    await tx
      .update(promoCodeRedemptions)
      .set({ uses: sql`${promoCodeRedemptions.uses} - 1` })
      .where(
        and(
          eq(promoCodeRedemptions.promo_code_id, use.promo_code_id),
          eq(promoCodeRedemptions.user_id, use.user_id),
        ),
      );
  }
}
