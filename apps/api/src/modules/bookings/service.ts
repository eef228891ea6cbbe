import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, gt, inArray } from 'drizzle-orm';
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
import { promoAppliesTo, quote, type PromoTerms } from '@hafla/shared/bookings/pricing';
import type { Language } from '@hafla/shared/common/i18n';
import { dayInZone, formatInZone } from '@hafla/shared/common/zoned-time';
import { COUNTED_TICKET_STATES } from '@hafla/shared/bookings/states';
import type { Db, Tx } from '../../db/client';
import { bookingItems, bookings } from '../../db/schema/bookings';
import { eventDates, events, ticketCategories } from '../../db/schema/events';
import { AppError, fieldError, notFound } from '../../lib/app-error';
import {
  earlierAnswer,
  findAnswer,
  requestInProgress,
  storedAnswer,
  type IdempotencyClaim,
} from '../idempotency/idempotency';
import {
  platformSettingsOf,
  readPlatformSettings,
  type PlatformSettings,
} from '../catalog/platform-settings';
import type { FileStorage } from '../../lib/storage';
import { loadEventSummaries } from '../discovery/event-summaries';
import { eventStatusOf } from '../events/ownership';
import {
  BOOK_CONTEXT,
  COUNT_AND_NUMBER,
  INSERT_BOOKING,
  KEY_CONSTRAINT,
  LOCK_USER,
  type ContextRow,
  type CountRow,
} from './book-statements';
import { findBookings, loadBooking, toBookings } from './booking-views';
import {
  availableIn,
  availableInPipeline,
  queueHolds,
  releaseHolds,
  releasePromoUses,
  SoldOut,
  takenInEvent,
  ticketsHeldBySlot,
  type Line,
} from './inventory';
import { inPipeline, type Pipeline } from '../../db/pipeline';
import {
  checkPromoFailures,
  countingPromoFailures,
  PROMO_FAILURE_COUNT,
  promoFailureValues,
  refuseAtPromoLimit,
  type PromoClient,
} from './promo-failures';
import {
  activePromo,
  checkPromoUsable,
  findPromo,
  pipelinePromoUse,
  repriceBooking,
  takePromoUse,
  type PromoRow,
} from './promo';

export interface BookingsDeps {
  db: Db;
  storage: FileStorage;
  now: () => Date;
}

type EventRow = typeof events.$inferSelect;
type CategoryRow = typeof ticketCategories.$inferSelect;
/** What booking needs of a category. */
type OrderCategory = Pick<
  CategoryRow,
  | 'id'
  | 'name'
  | 'price'
  | 'quantity'
  | 'position'
  | 'min_per_order'
  | 'max_per_order'
  | 'sales_start'
  | 'sales_end'
>;

function salesStateOf(category: CategoryRow, available: number, now: Date): SalesState {
  if (category.sales_start && category.sales_start > now) return 'not_started';
  if (category.sales_end && category.sales_end <= now) return 'ended';
  return available > 0 ? 'on_sale' : 'sold_out';
}

