import type { PayResult } from '@hafla/shared/bookings/payments';
import { platformFee, quote, type PromoTerms } from '@hafla/shared/bookings/pricing';
import { formatInZone } from '@hafla/shared/common/zoned-time';
import type { PlatformSettings } from '../catalog/platform-settings';
import {
  renderBooking,
  type BookingItemRow,
  type BookingTicketRow,
  type Line,
} from '../bookings/surface';
import { storedAnswer, type KeyIdentity } from '../idempotency/idempotency';
import { inPipeline, RolledBack, type Pipeline, type Statement } from '../../db/pipeline';
import { notificationsInsert } from '../notifications/notify';
import { bookingConfirmationStatement } from '../tickets/ticket-mails';
import { availableAfter, ledgerInsert } from '../finance';
import { saleNotices } from './sale-notices';
import type { Paid } from './charge-outcomes';
import type { PayContext } from './pay-context';
import type { PaymentsDeps } from './service';

/**
 * The confirmation of a hold that is still pending and within its time — nearly every payment —
 * in two round trips, as a hold is taken (decision 0005): the locks, the tickets and the lines are
 * read in one, and every write — the answer under the caller's Idempotency-Key too — and the
 * COMMIT go out together in the other, the hot rows last (the inventory, then the event's sales
 * figures the ledger entry adds to) so they are locked only until the commit. The answer is
 * rendered from what was read and written, not read back. Prepared once per connection on
 * PostgreSQL. Anything else (a lapsed or expired hold, a booking paid meanwhile, a dead call's
 * key to answer) is left
 * to the full transaction in service.ts (`confirm`), which this one never contradicts: it writes
 * the same rows (decision 0013).
 */

export type PendingOutcome =
  | { kind: 'applied'; notified: number[]; result: PayResult | null }
  /** The booking is not a pending, live hold (any more): the full transaction decides. */
  | { kind: 'not_pending' }
  /** The payment attempt was settled by someone else (the sweep refunded it): nothing changed. */
  | { kind: 'attempt_closed' };

const LOCK_USER: Statement = {
  name: 'pay_lock_user',
  text: `select 1 from users where id = $1 for no key update`,
};

/** $1 booking, $2 whether a payment is recorded (it gets its id now, for the answer). */
const LOCK_BOOKING: Statement = {
  name: 'pay_lock_booking',
  text: `
select status, expires_at, case when $2::boolean then nextval('payments_id_seq')::int end
       as payment_id
  from bookings where id = $1 for update`,
};

/** The booking's tickets as the answer shows them (`BookingTicketRow`), with their prices. */
const BOOKING_TICKETS: Statement = {
  name: 'pay_tickets',
  text: `
select t.id, t.booking_id, t.ticket_category_id as ticket_category, t.price, t.status, t.discount,
       t.holder_name, t.holder_email, t.holder_phone, t.seat_id, s.section_label_en as section_en,
       s.section_label_ar as section_ar, s.row_label as row, s.seat_label as seat
  from tickets t
  left join event_date_seats s on s.event_date_id = t.event_date_id and s.seat_id = t.seat_id
 where t.booking_id = $1
 order by t.id`,
};

/** The booking's lines as the answer shows them (`BookingItemRow`), in their categories' order. */
const BOOKING_ITEMS: Statement = {
  name: 'pay_items',
  text: `
select i.booking_id, i.ticket_category_id as ticket_category, c.name, i.quantity, i.unit_price
  from booking_items i join ticket_categories c on c.id = i.ticket_category_id
 where i.booking_id = $1
 order by c.position, c.id`,
};

/** The answer stored under the caller's key. $1 user, $2 scope, $3 key, $4 answer. */
const ANSWER_KEY: Statement = {
  name: 'pay_answer_key',
  text: `
update idempotency_keys set response_status = 200, response_body = $4
 where user_id = $1 and scope = $2 and key = $3 and response_status is null`,
};

/** $1 ticket ids, $2 discounts, $3 fees, $4 status, $5 now. */
const ISSUE_TICKETS: Statement = {
  name: 'pay_issue_tickets',
  text: `
update tickets t set discount = v.discount, platform_fee = v.fee, status = $4, updated_at = $5
  from unnest($1::int[], $2::int[], $3::int[]) as v (id, discount, fee)
 where t.id = v.id`,
};

