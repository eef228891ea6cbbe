import { platformFee, quote, type PromoTerms } from '@hafla/shared/bookings/pricing';
import type { PlatformSettings } from '../../lib/platform-settings';
import type { Line } from '../bookings/inventory';
import { inPipeline, RolledBack, type Pipeline, type Statement } from '../../db/pipeline';
import { notificationsInsert } from '../notifications/notify';
import { bookingConfirmationStatement } from '../tickets/ticket-mails';
import { availableAfter, ledgerInsert } from '../finance';
import { saleNotices } from './sale-notices';
import type { Paid, PayContext, PaymentsDeps } from './service';

/**
 * The confirmation of a hold that is still pending and within its time — nearly every payment —
 * in two round trips, as a hold is taken (decision 0005): the locks and the tickets are read in
 * one, and every write and the COMMIT go out together in the other, the inventory last so its
 * hot row is locked only until the commit. Prepared once per connection on PostgreSQL. Anything
 * else (a lapsed or expired hold, a booking paid meanwhile, a dead call's key to answer) is left
 * to the full transaction in service.ts (`confirm`), which this one never contradicts: it writes
 * the same rows (decision 0013).
 */

export type PendingOutcome =
  | { kind: 'applied'; notified: number[] }
  /** The booking is not a pending, live hold (any more): the full transaction decides. */
  | { kind: 'not_pending' }
  /** The payment attempt was settled by someone else (the sweep refunded it): nothing changed. */
  | { kind: 'attempt_closed' };

const LOCK_USER: Statement = {
  name: 'pay_lock_user',
  text: `select 1 from users where id = $1 for no key update`,
};

const LOCK_BOOKING: Statement = {
  name: 'pay_lock_booking',
  text: `select status, expires_at from bookings where id = $1 for update`,
};

const BOOKING_TICKETS: Statement = {
  name: 'pay_tickets',
  text: `select id, ticket_category_id, price, status from tickets where booking_id = $1 order by id`,
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
 * $1 attempt, $2 charge id, $3 now, $4 booking, $5 gateway, $6 amount, $7 currency, $8 card.
 */
const RECORD_PAYMENT: Statement = {
  name: 'pay_record_payment',
  text: `
with applied as (
  update payment_attempts set status = 'applied', gateway_charge_id = $2, updated_at = $3
   where id = $1 and status in ('charging', 'failed')
  returning id),
recorded as (
  insert into payments (booking_id, gateway, gateway_charge_id, amount, currency, card_last4,
                        created_at, updated_at)
  select $4, $5, $2, $6, $7, $8, $3, $3 from applied
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

interface TicketRow {
  id: number;
  ticket_category_id: number;
  price: number;
  status: string;
}

export async function confirmPending(
  deps: Pick<PaymentsDeps, 'db' | 'gateway'>,
  context: PayContext,
  terms: PromoTerms | null,
  paid: Paid | null,
  settings: PlatformSettings,
  now: Date,
): Promise<PendingOutcome> {
  const { booking, event, slot, lines } = context;
  return inPipeline(deps.db, async (tx) => {
    // Lock order as in booking: the user's row, then the booking; the inventory last.
    const [, locked, ticketRows] = await Promise.all([
      tx.query(LOCK_USER, [booking.user_id]),
      tx.query<{ status: string; expires_at: Date }>(LOCK_BOOKING, [booking.id]),
      tx.query<TicketRow>(BOOKING_TICKETS, [booking.id]),
    ]);
    const state = locked[0];
    if (!state || state.status !== 'pending' || state.expires_at <= now) {
      return { kind: 'not_pending' };
    }

    const priced = quote(
      ticketRows.map((ticket) => ({
        ticket_category: ticket.ticket_category_id,
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

    const writes: Array<Promise<unknown>> = [
      tx.query(ISSUE_TICKETS, [
        issued.map((ticket) => ticket.id),
        issued.map((ticket) => ticket.discount),
        issued.map((ticket) => ticket.fee),
        event.requires_approval ? 'pending_approval' : 'valid',
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
        ])
      : null;
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
        ),
      );
    }
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
    );
    writes.push(tx.sql(bookingConfirmationStatement(booking.id)));
    sellHeld(tx, slot.id, lines);
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
    return { kind: 'applied', notified: (await notified).map((row) => row.id) };
  });
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
