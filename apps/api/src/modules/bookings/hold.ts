import { randomBytes } from 'node:crypto';
import type { Booking, BookRequest } from '@hafla/shared/bookings/bookings';
import { quote } from '@hafla/shared/bookings/pricing';
import { COUNTED_TICKET_STATES } from '@hafla/shared/bookings/states';
import type { Language } from '@hafla/shared/common/i18n';
import { formatInZone } from '@hafla/shared/common/zoned-time';
import { inPipeline, type Pipeline } from '../../db/pipeline';
import { AppError } from '../../lib/app-error';
import {
  earlierAnswer,
  findAnswer,
  requestInProgress,
  storedAnswer,
  type IdempotencyClaim,
} from '../idempotency/idempotency';
import {
  BOOK_CONTEXT,
  COUNT_AND_NUMBER,
  INSERT_BOOKING,
  KEY_CONSTRAINT,
  LOCK_USER,
  type ContextRow,
  type CountRow,
} from './book-statements';
import { availableIn, availableInPipeline, queueHolds, releaseHolds, SoldOut } from './inventory';
import {
  checkDistinctCategories,
  orderOf,
  pricedLines,
  soldOutError,
  type Order,
} from './order-rules';
import {
  countingPromoFailures,
  PROMO_FAILURE_COUNT,
  promoFailureValues,
  refuseAtPromoLimit,
  type PromoClient,
} from './promo-failures';
import { pipelinePromoUse } from './promo';
import { judgeSeats, SeatsLapsed, seatTaken, ticketSeatOf, type SeatPick } from './seat-selection';
import { CLAIM_SEATS, LOCK_SEATS, READ_SEAT_ROWS, type SeatRowRow } from './seat-statements';
import type { BookingsDeps } from './service';

/** The hold transaction: an order becomes a pending booking holding its tickets. */

/** How one attempt at a booking ended. */
type Attempt = { booking: Booking } | { replay: unknown } | { claimedByTwin: true };

export interface Buyer extends PromoClient {
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
  deps: Pick<BookingsDeps, 'db' | 'now' | 'seats'>,
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
  deps: Pick<BookingsDeps, 'db' | 'now' | 'seats'>,
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

  let booking: Booking;
  try {
    booking = await attempt();
  } catch (error) {
    if (!(error instanceof SoldOut) && !(error instanceof SeatsLapsed)) throw error;
    // Holds that lapsed in this slot are given back first (their seats too); then one more try.
    const released = await releaseHolds(
      deps.db,
      now,
      { eventDateId: input.event_date },
      200,
      deps.seats,
    );
    // A seat whose lapsed holder could not be released (a late payment has it locked) is taken.
    if (released === 0) {
      if (error instanceof SoldOut) return soldOut(error);
      throw seatTaken(error.seat, error.index);
    }
    try {
      booking = await attempt();
    } catch (retryError) {
      if (retryError instanceof SoldOut) return soldOut(retryError);
      if (retryError instanceof SeatsLapsed) throw seatTaken(retryError.seat, retryError.index);
      throw retryError;
    }
  }
  const seats = booking.tickets.flatMap((ticket) => (ticket.seat ? [ticket.seat.id] : []));
  if (seats.length > 0) deps.seats?.changed(input.event_date, seats, 'held');
  return booking;
}

/** One booking transaction (see `book`); rejects with `SoldOut` when a hold did not fit. */
async function attemptBooking(
  tx: Pipeline,
  user: Buyer,
  input: BookRequest,
  claim: IdempotencyClaim | null,
  now: Date,
): Promise<Attempt> {
  const seatIds = input.seats ?? [];
  const tickets = input.items.reduce((sum, item) => sum + item.quantity, 0) + seatIds.length;
  // The first round trip: the read, and the lock and counts that are used once it has passed.
  const context = tx.query<ContextRow>(BOOK_CONTEXT, [
    input.event,
    input.event_date,
    input.items.map((item) => item.ticket_category),
    user.userId,
    claim?.scope ?? null,
    claim?.key ?? null,
    input.promo_code ?? null,
    seatIds,
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
    [
      ...input.items.flatMap((item) => Array<number>(item.quantity).fill(item.ticket_category)),
      ...seatIds.map(() => 0),
    ],
    COUNTED_TICKET_STATES,
    claim?.scope ?? null,
    claim?.key ?? null,
  ]);
  // With seats: the slot's seat lock (after the buyer's), then the rows of the seats asked for,
  // read under it, so the orphan rule judges what no one else changes until this commits.
  const seatRows =
    seatIds.length > 0 ? seatRowsUnderLock(tx, input.event_date, seatIds, now) : null;

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
  // The event and slot first (a seat of an unknown slot is unknown because of the slot).
  if (seatRows) orderOf(rows, { ...input, items: [], seats: [], promo_code: null }, now);
  const pick: SeatPick | null = seatRows ? judgeSeats(seatIds, await seatRows) : null;
  const order = orderOf(rows, input, now, pick?.lines);
  // When even the lapsed holds would not make room, refuse without ever queueing on the
  // inventory row (in a rush, most buyers get here once it is gone). Seats were read under
  // their lock: they are the truth for seated categories.
  for (const line of order.lines) {
    if (line.category.seated || line.category.free >= line.quantity) continue;
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
    seats: seatsOfTickets(priced.tickets, pick),
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
    written.seats.map((seat) => seat?.seat_id ?? null),
  ]);
  // The seats before the inventory rows (the lock order); either failing rolls everything back.
  const claimed = pick
    ? tx.query(CLAIM_SEATS, [order.slot.id, written.id, seatIds, seatIds.length])
    : null;
  claimed?.catch(() => undefined);
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
  if (claimed) {
    try {
      await claimed;
    } catch (error) {
      // Under the seat lock nobody else can take them: only a late payment's retake could.
      if ((error as { code?: string }).code === '22012') throw new SeatsLapsed(seatIds[0]!, 0);
      throw error;
    }
  }
  await held;
  await committed;
  return { booking };
}

/** The slot's seat lock, then the rows of the seats asked for (both in the first message). */
function seatRowsUnderLock(
  tx: Pipeline,
  slotId: number,
  seatIds: string[],
  now: Date,
): Promise<SeatRowRow[]> {
  const locked = tx.query(LOCK_SEATS, [slotId]);
  const rows = tx.query<SeatRowRow>(READ_SEAT_ROWS, [slotId, seatIds, now]);
  const read = locked.then(() => rows);
  read.catch(() => undefined);
  return read;
}

/**
 * Each ticket's seat, in the tickets' order: a seated category's tickets take its seats in the
 * order they were asked for.
 */
function seatsOfTickets(
  tickets: ReadonlyArray<{ ticket_category: number }>,
  pick: SeatPick | null,
): Array<SeatRowRow | null> {
  if (!pick) return tickets.map(() => null);
  const queues = new Map<number, SeatRowRow[]>();
  for (const seat of pick.seats) {
    const queue = queues.get(seat.ticket_category_id);
    if (queue) queue.push(seat);
    else queues.set(seat.ticket_category_id, [seat]);
  }
  return tickets.map((ticket) => queues.get(ticket.ticket_category)?.shift() ?? null);
}

/** The booking as written, as loadBooking would read it back (a test checks they agree). */
function bookingAnswer(
  order: Order,
  priced: ReturnType<typeof quote>,
  written: {
    id: number;
    ticketIds: number[];
    expiresAt: Date;
    now: Date;
    seats: Array<SeatRowRow | null>;
  },
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
      seat: written.seats[index] ? ticketSeatOf(written.seats[index]) : null,
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
