import type { Db } from '../../db/client';
import type { bookings } from '../../db/schema/bookings';
import { AppError } from '../../lib/app-error';
import { PaymentFailed, type PaymentGateway } from '../../lib/payments/gateway';
import { ticketsHeldInSlot, type Line } from '../bookings/surface';
import { failAttempt, openAttempt, requestHashOf } from './attempts';
import type { Paid } from './charge-outcomes';

/** The charge step: the gateway is asked for the money, outside any database transaction. */

/**
 * Refuses before any charge a lapsed hold the buyer may no longer take: they hold the slot's
 * allowance in other bookings now. Tickets gone meanwhile are found after the charge, which is
 * then refunded at once, as the contract says.
 */
export async function precheckLapsed(
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

/**
 * Charges `total` for the booking under a payment attempt recorded first (decision 0010):
 * identical calls at once share the open attempt and its gateway key, so they reach the gateway
 * as one charge. A declined card closes the attempt and answers 402; any other failure leaves it
 * open (the charge may have happened), for a retry or the sweep to settle.
 */
export async function chargeBooking(
  deps: { db: Db; gateway: PaymentGateway },
  booking: Pick<typeof bookings.$inferSelect, 'id' | 'currency'>,
  charge: { total: number; paymentMethod: string; description: string },
  idempotencyKey: string | null,
  now: Date,
): Promise<Paid> {
  const attempt = await openAttempt(deps.db, {
    bookingId: booking.id,
    amount: charge.total,
    gateway: deps.gateway.name,
    requestHash: requestHashOf(charge.total, booking.currency, charge.paymentMethod),
    idempotencyKey,
    now,
  });
  try {
    const captured = await deps.gateway.charge({
      amount: attempt.amount,
      currency: attempt.currency,
      paymentMethod: charge.paymentMethod,
      // Derived from the booking and the attempt: identical calls reach the gateway as one.
      idempotencyKey: attempt.gateway_key,
      description: charge.description,
    });
    return { attempt, charge: captured };
  } catch (error) {
    if (error instanceof PaymentFailed) {
      await failAttempt(deps.db, attempt.id, now);
      throw new AppError(error.code, { status: 402, attr: 'payment_method' });
    }
    // The charge may have happened: the attempt stays open, and a retry or the sweep settles it.
    throw error;
  }
}
