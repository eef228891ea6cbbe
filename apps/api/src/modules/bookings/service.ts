import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, gt, inArray, sql } from 'drizzle-orm';
import type {
  Booking,
  BookingDay,
  BookRequest,
  BookingUpdateRequest,
  EventBookingDetails,
  PromoCheckRequest,
  PromoCheckResult,
  SalesState,
} from '@hafla/shared/bookings/bookings';
import { quote } from '@hafla/shared/bookings/pricing';
import type { Language } from '@hafla/shared/common/i18n';
import { dayInZone, formatInZone } from '@hafla/shared/common/zoned-time';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { bookingItems, bookings, tickets } from '../../db/schema/bookings';
import { eventDates, events, ticketCategories, ticketInventory } from '../../db/schema/events';
import { AppError, fieldError, notFound } from '../../lib/app-error';
import { rowsOf } from '../../lib/db-rows';
import { claimKey, KeyClaimed, rememberKey, type IdempotencyClaim } from '../../lib/idempotency';
import { readPlatformSettings } from '../../lib/platform-settings';
import type { FileStorage } from '../../lib/storage';
import { loadEventSummaries } from '../discovery/event-summaries';
import { eventStatusOf } from '../events/ownership';
import { findBookings, loadBooking, toBookings } from './booking-views';
import {
  availableIn,
  holdAll,
  holdAllAndCommit,
  COUNTED_TICKETS,
  releaseHolds,
  releasePromoUses,
  type Line,
  type Tx,
} from './inventory';
import { checkPromoUsable, findPromo, repriceBooking, takePromoUse } from './promo';

export interface BookingsDeps {
  db: Db;
  storage: FileStorage;
  now: () => Date;
  /**
   * PostgreSQL: a booking sends its holds and its COMMIT in one round trip, so the hot inventory
   * rows are never left locked while a busy process gets round to committing. PGlite: no.
   */
  pipelineCommit?: boolean;
}

type EventRow = typeof events.$inferSelect;
type CategoryRow = typeof ticketCategories.$inferSelect;

function salesStateOf(category: CategoryRow, available: number, now: Date): SalesState {
  if (category.sales_start && category.sales_start > now) return 'not_started';
  if (category.sales_end && category.sales_end <= now) return 'ended';
  return available > 0 ? 'on_sale' : 'sold_out';
}

/** Published, not cancelled and not over: the only events anyone may book. */
function bookableEvent(event: EventRow | undefined, now: Date): EventRow {
  if (!event || event.status === 'draft') throw notFound('event');
  if (eventStatusOf(event, now) !== 'published') {
    throw new AppError('event_not_bookable', { status: 409, attr: 'event' });
  }
  return event;
}

/** GET /events/{id}/event-details/ — slots still to start, by day, with live availability. */
export async function getEventBookingDetails(
  deps: BookingsDeps,
  reader: { userId: string | null; language: Language },
  eventId: number,
): Promise<EventBookingDetails> {
  const now = deps.now();
  const [event] = await deps.db.select().from(events).where(eq(events.id, eventId));
  if (!event || event.status === 'draft') throw notFound();
  const [summary] = await loadEventSummaries(
    { db: deps.db, storage: deps.storage, language: reader.language, viewerId: reader.userId, now },
    [eventId],
  );
  if (!summary) throw notFound();

  const bookable = eventStatusOf(event, now) === 'published';
  const [slots, categories, availability, mine] = await Promise.all([
    deps.db
      .select()
      .from(eventDates)
      .where(and(eq(eventDates.event_id, eventId), gt(eventDates.start_at, now)))
      .orderBy(asc(eventDates.start_at)),
    deps.db
      .select()
      .from(ticketCategories)
      .where(eq(ticketCategories.event_id, eventId))
      .orderBy(asc(ticketCategories.position), asc(ticketCategories.id)),
    deps.db.execute(sql`
      select i.event_date_id, i.ticket_category_id,
             (i.sold + i.held - coalesce((
               select sum(bi.quantity) from ${bookingItems} bi join ${bookings} b on b.id = bi.booking_id
                where b.status = 'pending' and b.expires_at <= ${now}
                  and b.event_date_id = i.event_date_id and bi.ticket_category_id = i.ticket_category_id
             ), 0))::int as taken
        from ${ticketInventory} i join ${eventDates} d on d.id = i.event_date_id
       where d.event_id = ${eventId} and d.start_at > ${now}`),
    reader.userId
      ? deps.db
          .select({ slot: tickets.event_date_id, value: count() })
          .from(tickets)
          .innerJoin(bookings, eq(bookings.id, tickets.booking_id))
          .where(
            and(
              eq(tickets.user_id, reader.userId),
              eq(tickets.event_id, eventId),
              inArray(tickets.status, COUNTED_TICKETS),
              sql`(${bookings.status} <> 'pending' or ${bookings.expires_at} > ${now})`,
            ),
          )
          .groupBy(tickets.event_date_id)
      : Promise.resolve([]),
  ]);
  const taken = new Map(
    rowsOf<{ event_date_id: number; ticket_category_id: number; taken: number }>(availability).map(
      (row) => [`${row.event_date_id}:${row.ticket_category_id}`, row.taken],
    ),
  );
  const held = new Map(mine.map((row) => [row.slot, row.value]));
  const zone = event.timezone;

  const days: BookingDay[] = [];
  for (const slot of bookable ? slots : []) {
    const day = dayInZone(slot.start_at, zone);
    const period = {
      id: slot.id,
      start: formatInZone(slot.start_at, zone),
      end: formatInZone(slot.end_at, zone),
      remaining_allowance: Math.max(0, event.max_tickets_per_order - (held.get(slot.id) ?? 0)),
      ticket_categories: categories.map((category) => {
        const available = Math.max(
          0,
          category.quantity - (taken.get(`${slot.id}:${category.id}`) ?? 0),
        );
        return {
          id: category.id,
          name: category.name,
          description: category.description,
          price: category.price,
          min_per_order: category.min_per_order,
          max_per_order: category.max_per_order,
          sales_start: category.sales_start ? formatInZone(category.sales_start, zone) : null,
          sales_end: category.sales_end ? formatInZone(category.sales_end, zone) : null,
          available,
          sales_state: salesStateOf(category, available, now),
        };
      }),
    };
    const last = days.at(-1);
    if (last?.day === day) last.periods.push(period);
    else days.push({ day, periods: [period] });
  }
  const settings = await readPlatformSettings(deps.db);
  return {
    event: {
      ...summary,
      requires_approval: event.requires_approval,
      max_tickets_per_order: event.max_tickets_per_order,
      refund_policy: {
        refundable_until_hours: event.refundable_until_hours,
        refund_percentage: event.refund_percentage,
      },
    },
    days,
    hold_minutes: settings.hold_minutes,
  };
}