/** Published, not cancelled and not over: the only events anyone may book. */
function bookableEvent<E extends Pick<EventRow, 'status' | 'last_end_at'>>(
  event: E | undefined,
  now: Date,
): E {
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
  const [slots, categories, taken, held] = await Promise.all([
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
    takenInEvent(deps.db, eventId, now),
    reader.userId
      ? ticketsHeldBySlot(deps.db, reader.userId, eventId, now)
      : new Map<number, number>(),
  ]);
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
        const available = Math.max(0, category.quantity - taken(slot.id, category.id));
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

/** A category named twice in one order is refused (before anything is read). */
function checkDistinctCategories(items: BookRequest['items']): void {
  const seen = new Set<number>();
  items.forEach((item, index) => {
    if (seen.has(item.ticket_category)) {
      throw fieldError('duplicate_ticket_category', `items.${index}.ticket_category`);
    }
    seen.add(item.ticket_category);
  });
}

/** The order's lines with their categories, in the order's order; a foreign category is refused. */
function linesOf<C extends { id: number }>(
  items: BookRequest['items'],
  categories: C[],
): Array<Line & { category: C }> {
  const byId = new Map(categories.map((category) => [category.id, category]));
  return items.map((item, index) => {
    const category = byId.get(item.ticket_category);
    if (!category) {
      throw fieldError('ticket_category_not_in_event', `items.${index}.ticket_category`);
    }
    return { ticket_category_id: category.id, quantity: item.quantity, category };
  });
}

/** The order's categories, priced by the server; foreign or repeated categories are refused. */
async function orderLines(
  db: Db | Tx,
  eventId: number,
  items: BookRequest['items'],
): Promise<Array<Line & { category: CategoryRow }>> {
  checkDistinctCategories(items);
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
  return linesOf(items, rows);
}

const pricedLines = (lines: Array<Line & { category: Pick<CategoryRow, 'price'> }>) =>
  lines.map((line) => ({
    ticket_category: line.ticket_category_id,
    quantity: line.quantity,
    unit_price: line.category.price,
  }));

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

/** Per-category and per-order limits, before anything is locked. */
function checkOrderRules(
  event: Pick<EventRow, 'max_tickets_per_order'>,
  lines: Array<Line & { category: OrderCategory }>,
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

/** The order as the context read found it, every check before a lock passed. */
interface Order {
  event: Pick<EventRow, 'id' | 'title' | 'timezone' | 'currency' | 'max_tickets_per_order'>;
  slot: { id: number; start_at: Date; end_at: Date };
  lines: Array<Line & { category: OrderCategory & { free: number } }>;
  settings: PlatformSettings;
  promo: (Pick<PromoRow, 'id' | 'code' | 'max_uses_per_user'> & { terms: PromoTerms }) | null;
}

/**
 * The checks of a booking that need no lock, in the order a client meets them: the event, the
 * slot, the categories and the per-order rules, the promo code.
 */
function orderOf(rows: ContextRow[], input: BookRequest, now: Date): Order {
  const first = rows[0];
  const event = bookableEvent(
    first?.event_id != null
      ? {
          id: first.event_id,
          status: first.event_status,
          last_end_at: first.last_end_at,
          title: first.title,
          timezone: first.timezone,
          currency: first.currency,
          max_tickets_per_order: first.max_tickets_per_order,
        }
      : undefined,
    now,
  );
  if (first?.slot_id == null) throw notFound('event_date');
  const slot = { id: first.slot_id, start_at: first.slot_start, end_at: first.slot_end };
  if (slot.start_at <= now) throw new AppError('sales_closed', { status: 409, attr: 'event_date' });
  const lines = linesOf(
    input.items,
    rows.flatMap((row) =>
      row.category_id === null
        ? []
        : [
            {
              id: row.category_id,
              name: row.name,
              price: row.price,
              quantity: row.quantity,
              position: row.position,
              min_per_order: row.min_per_order,
              max_per_order: row.max_per_order,
              sales_start: row.sales_start,
              sales_end: row.sales_end,
              free: row.free,
            },
          ],
    ),
  );
  checkOrderRules(event, lines, now);
  let promo: Order['promo'] = null;
  if (input.promo_code) {
    const row = activePromo(
      first.promo_id === null
        ? null
        : {
            id: first.promo_id,
            code: first.promo_code,
            discount_type: first.promo_discount_type,
            value: first.promo_value,
            max_uses: first.promo_max_uses,
            uses: first.promo_uses,
            max_uses_per_user: first.promo_max_uses_per_user,
            valid_from: first.promo_valid_from,
            valid_until: first.promo_valid_until,
            ticket_category_ids: first.promo_ticket_category_ids,
            is_active: first.promo_is_active,
          },
      'promo_code',
    );
    const categoryIds = lines.map((line) => line.ticket_category_id);
    promo = { ...row, terms: checkPromoUsable(row, categoryIds, now, 'promo_code') };
  }
  return { event, slot, lines, settings: platformSettingsOf(first.settings), promo };
}

/** `sold_out` for an order's category, with what is left of it. */
function soldOutError(
  items: BookRequest['items'],
  categoryId: number,
  available: number,
): AppError {
  const index = items.findIndex((item) => item.ticket_category === categoryId);
  return new AppError('sold_out', {
    status: 409,
    attr: `items.${index}.quantity`,
    params: { available },
  });
}

/** How one attempt at a booking ended. */
type Attempt = { booking: Booking } | { replay: unknown } | { claimedByTwin: true };

interface Buyer extends PromoClient {
  language: Language;
}

/**
 * POST /tickets/book/ — holds the tickets for `hold_minutes` in one short transaction of two
 * round trips (decision 0005). The first reads everything the checks need (with an earlier
 * answer under the Idempotency-Key, answered before anything else), locks the buyer's row — so
 * their open holds and per-slot allowance cannot race each other — and counts them. The second
 * writes the booking with the key and its answer, and holds the tickets last, in the same
 * message as the COMMIT, so the hot inventory rows stay locked for the shortest time.
 */
export function book(
  deps: Pick<BookingsDeps, 'db' | 'now'>,
  user: Buyer,
  input: BookRequest,
  claim: IdempotencyClaim | null = null,
): Promise<Booking> {
  // Only an order with a promo code can fail one (and pays for counting it).
  if (!input.promo_code) return holdTickets(deps, user, input, claim);
  return countingPromoFailures(deps.db, user, deps.now(), () =>
    holdTickets(deps, user, input, claim),
  );
}

async function holdTickets(
  deps: Pick<BookingsDeps, 'db' | 'now'>,
  user: Buyer,
  input: BookRequest,
  claim: IdempotencyClaim | null,
): Promise<Booking> {
  const now = deps.now();
  checkDistinctCategories(input.items);
  const attempt = async () => {
    const outcome = await inPipeline(deps.db, (tx) => attemptBooking(tx, user, input, claim, now));
    if ('booking' in outcome) return outcome.booking;
    if ('replay' in outcome) return outcome.replay as Booking;
    const answer = claim ? await findAnswer(deps.db, claim) : null;
    if (!answer) throw requestInProgress();
    return answer.ok as Booking;
  };
  // A hold that did not fit: its slot and category were checked to be the order's.
  const soldOut = async (error: SoldOut): Promise<never> => {
    const available = await availableIn(deps.db, input.event_date, error.categoryId, deps.now());
    throw soldOutError(input.items, error.categoryId, available);
  };

  try {
    return await attempt();
  } catch (error) {
    if (!(error instanceof SoldOut)) throw error;
    // Holds that lapsed in this slot are given back first; then one more try.
    const released = await releaseHolds(deps.db, now, { eventDateId: input.event_date });
    if (released === 0) return soldOut(error);
    try {
      return await attempt();
    } catch (retryError) {
      if (retryError instanceof SoldOut) return soldOut(retryError);
      throw retryError;
    }
  }
}

/** One booking transaction (see `book`); rejects with `SoldOut` when a hold did not fit. */
async function attemptBooking(
  tx: Pipeline,
  user: Buyer,
  input: BookRequest,
  claim: IdempotencyClaim | null,
  now: Date,
): Promise<Attempt> {
  const tickets = input.items.reduce((sum, item) => sum + item.quantity, 0);
  // The first round trip: the read, and the lock and counts that are used once it has passed.
  const context = tx.query<ContextRow>(BOOK_CONTEXT, [
    input.event,
    input.event_date,
    input.items.map((item) => item.ticket_category),
    user.userId,
    claim?.scope ?? null,
    claim?.key ?? null,
    input.promo_code ?? null,
  ]);
  // With a code, the guessing limit's counters are read in the same first message.
  const failures = input.promo_code
    ? tx.query<{ count: number }>(PROMO_FAILURE_COUNT, promoFailureValues(user, now))
    : null;
  const locked = tx.query(LOCK_USER, [user.userId]);
  const counted = tx.query<CountRow>(COUNT_AND_NUMBER, [
    user.userId,
    now,
    input.event_date,
    input.items.flatMap((item) => Array<number>(item.quantity).fill(item.ticket_category)),
    COUNTED_TICKET_STATES,
    claim?.scope ?? null,
    claim?.key ?? null,
  ]);

  const rows = await context;
  const earlier = rows[0];
  if (claim && earlier?.request_hash != null) {
    const answer = earlierAnswer(
      { request_hash: earlier.request_hash, response_body: earlier.response_body },
      claim,
    );
    // A booking writes its key with its answer: one without is another operation's claim.
    if (answer === 'in_progress') throw requestInProgress();
    return { replay: answer.ok };
  }
  if (failures) refuseAtPromoLimit((await failures)[0]?.count ?? 0, now);
  const order = orderOf(rows, input, now);
  // When even the lapsed holds would not make room, refuse without ever queueing on the
  // inventory row (in a rush, most buyers get here once it is gone).
  for (const line of order.lines) {
    if (line.category.free >= line.quantity) continue;
    const available = await availableInPipeline(tx, order.slot.id, line.ticket_category_id, now);
    if (available < line.quantity) {
      throw soldOutError(input.items, line.ticket_category_id, available);
    }
  }
  await locked;
  const [counts] = await counted;
  if (!counts) throw new Error('the counts returned no row');
  // A twin under the same key committed while this one waited for the buyer's row: its answer
  // is replayed (before the counts, which include its booking).
  if (counts.key_taken) return { claimedByTwin: true };
  const { max_open_holds: maxOpen, hold_minutes: holdMinutes } = order.settings;
  if (counts.open >= maxOpen) {
    throw new AppError('hold_limit', { status: 429, params: { max: maxOpen } });
  }
  const remaining = order.event.max_tickets_per_order - counts.in_slot;
  if (tickets > remaining) {
    throw new AppError('max_per_order_exceeded', {
      status: 409,
      attr: 'items',
      params: { max: order.event.max_tickets_per_order, remaining: Math.max(0, remaining) },
    });
  }
  if (order.promo) await pipelinePromoUse(tx, order.promo, user.userId, 'promo_code');

  // The second round trip: the booking, the holds and the COMMIT.
  const priced = quote(pricedLines(order.lines), order.promo?.terms ?? null);
  const written = {
    id: counts.booking_id,
    ticketIds: [...counts.ticket_ids].sort((a, b) => a - b),
    expiresAt: new Date(now.getTime() + holdMinutes * 60_000),
    now,
  };
  const booking = bookingAnswer(order, priced, written);
  const inserted = tx.query(INSERT_BOOKING, [
    written.id,
    user.userId,
    order.event.id,
    order.slot.id,
    order.event.currency,
    priced.subtotal,
    priced.discount,
    priced.fees,
    priced.total,
    order.promo?.id ?? null,
    user.language,
    written.expiresAt,
    now,
    order.lines.map((line) => line.ticket_category_id),
    order.lines.map((line) => line.quantity),
    order.lines.map((line) => line.category.price),
    claim?.scope ?? null,
    claim?.key ?? null,
    claim?.requestHash ?? null,
    claim ? JSON.stringify(storedAnswer(booking)) : null,
    written.ticketIds,
    priced.tickets.map((ticket) => ticket.ticket_category),
    priced.tickets.map((ticket) => ticket.price),
    priced.tickets.map((ticket) => ticket.discount),
    priced.tickets.map(() => randomBytes(16).toString('base64url')),
  ]);
  const held = queueHolds(tx, order.slot.id, order.lines);
  const committed = tx.commit();
  try {
    await inserted;
  } catch (error) {
    // A twin under the same key committed first without the buyer's row lock (a process of an
    // older version, say): its answer is replayed.
    if ((error as { constraint?: string }).constraint === KEY_CONSTRAINT) {
      return { claimedByTwin: true };
    }
    throw error;
  }
  await held;
  await committed;
  return { booking };
}

/** The booking as written, as loadBooking would read it back (a test checks they agree). */
function bookingAnswer(
  order: Order,
  priced: ReturnType<typeof quote>,
  written: { id: number; ticketIds: number[]; expiresAt: Date; now: Date },
): Booking {
  const { event, slot, lines, promo } = order;
  const zone = event.timezone;
  const byPosition = [...lines].sort(
    (a, b) => a.category.position - b.category.position || a.category.id - b.category.id,
  );
  return {
    id: written.id,
    status: 'pending',
    event: event.id,
    event_title: event.title,
    event_date: {
      id: slot.id,
      start: formatInZone(slot.start_at, zone),
      end: formatInZone(slot.end_at, zone),
    },
    timezone: zone,
    expires_at: formatInZone(written.expiresAt, zone),
    items: byPosition.map((line) => ({
      ticket_category: line.ticket_category_id,
      name: line.category.name,
      quantity: line.quantity,
      unit_price: line.category.price,
      discount: priced.tickets
        .filter((ticket) => ticket.ticket_category === line.ticket_category_id)
        .reduce((sum, ticket) => sum + ticket.discount, 0),
    })),
    tickets: written.ticketIds.map((ticketId, index) => ({
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
    created_at: formatInZone(written.now, zone),
    confirmed_at: null,
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
  await releaseHolds(deps.db, deps.now(), { bookingIds: [id] });
  return getBooking(deps, userId, id);
}
