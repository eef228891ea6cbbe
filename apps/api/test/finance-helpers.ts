import { sql } from 'drizzle-orm';
import { BalanceAnswer, type BalanceLine } from '@hafla/shared/finance/balance';
import { rowsOf } from '../src/lib/db-rows';
import { send } from './booking-helpers';
import { expectOk } from './event-helpers';
import type { TestContext } from './helpers';

/** A valid Saudi IBAN and bank code, for accounts in tests. */
export const GOOD_IBAN = 'SA0380000000608010167519';
export const GOOD_SWIFT = 'NCBKSAJE';

export const accountBody = (overrides: Record<string, unknown> = {}) => ({
  bank_name: 'Al Rajhi Bank',
  account_holder: 'Sami Events',
  iban: GOOD_IBAN,
  swift: GOOD_SWIFT,
  currency: 'SAR',
  ...overrides,
});

/** The organizer's balance in one currency through the API (zeros before any movement). */
export async function balanceOf(
  ctx: TestContext,
  auth: string,
  currency = 'SAR',
): Promise<BalanceLine> {
  const answer = expectOk(await send(ctx, auth, 'GET', '/api/v1/balance/'), 200, BalanceAnswer);
  return (
    answer.results.find((line) => line.currency === currency) ?? {
      currency,
      pending: 0,
      available: 0,
      reserved: 0,
      withdrawn: 0,
      next_available_at: null,
    }
  );
}

/** Runs `work` with the money clock `days` ahead (time passing, as far as the ledger reads it). */
export async function later<T>(ctx: TestContext, days: number, work: () => Promise<T>): Promise<T> {
  const deps = ctx.app.paymentsDeps;
  const real = deps.now;
  deps.now = () => new Date(Date.now() + days * 86_400_000);
  try {
    return await work();
  } finally {
    deps.now = real;
  }
}

/** The ledger's own sums for an organizer, straight from the postings, and any unbalanced entry. */
export async function ledgerOf(ctx: TestContext, organizerId: string, at: Date, currency = 'SAR') {
  const [row] = rowsOf<Record<string, string>>(
    await ctx.database.db.execute(sql`
      select
        coalesce(sum(amount) filter (where account = 'organizer_pending' and available_at > ${at.toISOString()}::timestamptz), 0) as pending,
        coalesce(sum(amount) filter (where (account = 'organizer_pending' and available_at <= ${at.toISOString()}::timestamptz) or account = 'organizer_available'), 0) as available,
        coalesce(sum(amount) filter (where account = 'organizer_reserved'), 0) as reserved,
        coalesce(sum(amount) filter (where account = 'organizer_paid_out'), 0) as withdrawn,
        coalesce(sum(amount) filter (where account = 'organizer_pending' and amount > 0), 0) as earned
        from ledger_postings where organizer_id = ${organizerId}::uuid and currency = ${currency}`),
  );
  const unbalanced = rowsOf<{ id: number }>(
    await ctx.database.db.execute(sql`
      select entry_id as id from ledger_postings group by entry_id having sum(amount) <> 0
      union all
      select j.id from journal_entries j
       where not exists (select 1 from ledger_postings p where p.entry_id = j.id)`),
  );
  const num = (value: string | undefined) => Number(value ?? 0);
  return {
    pending: num(row?.pending),
    available: num(row?.available),
    reserved: num(row?.reserved),
    withdrawn: num(row?.withdrawn),
    earned: num(row?.earned),
    unbalanced: unbalanced.length,
  };
}
