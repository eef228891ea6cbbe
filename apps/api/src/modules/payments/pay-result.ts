import type { PayResult, Payment } from '@hafla/shared/bookings/payments';
import { formatInZone } from '@hafla/shared/common/zoned-time';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { payments } from '../../db/schema/payments';
import { notFound } from '../../lib/app-error';
import { loadBooking } from '../bookings/surface';

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

/** The answer of a paid booking: the booking and its payment. */
export async function payResult(
  db: Db | Tx,
  bookingId: number,
  timezone: string,
): Promise<PayResult> {
  const confirmed = await loadBooking(db, bookingId, null);
  if (!confirmed) throw notFound('booking');
  const [payment] = await db.select().from(payments).where(eq(payments.booking_id, bookingId));
  return { booking: confirmed, payment: payment ? toPayment(payment, timezone) : null };
}
