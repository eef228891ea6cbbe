import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Tx } from '../bookings/inventory';

/**
 * A sale or a refund, as payments describe it: what the tickets cost, the discount and the
 * platform's fee (a refund's all negative), and when the organizer's share becomes available.
 */
export interface LedgerMovement {
  organizerId: string;
  eventId: number;
  bookingId: number;
  refundId?: number;
  kind: 'sale' | 'refund';
  gross: number;
  discount: number;
  platformFee: number;
  currency: string;
  availableAt: Date;
  now: Date;
}

/**
 * Appends one movement as a journal entry with its postings, in the caller's transaction (the
 * state change it pays for commits with it or not at all).
 */
export async function appendLedger(tx: Tx, movement: LedgerMovement): Promise<void> {
  await ledgerInsert(tx, movement);
}

/**
 * The one statement of `appendLedger`, to run or to send in a pipeline (`.getSQL()`): the entry
 * and its three postings — the buyer's money in (`buyer_payments`, or out through `refunds`),
 * the organizer's share (`organizer_pending`, available from `available_at`), the platform's fee
 * — which sum to zero by construction and are checked to at commit.
 */
export function ledgerInsert(db: Db | Tx, movement: LedgerMovement) {
  return db.execute(ledgerStatement(movement));
}

function ledgerStatement(m: LedgerMovement): SQL {
  const net = m.gross - m.discount - m.platformFee;
  const tickets =
    m.kind === 'sale'
      ? sql`(select count(*)::int from tickets where booking_id = ${m.bookingId})`
      : sql`coalesce((select cardinality(ticket_ids) from refunds where id = ${m.refundId ?? null}::int), 0)`;
  const cash = m.kind === 'sale' ? 'buyer_payments' : 'refunds';
  const availableAt = m.availableAt.toISOString();
  return sql`
with entry as (
  insert into journal_entries (kind, organizer_id, currency, event_id, booking_id, refund_id,
                               gross, discount, platform_fee, net, tickets, available_at, created_at)
  values (${m.kind}, ${m.organizerId}::uuid, ${m.currency}, ${m.eventId}::int, ${m.bookingId}::int,
          ${m.refundId ?? null}::int, ${m.gross}::bigint, ${m.discount}::bigint,
          ${m.platformFee}::bigint, ${net}::bigint, ${tickets}, ${availableAt}::timestamptz,
          ${m.now.toISOString()}::timestamptz)
  returning id
)
insert into ledger_postings (entry_id, account, organizer_id, currency, amount, available_at)
select entry.id, p.account, ${m.organizerId}::uuid, ${m.currency}, p.amount, p.available_at
  from entry, (values (${cash}, ${-(m.gross - m.discount)}::bigint, null::timestamptz),
                      ('organizer_pending', ${net}::bigint, ${availableAt}::timestamptz),
                      ('platform_fees', ${m.platformFee}::bigint, null::timestamptz))
       as p (account, amount, available_at)`;
}

/** A withdrawal request's money: reserved from available, released back, or paid out. */
export interface WithdrawalMovement {
  kind: 'withdrawal_reserved' | 'withdrawal_released' | 'withdrawal_paid';
  organizerId: string;
  withdrawalId: number;
  amount: number;
  currency: string;
  now: Date;
}

const WITHDRAWAL_ACCOUNTS = {
  withdrawal_reserved: ['organizer_available', 'organizer_reserved'],
  withdrawal_released: ['organizer_reserved', 'organizer_available'],
  withdrawal_paid: ['organizer_reserved', 'organizer_paid_out'],
} as const;

/** Appends a withdrawal's entry in the caller's transaction: `amount` moves from one account to the next. */
export async function appendWithdrawalEntry(tx: Db | Tx, m: WithdrawalMovement): Promise<void> {
  const [from, to] = WITHDRAWAL_ACCOUNTS[m.kind];
  await tx.execute(sql`
with entry as (
  insert into journal_entries (kind, organizer_id, currency, withdrawal_id, gross, discount,
                               platform_fee, net, created_at)
  values (${m.kind}, ${m.organizerId}::uuid, ${m.currency}, ${m.withdrawalId}::int,
          ${m.amount}::bigint, 0, 0, ${m.amount}::bigint, ${m.now.toISOString()}::timestamptz)
  returning id
)
insert into ledger_postings (entry_id, account, organizer_id, currency, amount)
select entry.id, p.account, ${m.organizerId}::uuid, ${m.currency}, p.amount
  from entry, (values (${from}, ${-m.amount}::bigint), (${to}, ${m.amount}::bigint))
       as p (account, amount)`);
}

/** Earnings of a slot become available this long after it ends. */
export const availableAfter = (slotEnd: Date, holdDays: number) =>
  new Date(slotEnd.getTime() + holdDays * 86_400_000);
