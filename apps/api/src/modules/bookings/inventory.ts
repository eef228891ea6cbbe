import { COUNTED_TICKET_STATES } from '@hafla/shared/bookings/states';
import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  bookingItems,
  bookings,
  eventDateSeats,
  promoCodeRedemptions,
  tickets,
} from '../../db/schema/bookings';
import type { SeatFeed } from './seat-feed';
import { SEAT_LOCK_CLASS } from './seat-statements';
import {
  eventDates,
  events,
  promoCodes,
  ticketCategories,
  ticketInventory,
} from '../../db/schema/events';
import { rowsOf } from '../../lib/db-rows';
import type { Pipeline, Statement } from '../../db/pipeline';

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

export interface Line {
  ticket_category_id: number;
  quantity: number;
}

/** Tickets of a user's bookings that count against the per-order allowance of a slot. */

/** The user's tickets that count against a slot's allowance: paid ones and holds not lapsed. */
const countedTicketsOf = (userId: string, now: Date) =>
  and(
    eq(tickets.user_id, userId),
    inArray(tickets.status, COUNTED_TICKET_STATES),
    sql`(${bookings.status} <> 'pending' or ${bookings.expires_at} > ${now})`,
  );

/** Tickets the user holds or bought for a slot, live holds only. */
export async function ticketsHeldInSlot(db: Db | Tx, userId: string, slotId: number, now: Date) {
  const [row] = await db
    .select({ value: count() })
    .from(tickets)
    .innerJoin(bookings, eq(bookings.id, tickets.booking_id))
    .where(and(countedTicketsOf(userId, now), eq(tickets.event_date_id, slotId)));
  return row?.value ?? 0;
}

/** `ticketsHeldInSlot` for every slot of an event at once, by slot id (none held: absent). */
export async function ticketsHeldBySlot(
  db: Db,
  userId: string,
  eventId: number,
  now: Date,
): Promise<Map<number, number>> {
  const rows = await db
    .select({ slot: tickets.event_date_id, value: count() })
    .from(tickets)
    .innerJoin(bookings, eq(bookings.id, tickets.booking_id))
    .where(and(countedTicketsOf(userId, now), eq(tickets.event_id, eventId)))
    .groupBy(tickets.event_date_id);
  return new Map(rows.map((row) => [row.slot, row.value]));
}

const byCategory = (a: Line, b: Line) => a.ticket_category_id - b.ticket_category_id;

/**
 * Raises `held` by $3 tickets of category $2 in slot $1 only if they still fit, in one
 * statement: creates the inventory row on first use, else raises it under the same check, with
 * the category row share-locked (a quantity change locks it for update). When nothing was
 * written it fails (division by zero: count(*) is never folded into a constant, so the error
 * can only come from this row count), which aborts the transaction, so a COMMIT already queued
 * behind it rolls back.
 */
const HOLD: Statement = {
  name: 'book_hold',
  text: `
with held as (
  insert into ticket_inventory (event_date_id, ticket_category_id, held)
  select $1::int, id, $3::int from ticket_categories where id = $2 and $3 <= quantity for share
  on conflict (event_date_id, ticket_category_id) do update
     set held = ticket_inventory.held + excluded.held
   where ticket_inventory.sold + ticket_inventory.held + excluded.held
         <= coalesce(ticket_inventory.quantity,
                     (select quantity from ticket_categories where id = excluded.ticket_category_id))
  returning 1)
select 1 / count(*)::int as held from held`,
};
const DOES_NOT_FIT = '22012';

/** A line that did not fit, so the transaction it was held in rolled back. */
export class SoldOut extends Error {
  constructor(readonly categoryId: number) {
    super('sold_out');
  }
}

/**
 * Queues the holds of every line (in category order, the lock order) on a pipelined
 * transaction, to be sent with its COMMIT, so the hot inventory rows stay locked only for the
 * commit itself — never while a busy process gets round to sending it. Settles when every hold
 * fitted; rejects with `SoldOut` for the first line that did not (the transaction then rolls
 * back), or with the database's error.
 */
export function queueHolds(tx: Pipeline, slotId: number, lines: Line[]): Promise<void> {
  const holds = [...lines].sort(byCategory).map((line) =>
    tx.query(HOLD, [slotId, line.ticket_category_id, line.quantity]).catch((error: unknown) => {
      if ((error as { code?: string }).code === DOES_NOT_FIT) {
        throw new SoldOut(line.ticket_category_id);
      }
      throw error;
    }),
  );
  const held = Promise.all(holds).then(() => undefined);
  // The caller stops awaiting at the first statement that fails (a lost connection fails them
  // all, and the transaction rolls back whole): its rejection must not go unhandled.
  held.catch(() => undefined);
  return held;
}

