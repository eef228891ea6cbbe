import { createHash } from 'node:crypto';
import { isLuhnValid, TEST_CARDS } from '@hafla/shared/bookings/cards';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sandboxCharges, sandboxRefunds } from '../../db/schema/sandbox-gateway';
import {
  PaymentFailed,
  type Charge,
  type ChargeRequest,
  type PaymentGateway,
  type RefundRequest,
} from '../../lib/payments/gateway';

/** Sandbox tokens, for clients that never handle card numbers. */
const TOKENS: Record<string, string> = {
  pm_card_visa: TEST_CARDS.success,
  pm_card_declined: TEST_CARDS.declined,
  pm_card_insufficient_funds: TEST_CARDS.insufficient_funds,
};

/** The card number behind a payment method, or a refusal when it is not one the sandbox knows. */
function testCard(paymentMethod: string): string {
  const card = TOKENS[paymentMethod] ?? paymentMethod.replace(/[\s-]/g, '');
  if (!isLuhnValid(card)) {
    throw new PaymentFailed('payment_method_invalid');
  }
  if (card === TEST_CARDS.declined) throw new PaymentFailed('payment_declined');
  if (card === TEST_CARDS.insufficient_funds) throw new PaymentFailed('insufficient_funds');
  // Like a processor's test mode: only its documented test numbers move (pretend) money.
  if (card !== TEST_CARDS.success) throw new PaymentFailed('payment_method_invalid');
  return card;
}

const idFor = (prefix: string, key: string) =>
  `${prefix}_${createHash('sha256').update(key).digest('base64url').slice(0, 24)}`;

const toCharge = (row: typeof sandboxCharges.$inferSelect): Charge => ({
  id: row.id,
  amount: row.amount,
  currency: row.currency,
  cardLast4: row.card_last4,
});

/**
 * A card processor's test mode in Hafla's own database. It keeps its own books (charges and
 * refunds), so a refund is checked against what it captured, whatever the caller believes.
 */
export function createSandboxGateway(db: Db): PaymentGateway {
  async function findCharge(idempotencyKey: string): Promise<Charge | null> {
    const [stored] = await db
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.idempotency_key, idempotencyKey));
    return stored ? toCharge(stored) : null;
  }

  return {
    name: 'sandbox',

    async charge(request: ChargeRequest): Promise<Charge> {
      const card = testCard(request.paymentMethod);
      const values = {
        id: idFor('ch', request.idempotencyKey),
        idempotency_key: request.idempotencyKey,
        amount: request.amount,
        currency: request.currency,
        card_last4: card.slice(-4),
        description: request.description,
      };
      const [inserted] = await db
        .insert(sandboxCharges)
        .values(values)
        .onConflictDoNothing()
        .returning();
      const stored = inserted ? toCharge(inserted) : await findCharge(request.idempotencyKey);
      if (!stored || stored.amount !== request.amount || stored.currency !== request.currency) {
        // The same key for a different charge is the caller's bug; a processor refuses it too.
        throw new Error('sandbox: idempotency key reused for a different charge');
      }
      return stored;
    },

    findCharge,

    async refund(request: RefundRequest): Promise<{ id: string }> {
      const id = idFor('re', request.idempotencyKey);
      return db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(sandboxRefunds)
          .values({
            id,
            charge_id: request.chargeId,
            idempotency_key: request.idempotencyKey,
            amount: request.amount,
          })
          .onConflictDoNothing()
          .returning({ id: sandboxRefunds.id });
        if (!inserted) return { id };
        const [charge] = await tx
          .update(sandboxCharges)
          .set({ refunded: sql`${sandboxCharges.refunded} + ${request.amount}` })
          .where(
            and(
              eq(sandboxCharges.id, request.chargeId),
              sql`${sandboxCharges.refunded} + ${request.amount} <= ${sandboxCharges.amount}`,
            ),
          )
          .returning({ id: sandboxCharges.id });
        if (!charge) throw new PaymentFailed('refund_exceeds_capture');
        return { id };
      });
    },
  };
}
