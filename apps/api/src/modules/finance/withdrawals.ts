import type {
  AdminWithdrawal,
  AdminWithdrawalListQuery,
  AdminWithdrawalPatch,
  Withdrawal,
  WithdrawalCreate,
  WithdrawalListQuery,
  WithdrawalPatch,
  WithdrawalStatus,
} from '@hafla/shared/finance/withdrawals';
import type { BalanceLine } from '@hafla/shared/finance/balance';
import { and, asc, count, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { withdrawalAccounts, withdrawals, withdrawalStatusChanges } from '../../db/schema/finance';
import { AppError, fieldError, notFound } from '../../lib/app-error';
import { moneyParam } from '../../lib/money';
import { readPlatformSettings, type PlatformSettings } from '../catalog/platform-settings';
import { recordAudit, type AuditActor } from '../admin/audit';
import { availableOf, balancesOf, lockBalance } from './balance';
import { appendWithdrawalEntry } from './ledger';

type CreateInput = z.output<typeof WithdrawalCreate>;
type PatchInput = z.output<typeof WithdrawalPatch>;

export interface WithdrawalsDeps {
  db: Db;
  now: () => Date;
  /**
   * In the transaction of a status change: write the organizer's notification and queue its
   * email; answers the notification ids to push after the commit.
   */
  announce: (tx: Tx, withdrawal: WithdrawalRow) => Promise<number[]>;
  /** After the commit: push what `announce` wrote. */
  notify: (ids: number[]) => void;
}

export const WITHDRAWAL_SCOPE = 'withdrawal';

export type WithdrawalRow = typeof withdrawals.$inferSelect;
type AccountRow = typeof withdrawalAccounts.$inferSelect;

/** The smallest request in `currency`, in minor units (the setting is in whole units). */
export function minimumOf(settings: PlatformSettings, currency: string): number {
  const configured = settings.currencies.find((entry) => entry.code === currency)?.minor_units;
  const digits =
    configured ??
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits ??
    2;
  return Math.round(settings.withdrawal_minimum * 10 ** digits);
}

/** Whether approving this request takes two different admins. */
export function needsSecondAdmin(
  settings: PlatformSettings,
  amount: number,
  currency: string,
): boolean {
  const threshold = settings.withdrawal_second_approval_above;
  const digits = settings.currencies.find((entry) => entry.code === currency)?.minor_units ?? 2;
  return amount > Math.round(threshold * 10 ** digits);
}

async function loadAnswers(
  db: Db | Tx,
  where: SQL | undefined,
  order: 'desc',
  limit: number,
  offset: number,
  /** For admins: the balances beside each request, at this instant. */
  balancesAt?: Date,
) {
  const firstApprover = alias(users, 'first_approver');
  const settings = await readPlatformSettings(db as Db);
  const rows = await db
    .select({ w: withdrawals, a: withdrawalAccounts, u: users, f: firstApprover })
    .from(withdrawals)
    .innerJoin(withdrawalAccounts, eq(withdrawalAccounts.id, withdrawals.account_id))
    .innerJoin(users, eq(users.id, withdrawals.organizer_id))
    .leftJoin(firstApprover, eq(firstApprover.id, withdrawals.first_approved_by))
    .where(where)
    .orderBy(
      order === 'desc' ? desc(withdrawals.created_at) : asc(withdrawals.created_at),
      desc(withdrawals.id),
    )
    .limit(limit)
    .offset(offset);
  const ids = rows.map((row) => row.w.id);
  const history =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(withdrawalStatusChanges)
          .where(inArray(withdrawalStatusChanges.withdrawal_id, ids))
          .orderBy(asc(withdrawalStatusChanges.id));
  const balances = new Map<string, BalanceLine | null>();
  for (const { w } of balancesAt ? rows : []) {
    const key = `${w.organizer_id}:${w.currency}`;
    if (!balances.has(key)) {
      const [line] = await balancesOf(db, w.organizer_id, balancesAt!, w.currency);
      balances.set(key, line ?? null);
    }
  }
  return rows.map(({ w, a, u, f }): AdminWithdrawal => ({
    id: w.id,
    account: {
      id: a.id,
      bank_name: a.bank_name,
      account_holder: a.account_holder,
      iban: a.iban,
      swift: a.swift,
      currency: a.currency,
    },
    amount: w.amount,
    currency: w.currency,
    note: w.note,
    status: w.status as WithdrawalStatus,
    rejection_reason: w.rejection_reason,
    transfer_reference: w.transfer_reference,
    editable: w.status === 'requested',
    history: history
      .filter((change) => change.withdrawal_id === w.id)
      .map((change) => ({
        status: change.status as WithdrawalStatus,
        at: change.created_at.toISOString(),
        by: change.by_role as 'organizer' | 'admin',
        note: change.note,
      })),
    created_at: w.created_at.toISOString(),
    updated_at: w.updated_at.toISOString(),
    organizer: {
      id: u.id,
      name: u.organization_name || `${u.first_name} ${u.last_name}`.trim(),
      email: u.email,
    },
    organizer_balance: balances.get(`${w.organizer_id}:${w.currency}`) ?? null,
    approval: {
      needs_second_admin: needsSecondAdmin(settings, w.amount, w.currency),
      first_approved_by: f ? { id: f.id, email: f.email } : null,
      first_approved_at: w.first_approved_at?.toISOString() ?? null,
    },
  }));
}

const withoutOrganizer = ({
  organizer: _organizer,
  organizer_balance: _balance,
  approval: _approval,
  ...rest
}: AdminWithdrawal): Withdrawal => rest;

async function answerOf(db: Db | Tx, id: number, balancesAt?: Date): Promise<AdminWithdrawal> {
  const [answer] = await loadAnswers(db, eq(withdrawals.id, id), 'desc', 1, 0, balancesAt);
  if (!answer) throw notFound();
  return answer;
}

export async function listWithdrawals(db: Db, organizerId: string, query: WithdrawalListQuery) {
  const where = and(
    eq(withdrawals.organizer_id, organizerId),
    query.status ? eq(withdrawals.status, query.status) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(withdrawals).where(where);
  const rows = await loadAnswers(db, where, 'desc', query.limit, query.offset);
  return { count: total?.n ?? 0, results: rows.map(withoutOrganizer) };
}

export async function listAllWithdrawals(
  db: Db,
  query: AdminWithdrawalListQuery,
  now = new Date(),
) {
  const where = query.status ? eq(withdrawals.status, query.status) : undefined;
  const [total] = await db.select({ n: count() }).from(withdrawals).where(where);
  return {
    count: total?.n ?? 0,
    results: await loadAnswers(db, where, 'desc', query.limit, query.offset, now),
  };
}

/** The organizer's account to be paid to: not another's, not deleted, in the request's currency. */
async function accountFor(
  tx: Tx,
  organizerId: string,
  accountId: number,
  currency: string,
): Promise<AccountRow> {
  const [account] = await tx
    .select()
    .from(withdrawalAccounts)
    .where(
      and(
        eq(withdrawalAccounts.id, accountId),
        eq(withdrawalAccounts.organizer_id, organizerId),
        isNull(withdrawalAccounts.deleted_at),
      ),
    );
  if (!account) throw fieldError('does_not_exist', 'account');
  if (account.currency !== currency) throw fieldError('currency_mismatch', 'currency');
  return account;
}

/** Refuses an amount under the minimum, or over what is available (`extra` already reserved by this request). */
async function checkAmount(
  tx: Tx,
  settings: PlatformSettings,
  organizerId: string,
  currency: string,
  amount: number,
  alreadyReserved: number,
  now: Date,
) {
  const minimum = minimumOf(settings, currency);
  if (amount < minimum) {
    throw fieldError('amount_below_minimum', 'amount', {
      minimum: moneyParam(minimum, currency),
    });
  }
  const available = (await availableOf(tx, organizerId, currency, now)) + alreadyReserved;
  if (amount > available) {
    throw fieldError('insufficient_balance', 'amount', {
      available: moneyParam(Math.max(0, available), currency),
    });
  }
}

async function recordChange(
  tx: Tx,
  withdrawalId: number,
  status: WithdrawalStatus,
  by: 'organizer' | 'admin',
  actorId: string,
  note: string | null,
  now: Date,
) {
  await tx.insert(withdrawalStatusChanges).values({
    withdrawal_id: withdrawalId,
    status,
    by_role: by,
    actor_id: actorId,
    note,
    created_at: now,
  });
}

/**
 * POST /api/v1/withdrawal/ — reserves the amount in the ledger in the transaction that records
 * the request, under the organizer's balance lock: concurrent requests are checked one after
 * the other against what the ones before them left available.
 */
export async function requestWithdrawal(
  deps: WithdrawalsDeps,
  organizerId: string,
  input: CreateInput,
): Promise<Withdrawal> {
  const now = deps.now();
  const settings = await readPlatformSettings(deps.db);
  const { id, notified } = await deps.db.transaction(async (tx) => {
    await lockBalance(tx, organizerId, input.currency);
    await accountFor(tx, organizerId, input.account, input.currency);
    await checkAmount(tx, settings, organizerId, input.currency, input.amount, 0, now);
    const [row] = await tx
      .insert(withdrawals)
      .values({
        organizer_id: organizerId,
        account_id: input.account,
        amount: input.amount,
        currency: input.currency,
        note: input.note,
        status: 'requested',
        created_at: now,
        updated_at: now,
      })
      .returning();
    await recordChange(tx, row!.id, 'requested', 'organizer', organizerId, null, now);
    await appendWithdrawalEntry(tx, {
      kind: 'withdrawal_reserved',
      organizerId,
      withdrawalId: row!.id,
      amount: input.amount,
      currency: input.currency,
      now,
    });
    return { id: row!.id, notified: await deps.announce(tx, row!) };
  });
  deps.notify(notified);
  return withoutOrganizer(await answerOf(deps.db, id));
}

async function lockOwn(tx: Tx, organizerId: string | null, id: number): Promise<WithdrawalRow> {
  const [row] = await tx
    .select()
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.id, id),
        organizerId ? eq(withdrawals.organizer_id, organizerId) : undefined,
      ),
    )
    .for('update');
  if (!row) throw notFound();
  return row;
}

