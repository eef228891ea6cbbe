import type { Booking } from '@hafla/shared/bookings/bookings';
import type { PayRequest, PayResult } from '@hafla/shared/bookings/payments';
import { isIn, PAID_BOOKING_STATES } from '@hafla/shared/bookings/states';
import type { Db } from '../../db/client';
import { AppError, fieldError, notFound } from '../../lib/app-error';
import { Answered } from '../idempotency/idempotency';
import type { PaymentGateway } from '../../lib/payments/gateway';
import { chargeBooking, precheckLapsed } from './charge';
import { refusalOf, type Paid } from './charge-outcomes';
import { isBookable, promoTermsOf, readPayContext, totalOf } from './pay-context';
import { payResult } from './pay-result';
import { settleCharge } from './settle-charge';
import type { SeatFeed } from '../bookings/surface';

/**
 * Paying for a booking, in named steps: read the pay context (`pay-context.ts`), charge
 * (`charge.ts`), settle — confirm the sale or refund the charge (`settle-charge.ts`,
 * `confirm-pending.ts`, `refund-unapplied.ts`). Refunds asked for later are `refunds.ts`.
 */
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
  /** Seat changes, after their commit, to the seat maps (decision 0020). */
  seats?: SeatFeed;
}

/** The idempotency scope of POST /payment/pay/ (the sweep answers a dead call's key under it). */
export const PAY_SCOPE = 'pay';

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
): Promise<PayResult | Answered<PayResult>> {
  const now = deps.now();
  const found = await readPayContext(deps.db, input.booking, userId);
  if (!found) throw notFound('booking');
  const { context, settings } = found;
  const { booking } = context;
  if (isIn(PAID_BOOKING_STATES, booking.status)) {
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

  const paid: Paid | null =
    total > 0
      ? await chargeBooking(
          deps,
          booking,
          {
            total,
            paymentMethod: input.payment_method ?? '',
            description: `Hafla booking ${booking.id}: ${context.event.title}`,
          },
          idempotencyKey,
          now,
        )
      : null;

  // A call that joined another call's attempt answers that call's key too: it may have died.
  const opener = paid?.attempt.idempotency_key;
  const answer =
    opener && opener !== idempotencyKey ? { userId, scope: PAY_SCOPE, key: opener } : null;
  const reply = {
    promoCode: found.promo?.code ?? null,
    key: idempotencyKey ? { userId, scope: PAY_SCOPE, key: idempotencyKey } : null,
  };
  const settled = await settleCharge(
    deps,
    context,
    terms,
    paid,
    now,
    answer,
    false,
    settings,
    reply,
  );
  if (settled.kind === 'refunded') {
    throw refusalOf(settled, booking.currency);
  }
  if (settled.kind === 'applied') {
    deps.onConfirmed(booking.id);
    deps.notify(settled.notified);
  }
  // A live hold's confirmation rendered its answer and stored it under the key (nearly always).
  const rendered = settled.kind === 'applied' ? settled.result : null;
  const result = rendered ?? (await payResult(deps.db, booking.id, context.event.timezone));
  if (settled.kind === 'applied') pushSold(deps, result.booking);
  return rendered && idempotencyKey ? new Answered(result) : result;
}

/** A confirmed booking's seats are sold: the seat maps are told (decision 0020). */
export function pushSold(deps: Pick<PaymentsDeps, 'seats'>, booking: Booking): void {
  const seats = booking.tickets.flatMap((ticket) => (ticket.seat ? [ticket.seat.id] : []));
  if (seats.length > 0) deps.seats?.changed(booking.event_date.id, seats, 'sold');
}
