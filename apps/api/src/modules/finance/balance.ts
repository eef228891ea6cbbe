import type { BalanceLine } from '@hafla/shared/finance/balance';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../lib/db-rows';
import type { Tx } from '../bookings/inventory';

interface BalanceRow {
  currency: string;
  pending: string | number;
  available: string | number;
  reserved: string | number;
  withdrawn: string | number;
  next_available_at: string | Date | null;
}

const iso = (value: string | Date | null) =>
  value === null ? null : new Date(value).toISOString();

/**
 * The organizer's balance per currency at `now`, summed from the postings: earnings whose
 * `available_at` has passed count as available — time alone moves them, no entry does.
 */
export async function balancesOf(
  db: Db | Tx,
  organizerId: string,
  now: Date,
  currency?: string,
): Promise<BalanceLine[]> {
  const at = now.toISOString();
  const rows = rowsOf<BalanceRow>(
    await db.execute(sql`
select currency,
       coalesce(sum(amount) filter (where account = 'organizer_pending' and available_at > ${at}::timestamptz), 0) as pending,
       coalesce(sum(amount) filter (where (account = 'organizer_pending' and available_at <= ${at}::timestamptz)
                                       or account = 'organizer_available'), 0) as available,
       coalesce(sum(amount) filter (where account = 'organizer_reserved'), 0) as reserved,
       coalesce(sum(amount) filter (where account = 'organizer_paid_out'), 0) as withdrawn,
       min(available_at) filter (where account = 'organizer_pending' and amount > 0
                                   and available_at > ${at}::timestamptz) as next_available_at
  from ledger_postings
 where organizer_id = ${organizerId}::uuid
   and account in ('organizer_pending', 'organizer_available', 'organizer_reserved', 'organizer_paid_out')
   ${currency ? sql`and currency = ${currency}` : sql``}
 group by currency
 order by currency`),
  );
  return rows.map((row) => ({
    currency: row.currency,
    pending: Number(row.pending),
    available: Number(row.available),
    reserved: Number(row.reserved),
    withdrawn: Number(row.withdrawn),
    next_available_at: iso(row.next_available_at),
  }));
}

/** What the organizer can withdraw in `currency` now (0 without earnings in it). */
export async function availableOf(
  db: Db | Tx,
  organizerId: string,
  currency: string,
  now: Date,
): Promise<number> {
  const [line] = await balancesOf(db, organizerId, now, currency);
  return line?.available ?? 0;
}

/**
 * Serialises every change to one organizer's available money in one currency (withdrawal
 * requests and their edits) for the rest of the transaction, across processes: the check
 * against the balance and the reservation then happen as one step.
 */
export async function lockBalance(tx: Db | Tx, organizerId: string, currency: string) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`balance:${organizerId}:${currency}`}, 0))`,
  );
}