/** The order's categories, priced by the server; foreign or repeated categories are refused. */
async function orderLines(
  db: Db | Tx,
  eventId: number,
  items: BookRequest['items'],
): Promise<Array<Line & { category: CategoryRow }>> {
  const seen = new Set<number>();
  items.forEach((item, index) => {
    if (seen.has(item.ticket_category)) {
      throw fieldError('duplicate_ticket_category', `items.${index}.ticket_category`);
    }
    seen.add(item.ticket_category);
  });
  const rows = await db
    .select()
    .from(ticketCategories)
    .where(
      and(
        eq(ticketCategories.event_id, eventId),
        inArray(
          ticketCategories.id,
          items.map((item) => item.ticket_category),
        ),
      ),
    );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return items.map((item, index) => {
    const category = byId.get(item.ticket_category);
    if (!category) {
      throw fieldError('ticket_category_not_in_event', `items.${index}.ticket_category`);
    }
    return { ticket_category_id: category.id, quantity: item.quantity, category };
  });
}

const pricedLines = (lines: Array<Line & { category: CategoryRow }>) =>
  lines.map((line) => ({
    ticket_category: line.ticket_category_id,
    quantity: line.quantity,
    unit_price: line.category.price,
  }));

/** POST /promo_codes/check/ — what the code would take off this order (nothing is held). */
export async function checkPromoCode(
  deps: BookingsDeps,
  input: PromoCheckRequest,
): Promise<PromoCheckResult> {
  const now = deps.now();
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
      .filter(
        (id) => terms.ticket_category_ids.length === 0 || terms.ticket_category_ids.includes(id),
      ),
    subtotal: priced.subtotal,
    discount: priced.discount,
    fees: priced.fees,
    total: priced.total,
    currency: event.currency,
  };
}

class SoldOut extends Error {
  constructor(readonly categoryId: number) {
    super('sold_out');
  }
}

/** Per-category and per-order limits, before anything is locked. */
function checkOrderRules(
  event: EventRow,
  lines: Array<Line & { category: CategoryRow }>,
  now: Date,
): void {
  lines.forEach((line, index) => {
    const { category } = line;
    if (
      (category.sales_start && category.sales_start > now) ||
      (category.sales_end && category.sales_end <= now)
    ) {
      throw new AppError('sales_closed', { status: 409, attr: `items.${index}.ticket_category` });
    }
    if (line.quantity < category.min_per_order) {
      throw new AppError('below_min_per_order', {
        status: 400,
        type: 'validation_error',
        attr: `items.${index}.quantity`,
        params: { min: category.min_per_order },
      });
    }
    if (line.quantity > category.max_per_order) {
      throw new AppError('max_per_order_exceeded', {
        status: 400,
        type: 'validation_error',
        attr: `items.${index}.quantity`,
        params: { max: category.max_per_order, remaining: category.max_per_order },
      });
    }
  });
  const total = lines.reduce((sum, line) => sum + line.quantity, 0);
  if (total > event.max_tickets_per_order) {
    throw new AppError('max_per_order_exceeded', {
      status: 400,
      type: 'validation_error',
      attr: 'items',
      params: { max: event.max_tickets_per_order, remaining: event.max_tickets_per_order },
    });
  }
}

