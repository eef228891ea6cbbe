/**
 * What Hafla needs from a card processor. The sandbox (the default) implements it against its own
 * tables; a real processor plugs in behind the same interface. Every call carries an idempotency
 * key: repeating a call with the same key returns the first result and moves no money twice.
 */
export interface ChargeRequest {
  amount: number;
  currency: string;
  /** A card number (sandbox) or the processor's payment-method token. */
  paymentMethod: string;
  idempotencyKey: string;
  description: string;
}

export interface Charge {
  id: string;
  amount: number;
  currency: string;
  cardLast4: string | null;
}

export interface RefundRequest {
  chargeId: string;
  amount: number;
  idempotencyKey: string;
}

export type PaymentFailureCode =
  'payment_declined' | 'insufficient_funds' | 'payment_method_invalid' | 'refund_exceeds_capture';

/** The processor said no; nothing was captured (or refunded). */
export class PaymentFailed extends Error {
  override name = 'PaymentFailed';
  constructor(readonly code: PaymentFailureCode) {
    super(code);
  }
}

export interface PaymentGateway {
  readonly name: string;
  charge(request: ChargeRequest): Promise<Charge>;
  refund(request: RefundRequest): Promise<{ id: string }>;
  /**
   * The charge made under this idempotency key, or null when none was made (a processor that
   * declined keeps no charge). Used to settle a charge whose answer was lost (decision 0010).
   */
  findCharge(idempotencyKey: string): Promise<Charge | null>;
}