/** $1 booking, $2 subtotal, $3 discount, $4 fees, $5 total, $6 now. */
const CONFIRM_BOOKING: Statement = {
  name: 'pay_confirm_booking',
  text: `
update bookings set subtotal = $2, discount = $3, fees = $4, total = $5, status = 'confirmed',
       confirmed_at = $6, updated_at = $6
 where id = $1`,
};

/**
 * The payment, written only while its attempt is still open (as `recordPayment` in service.ts):
 * the attempt becomes `applied` and the payment is inserted from it; when the attempt was closed
 * meanwhile nothing is inserted and the division by zero aborts the transaction.
 * $1 attempt, $2 charge id, $3 now, $4 booking, $5 gateway, $6 amount, $7 currency, $8 card,
 * $9 the payment's id.
 */
const RECORD_PAYMENT: Statement = {
  name: 'pay_record_payment',
  text: `
with applied as (
  update payment_attempts set status = 'applied', gateway_charge_id = $2, updated_at = $3
   where id = $1 and status in ('charging', 'failed')
  returning id),
recorded as (
  insert into payments (id, booking_id, gateway, gateway_charge_id, amount, currency, card_last4,
                        created_at, updated_at)
  overriding system value
  select $9, $4, $5, $2, $6, $7, $8, $3, $3 from applied
  returning id)
select 1 / count(*)::int as recorded from recorded`,
};
const ATTEMPT_CLOSED = '22012';

/** $1 slot, $2 category, $3 quantity. */
const SELL_HELD: Statement = {
  name: 'pay_sell_held',
  text: `
update ticket_inventory set held = held - $3, sold = sold + $3
 where event_date_id = $1 and ticket_category_id = $2`,
};

interface TicketRow extends BookingTicketRow {
  price: number;
}

/** What the paying call is answered with: its promo code as shown, and its key (null: none). */
export interface Reply {
  promoCode: string | null;
  key: KeyIdentity | null;
}

export async function confirmPending(
  deps: Pick<PaymentsDeps, 'db' | 'gateway'>,
  context: PayContext,
  terms: PromoTerms | null,
  paid: Paid | null,
  settings: PlatformSettings,
  now: Date,
  reply: Reply | null,
): Promise<PendingOutcome> {
  const { booking, event, slot, lines } = context;
  return inPipeline(deps.db, async (tx) => {
    // Lock order as in booking: the user's row, then the booking; the hot rows last.
    const [, locked, ticketRows, items] = await Promise.all([
      tx.query(LOCK_USER, [booking.user_id]),
      tx.query<{ status: string; expires_at: Date; payment_id: number | null }>(LOCK_BOOKING, [
        booking.id,
        paid !== null,
      ]),
      tx.query<TicketRow>(BOOKING_TICKETS, [booking.id]),
      reply ? tx.query<BookingItemRow>(BOOKING_ITEMS, [booking.id]) : null,
    ]);
    const state = locked[0];
    if (!state || state.status !== 'pending' || state.expires_at <= now) {
      return { kind: 'not_pending' };
    }

    const priced = quote(
      ticketRows.map((ticket) => ({
        ticket_category: ticket.ticket_category,
        quantity: 1,
        unit_price: ticket.price,
      })),
      terms,
    );
    const issued = ticketRows
      .map((ticket, index) => {
        const discount = priced.tickets[index]?.discount ?? 0;
        const fee = platformFee(
          ticket.price - discount,
          settings.platform_fee_percent,
          settings.platform_fee_fixed,
        );
        return { ...ticket, discount, fee };
      })
      .filter((ticket) => ticket.status === 'pending');

    const status = event.requires_approval ? 'pending_approval' : 'valid';
    const writes: Array<Promise<unknown>> = [
      tx.query(ISSUE_TICKETS, [
        issued.map((ticket) => ticket.id),
        issued.map((ticket) => ticket.discount),
        issued.map((ticket) => ticket.fee),
        status,
        now,
      ]),
      tx.query(CONFIRM_BOOKING, [
        booking.id,
        priced.subtotal,
        priced.discount,
        priced.fees,
        priced.total,
        now,
      ]),
    ];
    const recorded = paid
      ? tx.query(RECORD_PAYMENT, [
          paid.attempt.id,
          paid.charge.id,
          now,
          booking.id,
          deps.gateway.name,
          paid.charge.amount,
          paid.charge.currency,
          paid.charge.cardLast4,
          state.payment_id,
        ])
      : null;
    const notified = tx.sql<{ id: number }>(
      notificationsInsert(
        deps.db,
        saleNotices(
          booking,
          issued.map((ticket) => ticket.id),
          event.organizer_id,
          paid?.charge ?? null,
        ),
      ).getSQL(),
      { prepare: true },
    );
    writes.push(tx.sql(bookingConfirmationStatement(booking.id), { prepare: true }));
    const result = items
      ? payAnswer(context, reply?.promoCode ?? null, items, ticketRows, {
          priced,
          issued: new Map(issued.map((ticket) => [ticket.id, ticket.discount])),
          status,
          paymentId: state.payment_id,
          paid,
          now,
        })
      : null;
    if (result && reply?.key) {
      const { userId, scope, key } = reply.key;
      writes.push(tx.query(ANSWER_KEY, [userId, scope, key, JSON.stringify(storedAnswer(result))]));
    }
    // The hot rows last, so they stay locked only until the commit: the inventory, then the
    // event's sales figures that the ledger entry's trigger adds to (one row for the whole event,
    // the hottest of all in a rush). Refunds take them in the same order.
    sellHeld(tx, slot.id, lines);
    const gross = ticketRows.reduce((sum, ticket) => sum + ticket.price, 0);
    // A free order moves no money and writes no ledger row.
    if (gross > 0) {
      writes.push(
        tx.sql(
          ledgerInsert(deps.db, {
            organizerId: event.organizer_id,
            eventId: booking.event_id,
            bookingId: booking.id,
            kind: 'sale',
            gross,
            discount: priced.discount,
            platformFee: issued.reduce((sum, ticket) => sum + ticket.fee, 0),
            currency: booking.currency,
            availableAt: availableAfter(slot.end_at, settings.payout_hold_days),
            now,
          }).getSQL(),
          { prepare: true },
        ),
      );
    }
    try {
      await tx.commit();
    } catch (error) {
      if (error instanceof RolledBack && recorded) {
        const cause = await recorded.then(
          () => null,
          (reason: unknown) => reason,
        );
        if ((cause as { code?: string } | null)?.code === ATTEMPT_CLOSED) {
          return { kind: 'attempt_closed' };
        }
      }
      throw error;
    }
    await Promise.all(writes);
    return { kind: 'applied', notified: (await notified).map((row) => row.id), result };
  });
}