/**
 * Sells tickets outright (a lapsed hold paid for after all): the same check as a hold. Its
 * seats first, under the slot's seat lock (the lock order of a hold): each must still be free
 * and not blocked, else nothing is taken.
 */
export async function retake(
  tx: Tx,
  slotId: number,
  lines: Line[],
  bookingId?: number,
): Promise<boolean> {
  if (bookingId !== undefined && !(await retakeSeats(tx, slotId, bookingId))) return false;
  for (const line of [...lines].sort(byCategory)) {
    const result = await tx.execute(sql`
      update ${ticketInventory} set sold = ${ticketInventory.sold} + ${line.quantity}
       where event_date_id = ${slotId} and ticket_category_id = ${line.ticket_category_id}
         and ${ticketInventory.sold} + ${ticketInventory.held} + ${line.quantity}
             <= coalesce(${ticketInventory.quantity},
                (select quantity from ${ticketCategories} where id = ${line.ticket_category_id} for share))
      returning 1 as ok`);
    if (rowsOf(result).length !== 1) return false;
  }
  return true;
}

/** The seats of a booking's tickets become its own again, only if every one is free. */
async function retakeSeats(tx: Tx, slotId: number, bookingId: number): Promise<boolean> {
  const [wanted] = rowsOf<{ count: number }>(
    await tx.execute(sql`
      select count(*)::int as count from ${tickets}
       where booking_id = ${bookingId} and seat_id is not null`),
  );
  if (!wanted || wanted.count === 0) return true;
  await tx.execute(sql`select pg_advisory_xact_lock(${SEAT_LOCK_CLASS}, ${slotId}::int)`);
  const taken = rowsOf(
    await tx.execute(sql`
      update ${eventDateSeats} s set booking_id = ${bookingId}
        from ${tickets} t
       where t.booking_id = ${bookingId} and t.seat_id = s.seat_id
         and s.event_date_id = ${slotId} and s.booking_id is null and not s.blocked
      returning s.seat_id`),
  );
  // Fewer than wanted: the caller rolls back the whole transaction (the charge is refunded).
  return taken.length === wanted.count;
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

/**
 * Tickets of holds in a slot's category that lapsed but are not yet released: still in `held`,
 * yet free to sell. `slotId` and `categoryId` are values or the outer query's columns.
 */
const lapsedHeld = (slotId: SQL | number, categoryId: SQL | number, now: Date) => sql`coalesce((
  select sum(bi.quantity) from ${bookingItems} bi join ${bookings} b on b.id = bi.booking_id
   where b.status = 'pending' and b.expires_at <= ${now} and b.event_date_id = ${slotId}
     and bi.ticket_category_id = ${categoryId}), 0)`;

/** The read behind `availableIn`, for a pipelined transaction as well. */
function availability(slotId: number, categoryId: number, now: Date) {
  return sql`
    select greatest(0, coalesce(i.quantity, c.quantity) - coalesce(i.sold, 0) - coalesce(i.held, 0)
             + ${lapsedHeld(slotId, sql`c.id`, now)})::int as available
      from ${ticketCategories} c
      left join ${ticketInventory} i on i.ticket_category_id = c.id and i.event_date_id = ${slotId}
     where c.id = ${categoryId}`;
}

/**
 * Tickets taken (sold, or held by holds that have not lapsed) in each slot still to start of an
 * event, by slot and category, with the slot's own quantity (a seat chart's) and whether the
 * category is sold by seat there; a pair never booked has none taken and the category's quantity.
 */
export async function takenInEvent(
  db: Db,
  eventId: number,
  now: Date,
): Promise<(slotId: number, categoryId: number) => SlotCategory> {
  const lapsed = lapsedHeld(sql`i.event_date_id`, sql`i.ticket_category_id`, now);
  const rows = rowsOf<{
    event_date_id: number;
    ticket_category_id: number;
    taken: number;
    quantity: number | null;
    seated: boolean;
  }>(
    await db.execute(sql`
      select i.event_date_id, i.ticket_category_id, (i.sold + i.held - ${lapsed})::int as taken,
             i.quantity, i.seated
        from ${ticketInventory} i join ${eventDates} d on d.id = i.event_date_id
       where d.event_id = ${eventId} and d.start_at > ${now}`),
  );
  const taken = new Map(rows.map((row) => [`${row.event_date_id}:${row.ticket_category_id}`, row]));
  return (slotId, categoryId) => {
    const row = taken.get(`${slotId}:${categoryId}`);
    return {
      taken: row?.taken ?? 0,
      quantity: row?.quantity ?? null,
      seated: row?.seated ?? false,
    };
  };
}

/** What is left of one category in one slot, with the category's sales window. */
export interface LiveAvailability {
  event_id: number;
  event_date_id: number;
  ticket_category_id: number;
  available: number;
  sales_start: Date | null;
  sales_end: Date | null;
}

/**
 * What is left in every slot still to start of the published events named, every category of
 * each (the figures `event-details` shows), in the order it shows them: one statement for all
 * the events of open booking pages (the availability feed).
 */
export async function availableInEvents(
  db: Db,
  eventIds: readonly number[],
  now: Date,
): Promise<LiveAvailability[]> {
  if (eventIds.length === 0) return [];
  const rows = rowsOf<
    Omit<LiveAvailability, 'sales_start' | 'sales_end'> & {
      sales_start: Date | string | null;
      sales_end: Date | string | null;
    }
  >(
    await db.execute(sql`
      select d.event_id, d.id as event_date_id, c.id as ticket_category_id,
             greatest(0, coalesce(i.quantity, c.quantity) - coalesce(i.sold, 0)
               - coalesce(i.held, 0) + ${lapsedHeld(sql`d.id`, sql`c.id`, now)})::int as available,
             c.sales_start, c.sales_end
        from ${eventDates} d
        join ${events} e on e.id = d.event_id and e.status = 'published'
        join ${ticketCategories} c on c.event_id = d.event_id
        left join ${ticketInventory} i on i.event_date_id = d.id and i.ticket_category_id = c.id
       where d.event_id in (${sql.join(
         eventIds.map((id) => sql`${id}`),
         sql`, `,
       )}) and d.start_at > ${now}
       order by d.event_id, d.start_at, d.id, c.position, c.id`),
  );
  // node-postgres and PGlite both parse timestamps; a string would be one not parsed.
  const instant = (value: Date | string | null) => (value === null ? null : new Date(value));
  return rows.map((row) => ({
    ...row,
    sales_start: instant(row.sales_start),
    sales_end: instant(row.sales_end),
  }));
}

/** A category in one slot: what is taken, the slot's own quantity (null: the category's). */
export interface SlotCategory {
  taken: number;
  quantity: number | null;
  seated: boolean;
}

/** Tickets of a category still free in a slot: quantity − sold − holds that have not lapsed. */
export async function availableIn(
  db: Db | Tx,
  slotId: number,
  categoryId: number,
  now: Date,
): Promise<number> {
  const result = await db.execute(availability(slotId, categoryId, now));
  return rowsOf<{ available: number }>(result)[0]?.available ?? 0;
}

/** `availableIn` inside a pipelined transaction. */
export async function availableInPipeline(
  tx: Pipeline,
  slotId: number,
  categoryId: number,
  now: Date,
): Promise<number> {
  const [row] = await tx.sql<{ available: number }>(availability(slotId, categoryId, now));
  return row?.available ?? 0;
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
  seatFeed?: SeatFeed,
): Promise<number> {
  const status = filter.bookingIds ? 'cancelled' : 'expired';
  const freed: Array<{ event_date_id: number; seat_id: string }> = [];
  const released = await db.transaction(async (tx) => {
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
    // Their seats are free again (decision 0020).
    freed.push(...(await freeSeatsOf(tx, ids)));

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
  if (seatFeed) pushFreed(seatFeed, freed);
  return released;
}

/** Seats of these bookings become free; answers which. */
export async function freeSeatsOf(
  tx: Tx,
  bookingIds: number[],
  ticketIds?: number[],
): Promise<Array<{ event_date_id: number; seat_id: string }>> {
  if (bookingIds.length === 0) return [];
  const onlyTickets = ticketIds
    ? sql`and s.seat_id in (select seat_id from ${tickets} t
                             where t.id = any(${sqlIntArray(ticketIds)}) and t.seat_id is not null)`
    : sql``;
  return rowsOf<{ event_date_id: number; seat_id: string }>(
    await tx.execute(sql`
      update ${eventDateSeats} s set booking_id = null
       where s.booking_id = any(${sqlIntArray(bookingIds)}) ${onlyTickets}
      returning s.event_date_id, s.seat_id`),
  );
}

/** Tells the seat maps which seats became free. */
export function pushFreed(
  seatFeed: SeatFeed,
  freed: ReadonlyArray<{ event_date_id: number; seat_id: string }>,
): void {
  const byDate = new Map<number, string[]>();
  for (const seat of freed) {
    const list = byDate.get(seat.event_date_id);
    if (list) list.push(seat.seat_id);
    else byDate.set(seat.event_date_id, [seat.seat_id]);
  }
  for (const [date, seats] of byDate) seatFeed.changed(date, seats, 'available');
}

const sqlIntArray = (values: number[]) =>
  sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::int[]`;

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
