import { eq, sql } from 'drizzle-orm';
import { paymentAttempts } from '../src/db/schema/payments';
import type { PaymentGateway } from '../src/lib/payments/gateway';
import { rowsOf } from '../src/lib/db-rows';
import type { TestContext } from './helpers';

/**
 * The payment processor is the one outside boundary these tests cut: the real sandbox charges,
 * then the answer is lost on the way back (a network error), or the process "dies" right there
 * (the call never returns).
 */
export function afterCharging(
  ctx: TestContext,
  mode: 'lose-answer' | 'die',
): { restore(): void; release(): void } {
  const deps = ctx.app.paymentsDeps;
  const sandbox = deps.gateway;
  let release: () => void = () => undefined;
  const dead = new Promise<never>((_resolve, reject) => {
    release = () => reject(new Error('the process that made this call is gone'));
  });
  // The hung call is released at the end of its test; nothing awaits it before.
  dead.catch(() => undefined);
  const wrapped: PaymentGateway = {
    ...sandbox,
    async charge(request) {
      await sandbox.charge(request);
      if (mode === 'die') return dead;
      throw new Error('gateway: socket hang up');
    },
  };
  deps.gateway = wrapped;
  return {
    restore: () => {
      deps.gateway = sandbox;
    },
    release,
  };
}

/** A booking's payment attempts, oldest first. */
export function attemptsOf(ctx: TestContext, bookingId: number) {
  return ctx.database.db
    .select({
      number: paymentAttempts.number,
      status: paymentAttempts.status,
      gateway_key: paymentAttempts.gateway_key,
      refusal: paymentAttempts.refusal,
    })
    .from(paymentAttempts)
    .where(eq(paymentAttempts.booking_id, bookingId))
    .orderBy(paymentAttempts.number);
}

/** Lets every open attempt of a booking reach its settling age, as a minute would. */
export async function ageAttempts(ctx: TestContext, bookingId: number): Promise<void> {
  await ctx.database.db
    .update(paymentAttempts)
    .set({ settle_after: sql`now() - interval '1 second'` })
    .where(eq(paymentAttempts.booking_id, bookingId));
}

/** What the sandbox processor holds for a booking: its charges and their refunds. */
export async function sandboxBooksOf(ctx: TestContext, bookingId: number) {
  return rowsOf<{ amount: number; refunded: number; refunds: number }>(
    await ctx.database.db.execute(sql`
      select c.amount, c.refunded,
             (select count(*) from sandbox_refunds r where r.charge_id = c.id)::int as refunds
        from sandbox_charges c
       where substring(c.description from '^Hafla booking ([0-9]+):')::int = ${bookingId}
       order by c.created_at`),
  );
}

/** The booking's payment rows, refund rows and refund notices queued for the buyer. */
export async function paymentRowsOf(ctx: TestContext, bookingId: number) {
  const [row] = rowsOf<{ payments: number; refunds: number; unsent: number; mailed: number }>(
    await ctx.database.db.execute(sql`
      select (select count(*) from payments where booking_id = ${bookingId})::int as payments,
             (select count(*) from refunds where booking_id = ${bookingId})::int as refunds,
             (select count(*) from refunds where booking_id = ${bookingId}
                 and gateway_refund_id is null)::int as unsent,
             (select count(*) from mail_outbox m join refunds r on r.id = (m.params->>'refund')::int
               where m.kind = 'refund' and r.booking_id = ${bookingId})::int as mailed`),
  );
  return row!;
}