/**
 * POST /tickets/book/ — holds the tickets for `hold_minutes` in one short transaction. The
 * user's row is locked first, so their open holds and per-slot allowance cannot race each
 * other; the inventory is raised last, so the hot rows stay locked for the shortest time.
 */
export async function book(
  deps: Pick<BookingsDeps, 'db' | 'now' | 'pipelineCommit'>,
  user: { userId: string; language: Language },
  input: BookRequest,
  claim: IdempotencyClaim | null = null,
): Promise<Booking> {
  const now = deps.now();
  // The event and the slot in one round trip.
  const [found] = await deps.db
    .select({ event: events, slot: eventDates })
    .from(events)
    .leftJoin(
      eventDates,
      and(eq(eventDates.id, input.event_date), eq(eventDates.event_id, events.id)),
    )
    .where(eq(events.id, input.event));
  const event = bookableEvent(found?.event, now);
  const slot = found?.slot;
  if (!slot) throw notFound('event_date');
  if (slot.start_at <= now) throw new AppError('sales_closed', { status: 409, attr: 'event_date' });
  const lines = await orderLines(deps.db, event.id, input.items);
  checkOrderRules(event, lines, now);
  const settings = await readPlatformSettings(deps.db);
  const promo = input.promo_code
    ? await findPromo(deps.db, event.id, input.promo_code, 'promo_code')
    : null;
  const terms = promo
    ? checkPromoUsable(
        promo,
        lines.map((line) => line.ticket_category_id),
        now,
        'promo_code',
      )
    : null;
  const priced = quote(pricedLines(lines), terms);
  const expiresAt = new Date(now.getTime() + settings.hold_minutes * 60_000);

  // What is written, as loadBooking would read it back (a test checks they agree).
  const answer = (id: { id: number; ticketIds: number[] }): Booking => {
    const zone = event.timezone;
    const byPosition = [...lines].sort(
      (a, b) => a.category.position - b.category.position || a.category.id - b.category.id,
    );
    return {
      id: id.id,
      status: 'pending',
      event: event.id,
      event_title: event.title,
      event_date: {
        id: slot.id,
        start: formatInZone(slot.start_at, zone),
        end: formatInZone(slot.end_at, zone),
      },
      timezone: zone,
      expires_at: formatInZone(expiresAt, zone),
      items: byPosition.map((line) => ({
        ticket_category: line.ticket_category_id,
        name: line.category.name,
        quantity: line.quantity,
        unit_price: line.category.price,
        discount: priced.tickets
          .filter((ticket) => ticket.ticket_category === line.ticket_category_id)
          .reduce((sum, ticket) => sum + ticket.discount, 0),
      })),
      tickets: id.ticketIds.map((ticketId, index) => ({
        id: ticketId,
        ticket_category: priced.tickets[index]!.ticket_category,
        status: 'pending',
        holder_name: '',
        holder_email: '',
        holder_phone: '',
      })),
      promo_code: promo?.code ?? null,
      subtotal: priced.subtotal,
      discount: priced.discount,
      fees: priced.fees,
      total: priced.total,
      refunded_amount: 0,
      currency: event.currency,
      created_at: formatInZone(now, zone),
      confirmed_at: null,
    };
  };

  const attempt = () =>
    deps.db.transaction(async (tx) => {
      // The Idempotency-Key is claimed and answered in this transaction: it commits with the
      // booking or not at all, at no extra disk flush. A concurrent twin waits here until this
      // commits, then replays it.
      if (claim && !(await claimKey(tx, claim))) throw new KeyClaimed();
      await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.id, user.userId))
        .for('no key update');
      // Both per-user counts in one statement, after the lock (a later statement sees what
      // the user's previous booking committed).
      const [counts] = rowsOf<{ open: number; in_slot: number }>(
        await tx.execute(sql`
          select (select count(*) from ${bookings}
                   where ${bookings.user_id} = ${user.userId} and ${bookings.status} = 'pending'
                     and ${bookings.expires_at} > ${now})::int as open,
                 (select count(*) from ${tickets} join ${bookings} on ${bookings.id} = ${tickets.booking_id}
                   where ${tickets.user_id} = ${user.userId} and ${tickets.event_date_id} = ${slot.id}
                     and ${tickets.status} in ('pending', 'pending_approval', 'valid', 'checked_in')
                     and (${bookings.status} <> 'pending' or ${bookings.expires_at} > ${now}))::int as in_slot`),
      );
      if ((counts?.open ?? 0) >= settings.max_open_holds) {
        throw new AppError('hold_limit', { status: 429, params: { max: settings.max_open_holds } });
      }
      const wanted = lines.reduce((sum, line) => sum + line.quantity, 0);
      const remaining = event.max_tickets_per_order - (counts?.in_slot ?? 0);
      if (wanted > remaining) {
        throw new AppError('max_per_order_exceeded', {
          status: 409,
          attr: 'items',
          params: { max: event.max_tickets_per_order, remaining: Math.max(0, remaining) },
        });
      }
      if (promo) await takePromoUse(tx, promo, user.userId, 'promo_code');

      // The booking, its lines and its tickets in one statement (one round trip, not three).
      const created = rowsOf<{ booking_id: number; id: number }>(
        await tx.execute(sql`
          with b as (
            insert into ${bookings} (user_id, event_id, event_date_id, status, currency, subtotal,
                                     discount, fees, total, promo_code_id, language, expires_at,
                                     created_at, updated_at)
            values (${user.userId}, ${event.id}, ${slot.id}, 'pending', ${event.currency},
                    ${priced.subtotal}, ${priced.discount}, ${priced.fees}, ${priced.total},
                    ${promo?.id ?? null}, ${user.language}, ${expiresAt}, ${now}, ${now})
            returning id),
          items as (
            insert into ${bookingItems} (booking_id, ticket_category_id, quantity, unit_price)
            select b.id, l.category, l.quantity, l.unit_price
              from b, unnest(${sql.param(lines.map((line) => line.ticket_category_id))}::int[],
                             ${sql.param(lines.map((line) => line.quantity))}::int[],
                             ${sql.param(lines.map((line) => line.category.price))}::int[])
                      as l(category, quantity, unit_price))
          insert into ${tickets} (booking_id, user_id, event_id, event_date_id, ticket_category_id,
                                  status, price, discount, secret, created_at, updated_at)
          select b.id, ${user.userId}, ${event.id}, ${slot.id}, t.category, 'pending', t.price,
                 t.discount, t.secret, ${now}, ${now}
            from b, unnest(${sql.param(priced.tickets.map((ticket) => ticket.ticket_category))}::int[],
                           ${sql.param(priced.tickets.map((ticket) => ticket.price))}::int[],
                           ${sql.param(priced.tickets.map((ticket) => ticket.discount))}::int[],
                           ${sql.param(priced.tickets.map(() => randomBytes(16).toString('base64url')))}::text[])
                    with ordinality as t(category, price, discount, secret, n)
           order by t.n
          returning booking_id, id`),
      );
      const bookingId = created[0]?.booking_id;
      if (bookingId === undefined) throw new Error('insert returned no row');
      const booking = answer({
        id: bookingId,
        ticketIds: created.map((ticket) => ticket.id).sort((a, b) => a - b),
      });
      if (claim) await rememberKey(tx, claim, booking);
      const full = deps.pipelineCommit
        ? await holdAllAndCommit(tx, slot.id, lines)
        : await holdAll(tx, slot.id, lines);
      if (full !== null) throw new SoldOut(full);
      return booking;
    });

  const soldOut = async (error: SoldOut): Promise<never> => {
    const index = lines.findIndex((line) => line.ticket_category_id === error.categoryId);
    const available = await availableIn(deps.db, slot.id, error.categoryId, deps.now());
    throw new AppError('sold_out', {
      status: 409,
      attr: `items.${index}.quantity`,
      params: { available },
    });
  };

  // A plain read first: when even the lapsed holds would not make room, refuse without ever
  // queueing on the inventory row (in a rush, most buyers get here once it is gone).
  for (const line of lines) {
    if ((await availableIn(deps.db, slot.id, line.ticket_category_id, now)) < line.quantity) {
      return soldOut(new SoldOut(line.ticket_category_id));
    }
  }
  let booking: Booking;
  try {
    booking = await attempt();
  } catch (error) {
    if (!(error instanceof SoldOut)) throw error;
    // Holds that lapsed in this slot are given back first; then one more try.
    if ((await releaseHolds(deps.db, now, { eventDateId: slot.id })) === 0) return soldOut(error);
    try {
      booking = await attempt();
    } catch (retryError) {
      if (retryError instanceof SoldOut) return soldOut(retryError);
      throw retryError;
    }
  }
  return booking;
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

/** PATCH /bookings/{id}/ — apply a promo code to a pending booking, or take it off. */
export async function updateBooking(
  deps: BookingsDeps,
  userId: string,
  id: number,
  input: BookingUpdateRequest,
): Promise<Booking> {
  const now = deps.now();
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
  await releaseHolds(deps.db, deps.now(), { bookingIds: [id] });
  return getBooking(deps, userId, id);
}
