import type { PayResult } from '@hafla/shared/bookings/payments';
import type { Db, Tx } from '../../db/client';
import { paymentAttempts } from '../../db/schema/payments';
import { eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import { moneyParam } from '../../lib/money';
import type { Charge } from '../../lib/payments/gateway';
import type { Attempt } from './attempts';

/** How a charge ends: applied, or refused and refunded, and the answer each gives. */

/** Why a charge could not be applied; the answer names it, and says the charge was refunded. */
export type RefusalCode =
  'hold_expired' | 'booking_already_paid' | 'max_per_order_exceeded' | 'event_not_bookable';

/** The charge could not be applied (the booking moved on meanwhile); it is refunded at once. */
export class ChargeNotApplied extends Error {
  constructor(readonly code: RefusalCode) {
    super(code);
  }
}

/** The attempt was settled by someone else meanwhile (a twin call or the sweep refunded it). */
export class AttemptClosed extends Error {
  constructor(readonly refusal: RefusalCode) {
    super(refusal);
  }
}

/** A charge and the attempt it was made under. */
export interface Paid {
  attempt: Attempt;
  charge: Charge;
}

/** How a charge ended: applied by this call, applied by a twin or the sweep, or refunded. */
export type Settled =
  /** `result`: the answer, when the confirmation rendered it (and stored it under the key). */
  | { kind: 'applied'; notified: number[]; result?: PayResult | null }
  | { kind: 'already_applied' }
  | { kind: 'refunded'; code: RefusalCode; amount: number };

/** The answer to a charge that could not be applied and was refunded. */
export const refusalOf = (
  settled: { code: RefusalCode; amount: number },
  currency: string,
): AppError =>
  new AppError(settled.code, {
    status: 409,
    attr: 'booking',
    params: settled.amount > 0 ? { refunded: moneyParam(settled.amount, currency) } : {},
  });

/** An attempt's outcome when it was settled already; null while it is open. */
export async function attemptOutcome(tx: Db | Tx, attemptId: number): Promise<Settled | null> {
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