/** The confirmed booking and its payment, as `payResult` would read them back after the commit. */
function payAnswer(
  context: PayContext,
  promoCode: string | null,
  items: BookingItemRow[],
  ticketRows: TicketRow[],
  written: {
    priced: ReturnType<typeof quote>;
    /** The discount of each ticket issued now. */
    issued: Map<number, number>;
    status: string;
    paymentId: number | null;
    paid: Paid | null;
    now: Date;
  },
): PayResult {
  const { booking, event, slot } = context;
  const { priced, issued, now } = written;
  const zone = event.timezone;
  const confirmed = renderBooking(
    {
      booking: {
        ...booking,
        status: 'confirmed',
        subtotal: priced.subtotal,
        discount: priced.discount,
        fees: priced.fees,
        total: priced.total,
        confirmed_at: now,
        updated_at: now,
      },
      event_title: event.title,
      timezone: zone,
      organizer_id: event.organizer_id,
      requires_approval: event.requires_approval,
      slot_start: slot.start_at,
      slot_end: slot.end_at,
      promo_code: promoCode,
    },
    items,
    ticketRows.map((ticket) => {
      const discount = issued.get(ticket.id);
      return discount === undefined ? ticket : { ...ticket, discount, status: written.status };
    }),
  );
  const { paid, paymentId } = written;
  return {
    booking: confirmed,
    payment:
      paid && paymentId !== null
        ? {
            id: paymentId,
            status: 'succeeded',
            amount: paid.charge.amount,
            refunded_amount: 0,
            currency: paid.charge.currency,
            card_last4: paid.charge.cardLast4,
            created_at: formatInZone(now, zone),
          }
        : null,
  };
}

/** A paid hold becomes a sale, category by category in one order (as `sellHeld`). */
function sellHeld(tx: Pipeline, slotId: number, lines: Line[]): void {
  const byCategory = [...lines].sort((a, b) => a.ticket_category_id - b.ticket_category_id);
  for (const line of byCategory) {
    void tx
      .query(SELL_HELD, [slotId, line.ticket_category_id, line.quantity])
      .catch(() => undefined);
  }
}
