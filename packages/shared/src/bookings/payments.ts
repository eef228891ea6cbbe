import { z } from 'zod';
import { DbId } from '../common/ids';
import { Instant } from '../common/time';
import { Booking } from './bookings';

export { TEST_CARDS } from './cards';

/**
 * POST /api/v1/payment/pay/ — `payment_method` is a sandbox test card number (spaces allowed)
 * or the configured gateway's payment-method token; not needed when the total is 0.
 */
export const PayRequest = z.strictObject({
  booking: DbId,
  payment_method: z.string().trim().min(1).max(200).optional(),
});
export type PayRequest = z.infer<typeof PayRequest>;

export const Payment = z.object({
  id: z.number().int(),
  status: z.enum(['succeeded', 'refunded', 'partially_refunded']),
  amount: z.number().int(),
  refunded_amount: z.number().int(),
  currency: z.string(),
  /** Last four digits of the card, when paid by card. */
  card_last4: z.string().nullable(),
  created_at: Instant,
});
export type Payment = z.infer<typeof Payment>;

export const PayResult = z.object({ booking: Booking, payment: Payment.nullable() });
export type PayResult = z.infer<typeof PayResult>;

/** POST /api/v1/payment/refund-check/ and /refund/ — all of the booking's refundable tickets when `tickets` is omitted. */
export const RefundRequest = z.strictObject({
  booking: DbId,
  tickets: z.array(DbId).min(1).max(100).optional(),
});
export type RefundRequest = z.infer<typeof RefundRequest>;

export const RefundRefusal = z.enum([
  'no_tickets',
  'deadline_passed',
  'not_refundable',
  'not_paid',
  'event_cancelled',
]);
export type RefundRefusal = z.infer<typeof RefundRefusal>;

export const RefundPreview = z.object({
  booking: z.number().int(),
  tickets: z.array(z.number().int()),
  can_refund: z.boolean(),
  reason: RefundRefusal.nullable(),
  refund_amount: z.number().int(),
  refund_percentage: z.number().int(),
  currency: z.string(),
  /** Last moment a refund is possible under the event's policy. */
  deadline: Instant,
});
export type RefundPreview = z.infer<typeof RefundPreview>;

export const Refund = z.object({
  id: z.number().int(),
  amount: z.number().int(),
  currency: z.string(),
  reason: z.enum(['requested', 'event_cancelled', 'hold_lapsed']),
  created_at: Instant,
});
export type Refund = z.infer<typeof Refund>;

export const RefundResult = z.object({ booking: Booking, refund: Refund });
export type RefundResult = z.infer<typeof RefundResult>;

/** GET /api/v1/events/{id}/cancellation-check — the reader's tickets to the event, all at once. */
export const CancellationCheck = z.object({
  can_cancel: z.boolean(),
  reason: RefundRefusal.nullable(),
  refund_amount: z.number().int(),
  currency: z.string(),
  deadline: Instant.nullable(),
  /** Bookings a cancellation would refund. */
  bookings: z.array(z.number().int()),
});
export type CancellationCheck = z.infer<typeof CancellationCheck>;