/**
 * PATCH /api/v1/withdrawal/{id}/ — edits (account, amount, note) or cancels a `requested`
 * request; a larger amount reserves the difference, a smaller one or a cancellation releases.
 */
export async function updateWithdrawal(
  deps: WithdrawalsDeps,
  organizerId: string,
  id: number,
  input: PatchInput,
): Promise<Withdrawal> {
  const now = deps.now();
  const settings = await readPlatformSettings(deps.db);
  const [found] = await deps.db
    .select({ currency: withdrawals.currency })
    .from(withdrawals)
    .where(and(eq(withdrawals.id, id), eq(withdrawals.organizer_id, organizerId)));
  if (!found) throw notFound();
  const cancelling = input.status === 'cancelled';
  if (
    cancelling &&
    (input.amount !== undefined || input.account !== undefined || input.note !== undefined)
  ) {
    throw fieldError('invalid', 'status');
  }
  const notified = await deps.db.transaction(async (tx) => {
    await lockBalance(tx, organizerId, found.currency);
    const row = await lockOwn(tx, organizerId, id);
    if (row.status !== 'requested') {
      throw new AppError('withdrawal_not_editable', {
        status: 409,
        params: { status: row.status },
      });
    }
    if (cancelling) {
      await tx
        .update(withdrawals)
        .set({ status: 'cancelled', updated_at: now })
        .where(eq(withdrawals.id, id));
      await recordChange(tx, id, 'cancelled', 'organizer', organizerId, null, now);
      await appendWithdrawalEntry(tx, {
        kind: 'withdrawal_released',
        organizerId,
        withdrawalId: id,
        amount: row.amount,
        currency: row.currency,
        now,
      });
      return deps.announce(tx, { ...row, status: 'cancelled' });
    }
    if (input.account !== undefined) await accountFor(tx, organizerId, input.account, row.currency);
    const amount = input.amount ?? row.amount;
    if (amount !== row.amount) {
      await checkAmount(tx, settings, organizerId, row.currency, amount, row.amount, now);
      await appendWithdrawalEntry(tx, {
        kind: amount > row.amount ? 'withdrawal_reserved' : 'withdrawal_released',
        organizerId,
        withdrawalId: id,
        amount: Math.abs(amount - row.amount),
        currency: row.currency,
        now,
      });
    }
    await tx
      .update(withdrawals)
      .set({
        amount,
        ...(input.account !== undefined && { account_id: input.account }),
        ...(input.note !== undefined && { note: input.note }),
        // A first admin approved what it was; a changed amount or account starts over.
        ...((amount !== row.amount || input.account !== undefined) && {
          first_approved_by: null,
          first_approved_at: null,
        }),
        updated_at: now,
      })
      .where(eq(withdrawals.id, id));
    return [];
  });
  deps.notify(notified);
  return withoutOrganizer(await answerOf(deps.db, id));
}

