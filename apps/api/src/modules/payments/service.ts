import { and, asc, eq, sql } from 'drizzle-orm';
import type { PayRequest, PayResult, Payment } from '@hafla/shared/bookings/payments';
import { platformFee, quote, type PromoTerms } from '@hafla/shared/bookings/pricing';
import { formatInZone } from '@hafla/shared/common/zoned-time';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { appSettings } from '../../db/schema/catalog';
import { bookingItems, bookings, payments, refunds, tickets } from '../../db/schema/bookings';
import { eventDates, events, promoCodes } from '../../db/schema/events';
import { paymentAttempts } from '../../db/schema/payments';
import { AppError, fieldError, notFound } from '../../lib/app-error';
import { rowsOf } from '../../lib/db-rows';
import { settleKey, type KeyIdentity } from '../../lib/idempotency';
import { formatAmount } from '../../lib/money';
import { PaymentFailed, type Charge, type PaymentGateway } from '../../lib/payments/gateway';
import {
  platformSettingsOf,
  readPlatformSettings,
  type PlatformSettings,
} from '../../lib/platform-settings';
import { loadBooking } from '../bookings/booking-views';
import { retake, sellHeld, ticketsHeldInSlot, type Line, type Tx } from '../bookings/inventory';
import { checkPromoUsable, repriceBooking, takePromoUse } from '../bookings/promo';
import { eventStatusOf } from '../events/ownership';
import { addNotifications } from '../notifications/notify';
import { queueBookingConfirmation, queueRefundNotice } from '../tickets/ticket-mails';
import { failAttempt, openAttempt, requestHashOf, type Attempt } from './attempts';
import { confirmPending } from './confirm-pending';
import { appendLedger, availableAfter } from '../finance';
import { sendToGateway } from './refunds';
import { saleNotices } from './sale-notices';

export interface PaymentsDeps {
  db: Db;
  gateway: PaymentGateway;
  now: () => Date;
  /** After a booking is confirmed and committed (tickets by email). */
  onConfirmed: (bookingId: number) => void;
  /** After a refund is committed and sent to the gateway (the refund email). */
  onRefunded: (refundId: number) => void;
  /** After the commit: push the notifications the transaction wrote (Notifier.push). */
  notify: (notificationIds: number[]) => void;
}

export type PaymentRow = typeof payments.$inferSelect;

export function toPayment(row: PaymentRow, timezone: string): Payment {
  return {
    id: row.id,
    status:
      row.refunded_amount === 0
        ? 'succeeded'
        : row.refunded_amount === row.amount
          ? 'refunded'
          : 'partially_refunded',
    amount: row.amount,
    refunded_amount: row.refunded_amount,
    currency: row.currency,
    card_last4: row.card_last4,
    created_at: formatInZone(row.created_at, timezone),
  };
}

/** Why a charge could not be applied; the answer names it, and says the charge was refunded. */
export type RefusalCode =
  'hold_expired' | 'booking_already_paid' | 'max_per_order_exceeded' | 'event_not_bookable';

/** The charge could not be applied (the booking moved on meanwhile); it is refunded at once. */
class ChargeNotApplied extends Error {
  constructor(readonly code: RefusalCode) {
    super(code);
  }
}

/** The attempt was settled by someone else meanwhile (a twin call or the sweep refunded it). */
class AttemptClosed extends Error {
  constructor(readonly refusal: RefusalCode) {
    super(refusal);
  }
}

/** The idempotency scope of POST /payment/pay/ (the sweep answers a dead call's key under it). */
export const PAY_SCOPE = 'pay';

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