const ADMIN_FROM: Record<AdminWithdrawalPatch['status'], WithdrawalStatus[]> = {
  approved: ['requested'],
  rejected: ['requested', 'approved'],
  paid: ['approved'],
};

/**
 * PATCH /api/v1/admin/withdrawals/{id}/ — approve, reject (releasing the reserved amount) or
 * mark paid (moving it out); any other step is `withdrawal_transition_invalid`. Above the
 * configured amount the first approval is only recorded (the request stays `requested`) and a
 * different admin's approval completes it (`second_approval_required` for the same admin).
 * Each step writes its audit row in its transaction.
 */
export async function reviewWithdrawal(
  deps: WithdrawalsDeps,
  actor: AuditActor,
  id: number,
  input: AdminWithdrawalPatch,
): Promise<AdminWithdrawal> {
  const now = deps.now();
  const adminId = actor.userId;
  const settings = await readPlatformSettings(deps.db);
  const notified = await deps.db.transaction(async (tx) => {
    const row = await lockOwn(tx, null, id);
    if (!ADMIN_FROM[input.status].includes(row.status as WithdrawalStatus)) {
      throw new AppError('withdrawal_transition_invalid', {
        status: 409,
        attr: 'status',
        params: { from: row.status, to: input.status },
      });
    }
    const before = auditStateOf(row);
    if (input.status === 'approved' && needsSecondAdmin(settings, row.amount, row.currency)) {
      if (row.first_approved_by === null) {
        await tx
          .update(withdrawals)
          .set({ first_approved_by: adminId, first_approved_at: now, updated_at: now })
          .where(eq(withdrawals.id, id));
        await recordAudit(tx, actor, {
          action: 'withdrawal.first_approval',
          targetType: 'withdrawal',
          targetId: id,
          before,
          after: { ...before, first_approved_by: adminId },
        });
        return [];
      }
      if (row.first_approved_by === adminId) {
        throw new AppError('second_approval_required', { status: 409, attr: 'status' });
      }
    }
    const reason = input.status === 'rejected' ? input.reason : null;
    const reference = input.status === 'paid' ? input.transfer_reference : null;
    await tx
      .update(withdrawals)
      .set({
        status: input.status,
        ...(reason !== null && { rejection_reason: reason }),
        ...(reference !== null && { transfer_reference: reference }),
        updated_at: now,
      })
      .where(eq(withdrawals.id, id));
    await recordChange(tx, id, input.status, 'admin', adminId, reason ?? reference, now);
    if (input.status !== 'approved') {
      await appendWithdrawalEntry(tx, {
        kind: input.status === 'paid' ? 'withdrawal_paid' : 'withdrawal_released',
        organizerId: row.organizer_id,
        withdrawalId: id,
        amount: row.amount,
        currency: row.currency,
        now,
      });
    }
    await recordAudit(tx, actor, {
      action: `withdrawal.${input.status === 'approved' ? 'approve' : input.status === 'paid' ? 'pay' : 'reject'}`,
      targetType: 'withdrawal',
      targetId: id,
      before,
      after: {
        ...before,
        status: input.status,
        ...(reason !== null && { rejection_reason: reason }),
        ...(reference !== null && { transfer_reference: reference }),
      },
    });
    return deps.announce(tx, {
      ...row,
      status: input.status,
      rejection_reason: reason ?? row.rejection_reason,
    });
  });
  deps.notify(notified);
  return answerOf(deps.db, id, now);
}

/** What the audit log keeps of a request. */
function auditStateOf(row: WithdrawalRow) {
  return {
    status: row.status,
    amount: row.amount,
    currency: row.currency,
    organizer_id: row.organizer_id,
    rejection_reason: row.rejection_reason,
    transfer_reference: row.transfer_reference,
    first_approved_by: row.first_approved_by,
  };
}