function promoTermsOf(promo: PromoRow | null, categoryIds: number[], now: Date) {
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
const payContextQuery = (db: Db) =>
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
    .prepare('pay_context');

const payContextStatements = new WeakMap<Db, ReturnType<typeof payContextQuery>>();

async function readPayContext(db: Db, bookingId: number, userId: string) {
  let statement = payContextStatements.get(db);
  if (!statement) {
    statement = payContextQuery(db);
    payContextStatements.set(db, statement);
  }
  const [row] = await statement.execute({ booking: bookingId, user: userId });
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

const totalOf = (context: PayContext, terms: PromoTerms | null) =>
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

/** A charge and the attempt it was made under. */
export interface Paid {
  attempt: Attempt;
  charge: Charge;
}

/** How a charge ended: applied by this call, applied by a twin or the sweep, or refunded. */
export type Settled =
  | { kind: 'applied'; notified: number[] }
  | { kind: 'already_applied' }
  | { kind: 'refunded'; code: RefusalCode; amount: number };

/**
 * POST /payment/pay/ — charges the booking's total and confirms it. The total is recomputed from
 * the held prices and the promo code as it stands now. The attempt is recorded before the charge
 * (decision 0010), the charge happens outside any database transaction (a processor is a network
 * away), then one transaction turns the hold into a sale, issues the tickets, writes the ledger
 * and marks the attempt applied. A hold that lapsed meanwhile is taken again when the tickets are
 * still there; otherwise the charge is refunded at once and the answer says so. Identical calls
 * at once share the open attempt and its gateway key: one charge, the same confirmation.
 */
export async function pay(
  deps: PaymentsDeps,
  userId: string,
  input: PayRequest,
  idempotencyKey: string | null,
): Promise<PayResult> {
  const now = deps.now();
  const found = await readPayContext(deps.db, input.booking, userId);
  if (!found) throw notFound('booking');
  const { context, settings } = found;
  const { booking } = context;
  if (['confirmed', 'partially_refunded', 'refunded'].includes(booking.status)) {
    throw new AppError('booking_already_paid', { status: 409, attr: 'booking' });
  }
  if (booking.status === 'cancelled') {
    throw new AppError('booking_not_pending', { status: 409, attr: 'booking' });
  }
  if (!isBookable(context, now)) {
    throw new AppError('event_not_bookable', { status: 409, attr: 'booking' });
  }
  const terms =
    booking.promo_code_id === null
      ? null
      : promoTermsOf(
          found.promo,
          context.lines.map((line) => line.ticket_category_id),
          now,
        );
  const total = totalOf(context, terms);
  if (total > 0 && !input.payment_method) throw fieldError('required', 'payment_method');
  if (booking.status === 'expired' || booking.expires_at <= now) {
    await precheckLapsed(deps.db, booking, context.lines, context.event, now);
  }

  let paid: Paid | null = null;
  if (total > 0) {
    const paymentMethod = input.payment_method ?? '';
    const attempt = await openAttempt(deps.db, {
      bookingId: booking.id,
      amount: total,
      gateway: deps.gateway.name,
      requestHash: requestHashOf(total, booking.currency, paymentMethod),
      idempotencyKey,
      now,
    });
    try {
      const charge = await deps.gateway.charge({
        amount: attempt.amount,
        currency: attempt.currency,
        paymentMethod,
        // Derived from the booking and the attempt: identical calls reach the gateway as one.
        idempotencyKey: attempt.gateway_key,
        description: `Hafla booking ${booking.id}: ${context.event.title}`,
      });
      paid = { attempt, charge };
    } catch (error) {
      if (error instanceof PaymentFailed) {
        await failAttempt(deps.db, attempt.id, now);
        throw new AppError(error.code, { status: 402, attr: 'payment_method' });
      }
      // The charge may have happened: the attempt stays open, and a retry or the sweep settles it.
      throw error;
    }
  }

  // A call that joined another call's attempt answers that call's key too: it may have died.
  const opener = paid?.attempt.idempotency_key;
  const answer =
    opener && opener !== idempotencyKey ? { userId, scope: PAY_SCOPE, key: opener } : null;
  const settled = await settleCharge(deps, context, terms, paid, now, answer, false, settings);
  if (settled.kind === 'refunded') {
    throw refusalOf(settled, booking.currency);
  }
  if (settled.kind === 'applied') {
    deps.onConfirmed(booking.id);
    deps.notify(settled.notified);
  }
  return payResult(deps.db, booking.id, context.event.timezone);
}

/** The answer of a paid booking: the booking and its payment. */
async function payResult(db: Db | Tx, bookingId: number, timezone: string): Promise<PayResult> {
  const confirmed = await loadBooking(db, bookingId, null);
  if (!confirmed) throw notFound('booking');
  const [payment] = await db.select().from(payments).where(eq(payments.booking_id, bookingId));
  return { booking: confirmed, payment: payment ? toPayment(payment, timezone) : null };
}

/** The answer to a charge that could not be applied and was refunded. */
export const refusalOf = (
  settled: { code: RefusalCode; amount: number },
  currency: string,
): AppError =>
  new AppError(settled.code, {
    status: 409,
    attr: 'booking',
    params: settled.amount > 0 ? { refunded: formatAmount(settled.amount, currency) } : {},
  });

/**
 * Applies a charge (or confirms a free booking) and, when it cannot be applied, refunds it —
 * each exactly once whoever calls (the paying request, a twin, the sweep): the attempt's status
 * changes only under the booking's lock. `answer`: the key of a dead call to answer with the
 * outcome, in the same transaction; `bySweep`: the buyer is mailed a refund (no call answers them).
 */
export async function settleCharge(
  deps: PaymentsDeps,
  context: PayContext,
  terms: PromoTerms | null,
  paid: Paid | null,
  now: Date,
  answer: KeyIdentity | null,
  bySweep = false,
  known?: PlatformSettings,
): Promise<Settled> {
  const settings = known ?? (await readPlatformSettings(deps.db));
  try {
    if (answer === null) {
      // Nearly every payment: a live hold, confirmed in two round trips.
      const pending = await confirmPending(deps, context, terms, paid, settings, now);
      if (pending.kind === 'applied') return pending;
      if (pending.kind === 'attempt_closed' && paid) {
        const settled = await attemptOutcome(deps.db, paid.attempt.id);
        throw new AttemptClosed(settled?.kind === 'refunded' ? settled.code : 'hold_expired');
      }
    }
    return await confirm(deps, context, terms, paid, settings, now, answer);
  } catch (error) {
    if (error instanceof AttemptClosed && paid) {
      return { kind: 'refunded', code: error.refusal, amount: paid.attempt.amount };
    }
    if (!(error instanceof ChargeNotApplied)) throw error;
    if (!paid) return { kind: 'refunded', code: error.code, amount: 0 };
    return refundUnapplied(deps, context.booking.id, paid, error.code, now, answer, bySweep);
  }
}

async function confirm(
  deps: PaymentsDeps,
  context: PayContext,
  terms: PromoTerms | null,
  paid: Paid | null,
  settings: PlatformSettings,
  now: Date,
  answer: KeyIdentity | null,
): Promise<Settled> {
  const { booking, event, slot, lines } = context;
  const userId = booking.user_id;
  const lapsed = (row: { status: string; expires_at: Date }) =>
    row.status === 'expired' || row.expires_at <= now;
  return deps.db.transaction(async (tx) => {
    // Lock order as in booking: the user's row, then the booking, promo codes, inventory.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
    const [locked] = await tx
      .select()
      .from(bookings)
      .where(eq(bookings.id, booking.id))
      .for('update');
    if (!locked) throw new ChargeNotApplied('hold_expired');
    if (paid && locked.status !== 'pending' && locked.status !== 'expired') {
      // Perhaps paid with this very charge, by a twin call or the sweep.
      const settled = await attemptOutcome(tx, paid.attempt.id);
      if (settled) return settled;
    }
    if (locked.status === 'expired') {
      await reclaimLapsed(tx, locked, lines, userId, event.max_tickets_per_order, now);
    } else if (locked.status === 'pending' && lapsed(locked)) {
      // Still counted as held, but the buyer may have booked the slot's allowance since.
      await checkAllowance(tx, locked, lines, userId, event.max_tickets_per_order, now);
    } else if (locked.status !== 'pending') {
      throw new ChargeNotApplied(
        locked.status === 'cancelled' ? 'hold_expired' : 'booking_already_paid',
      );
    }
    await repriceBooking(tx, locked, terms, locked.promo_code_id, now);
    const issued = await issueTickets(tx, locked.id, event.requires_approval, settings, now);
    await tx
      .update(bookings)
      .set({ status: 'confirmed', confirmed_at: now, updated_at: now })
      .where(eq(bookings.id, locked.id));
    if (paid) await recordPayment(tx, deps.gateway.name, locked.id, paid, now);
    await appendSale(tx, locked.id, event.organizer_id, slot.end_at, settings, now);
    const ids = await addNotifications(
      tx,
      saleNotices(locked, issued, event.organizer_id, paid?.charge ?? null),
    );
    await queueBookingConfirmation(tx, locked.id);
    if (answer) {
      await settleKey(tx, answer, { ok: await payResult(tx, locked.id, event.timezone) });
    }
    // The inventory last: its rows are the hot ones, locked from here to the commit only.
    if (locked.status === 'pending') await sellHeld(tx, locked.event_date_id, lines);
    else if (!(await retake(tx, locked.event_date_id, lines))) {
      throw new ChargeNotApplied('hold_expired');
    }
    return { kind: 'applied', notified: ids };
  });
}

/**
 * The payment row, written only while its attempt is still open (one statement: the attempt
 * becomes `applied` and the payment is inserted from it). An attempt refunded meanwhile (the
 * sweep gave up on it) is never applied.
 */
async function recordPayment(tx: Tx, gateway: string, bookingId: number, paid: Paid, now: Date) {
  const { attempt, charge } = paid;
  const [recorded] = rowsOf<{ id: number }>(
    await tx.execute(sql`
      with applied as (
        update ${paymentAttempts}
           set status = 'applied', gateway_charge_id = ${charge.id}, updated_at = ${now}
         where id = ${attempt.id} and status in ('charging', 'failed')
         returning id)
      insert into ${payments} (booking_id, gateway, gateway_charge_id, amount, currency,
             card_last4, created_at, updated_at)
      select ${bookingId}, ${gateway}, ${charge.id}, ${charge.amount}, ${charge.currency},
             ${charge.cardLast4}, ${now}, ${now}
        from applied
      returning id`),
  );
  if (recorded) return;
  const settled = await attemptOutcome(tx, attempt.id);
  throw new AttemptClosed(settled?.kind === 'refunded' ? settled.code : 'hold_expired');
}

/** An attempt's outcome when it was settled already; null while it is open. */
async function attemptOutcome(tx: Db | Tx, attemptId: number): Promise<Settled | null> {
  const [row] = await tx
    .select({
      status: paymentAttempts.status,
      refusal: paymentAttempts.refusal,
      amount: paymentAttempts.amount,
    })
    .from(paymentAttempts)
    .where(eq(paymentAttempts.id, attemptId));
  if (row?.status === 'applied') return { kind: 'already_applied' };
  if (row?.status === 'refunded') {
    return {
      kind: 'refunded',
      code: (row.refusal as RefusalCode | null) ?? 'hold_expired',
      amount: row.amount,
    };
  }
  return null;
}

/** A lapsed booking's tickets plus what the buyer holds in the slot now stay within the allowance. */
async function checkAllowance(
  tx: Tx,
  booking: { event_date_id: number },
  lines: Line[],
  userId: string,
  maxPerOrder: number,
  now: Date,
): Promise<void> {
  const wanted = lines.reduce((sum, line) => sum + line.quantity, 0);
  if ((await ticketsHeldInSlot(tx, userId, booking.event_date_id, now)) + wanted > maxPerOrder) {
    throw new ChargeNotApplied('max_per_order_exceeded');
  }
}

/**
 * A lapsed hold paid for after all: the buyer's allowance for the slot and the promo code's use
 * are checked and taken again, and its tickets wait for the inventory (taken last, by the caller).
 */
async function reclaimLapsed(
  tx: Tx,
  booking: typeof bookings.$inferSelect,
  lines: Line[],
  userId: string,
  maxPerOrder: number,
  now: Date,
): Promise<void> {
  await checkAllowance(tx, booking, lines, userId, maxPerOrder, now);
  if (booking.promo_code_id !== null) {
    const [promo] = await tx
      .select()
      .from(promoCodes)
      .where(eq(promoCodes.id, booking.promo_code_id));
    if (!promo) throw new ChargeNotApplied('hold_expired');
    try {
      await takePromoUse(tx, promo, userId, 'promo_code');
    } catch (error) {
      if (error instanceof AppError) throw new ChargeNotApplied('hold_expired');
      throw error;
    }
  }
  await tx
    .update(tickets)
    .set({ status: 'pending' })
    .where(and(eq(tickets.booking_id, booking.id), eq(tickets.status, 'expired')));
}

/**
 * Refuses before any charge a lapsed hold the buyer may no longer take: they hold the slot's
 * allowance in other bookings now. Tickets gone meanwhile are found after the charge, which is
 * then refunded at once, as the contract says.
 */
async function precheckLapsed(
  db: Db,
  booking: typeof bookings.$inferSelect,
  lines: Line[],
  event: { max_tickets_per_order: number },
  now: Date,
): Promise<void> {
  const wanted = lines.reduce((sum, line) => sum + line.quantity, 0);
  const held = await ticketsHeldInSlot(db, booking.user_id, booking.event_date_id, now);
  if (held + wanted > event.max_tickets_per_order) {
    throw new AppError('max_per_order_exceeded', {
      status: 409,
      attr: 'booking',
      params: {
        max: event.max_tickets_per_order,
        remaining: Math.max(0, event.max_tickets_per_order - held),
      },
    });
  }
}

/** Paid tickets become valid (or wait for the organizer's approval) and carry the platform's fee. */
async function issueTickets(
  tx: Tx,
  bookingId: number,
  requiresApproval: boolean,
  settings: PlatformSettings,
  now: Date,
): Promise<number[]> {
  const rows = await tx
    .select({ id: tickets.id, price: tickets.price, discount: tickets.discount })
    .from(tickets)
    .where(and(eq(tickets.booking_id, bookingId), eq(tickets.status, 'pending')))
    .orderBy(asc(tickets.id));
  const status = requiresApproval ? 'pending_approval' : 'valid';
  for (const row of rows) {
    const fee = platformFee(
      row.price - row.discount,
      settings.platform_fee_percent,
      settings.platform_fee_fixed,
    );
    await tx
      .update(tickets)
      .set({ status, platform_fee: fee, updated_at: now })
      .where(eq(tickets.id, row.id));
  }
  return rows.map((row) => row.id);
}

/** The sale's ledger row: what the tickets cost, the discount, the platform's fee. */
async function appendSale(
  tx: Tx,
  bookingId: number,
  organizerId: string,
  slotEnd: Date,
  settings: PlatformSettings,
  now: Date,
): Promise<void> {
  const [sums] = await tx
    .select({
      gross: sql<number>`coalesce(sum(${tickets.price}), 0)::int`,
      discount: sql<number>`coalesce(sum(${tickets.discount}), 0)::int`,
      fee: sql<number>`coalesce(sum(${tickets.platform_fee}), 0)::int`,
      eventId: sql<number>`min(${tickets.event_id})::int`,
      currency: sql<string>`min(${bookings.currency})`,
    })
    .from(tickets)
    .innerJoin(bookings, eq(bookings.id, tickets.booking_id))
    .where(eq(tickets.booking_id, bookingId));
  // A free order moves no money and writes no ledger row.
  if (!sums || sums.gross === 0) return;
  await appendLedger(tx, {
    organizerId,
    eventId: sums.eventId,
    bookingId,
    kind: 'sale',
    gross: sums.gross,
    discount: sums.discount,
    platformFee: sums.fee,
    currency: sums.currency,
    availableAt: availableAfter(slotEnd, settings.payout_hold_days),
    now,
  });
}

/**
 * Gives back a charge that could not be applied: the decision is recorded first (the attempt
 * becomes `refunded` with its refund row, under the booking's lock, so it happens once), then the
 * gateway is asked (the refund's id is its key; one the gateway did not confirm is sent again by
 * the sweep). An attempt a twin applied meanwhile is left applied.
 */
export async function refundUnapplied(
  deps: PaymentsDeps,
  bookingId: number,
  paid: Paid,
  code: RefusalCode,
  now: Date,
  answer: KeyIdentity | null,
  bySweep: boolean,
): Promise<Settled> {
  const { attempt, charge } = paid;
  const recorded = await deps.db.transaction(async (tx) => {
    await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.id, bookingId))
      .for('update');
    const [state] = await tx
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.id, attempt.id))
      .for('update');
    const settled = state ? await attemptOutcome(tx, state.id) : null;
    if (settled) return { settled, refundId: null };
    const [refund] = await tx
      .insert(refunds)
      .values({
        booking_id: bookingId,
        payment_id: null,
        amount: charge.amount,
        currency: charge.currency,
        reason: 'hold_lapsed',
        ticket_ids: [],
        created_at: now,
      })
      .returning({ id: refunds.id });
    if (!refund) throw new Error('insert returned no row');
    await tx
      .update(paymentAttempts)
      .set({
        status: 'refunded',
        gateway_charge_id: charge.id,
        refund_id: refund.id,
        refusal: code,
        updated_at: now,
      })
      .where(eq(paymentAttempts.id, attempt.id));
    // A call that died never told the buyer; a live call's answer says it (no mail, as before).
    if (bySweep) await queueRefundNotice(tx, refund.id);
    const outcome: Settled = { kind: 'refunded', code, amount: charge.amount };
    if (answer) await settleKey(tx, answer, refusalOf(outcome, charge.currency));
    return { settled: outcome, refundId: refund.id };
  });
  if (recorded.refundId !== null) {
    try {
      await sendToGateway(deps, recorded.refundId);
    } catch {
      // Recorded, so not lost: the sweep sends it again.
    }
    deps.onRefunded(recorded.refundId);
  }
  return recorded.settled;
}
