import type {
  WithdrawalAccount,
  WithdrawalAccountCreate,
  WithdrawalAccountListQuery,
  WithdrawalAccountPatch,
} from '@hafla/shared/finance/accounts';
import { and, asc, count, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { isValidBIC, isValidIBAN } from 'ibantools';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { withdrawalAccounts, withdrawals } from '../../db/schema/finance';
import { AppError, fieldError, notFound } from '../../lib/app-error';
import { readPlatformSettings } from '../../lib/platform-settings';
import type { Tx } from '../bookings/inventory';

type AccountRow = typeof withdrawalAccounts.$inferSelect;
type CreateInput = z.output<typeof WithdrawalAccountCreate>;
type PatchInput = z.output<typeof WithdrawalAccountPatch>;

const OPEN = ['requested', 'approved'];

const inUse = sql<boolean>`exists (select 1 from ${withdrawals} w where w.account_id = ${withdrawalAccounts.id} and w.status in ('requested', 'approved'))`;

function toAccount(row: AccountRow & { in_use: boolean }): WithdrawalAccount {
  return {
    id: row.id,
    bank_name: row.bank_name,
    account_holder: row.account_holder,
    iban: row.iban,
    swift: row.swift,
    currency: row.currency,
    is_default: row.is_default,
    in_use: row.in_use,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** Checks what the schema could not: the IBAN's country format and check digits, the BIC, the currency. */
async function checkFields(db: Db, input: Partial<CreateInput>): Promise<void> {
  if (input.iban !== undefined && !isValidIBAN(input.iban))
    throw fieldError('iban_invalid', 'iban');
  if (input.swift !== undefined && !isValidBIC(input.swift))
    throw fieldError('swift_invalid', 'swift');
  if (input.currency !== undefined) {
    const settings = await readPlatformSettings(db);
    if (!settings.currencies.some((currency) => currency.code === input.currency)) {
      throw fieldError('currency_not_supported', 'currency');
    }
  }
}

const live = (organizerId: string) =>
  and(eq(withdrawalAccounts.organizer_id, organizerId), isNull(withdrawalAccounts.deleted_at));

export async function listAccounts(
  db: Db,
  organizerId: string,
  query: WithdrawalAccountListQuery,
): Promise<{ count: number; results: WithdrawalAccount[] }> {
  const [total] = await db.select({ n: count() }).from(withdrawalAccounts).where(live(organizerId));
  const rows = await db
    .select({ row: withdrawalAccounts, in_use: inUse })
    .from(withdrawalAccounts)
    .where(live(organizerId))
    .orderBy(
      desc(withdrawalAccounts.is_default),
      asc(withdrawalAccounts.created_at),
      asc(withdrawalAccounts.id),
    )
    .limit(query.limit)
    .offset(query.offset);
  return {
    count: total?.n ?? 0,
    results: rows.map(({ row, in_use }) => toAccount({ ...row, in_use })),
  };
}

/** One of the organizer's accounts (not deleted); another's is `not_found`. */
export async function getAccount(
  db: Db,
  organizerId: string,
  id: number,
): Promise<WithdrawalAccount> {
  const [found] = await db
    .select({ row: withdrawalAccounts, in_use: inUse })
    .from(withdrawalAccounts)
    .where(and(eq(withdrawalAccounts.id, id), live(organizerId)));
  if (!found) throw notFound();
  return toAccount({ ...found.row, in_use: found.in_use });
}

/** Locks the organizer's accounts for the transaction, so defaults change one at a time. */
async function lockAccounts(tx: Tx, organizerId: string) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`accounts:${organizerId}`}, 0))`,
  );
}

export async function createAccount(
  db: Db,
  organizerId: string,
  input: CreateInput,
  now: Date,
): Promise<WithdrawalAccount> {
  await checkFields(db, input);
  const id = await db.transaction(async (tx) => {
    await lockAccounts(tx, organizerId);
    const [existing] = await tx
      .select({ id: withdrawalAccounts.id })
      .from(withdrawalAccounts)
      .where(and(live(organizerId), eq(withdrawalAccounts.is_default, true)));
    // The first account is the default; a new default takes over from the old one.
    const isDefault = input.is_default || !existing;
    if (isDefault && existing) {
      await tx
        .update(withdrawalAccounts)
        .set({ is_default: false, updated_at: now })
        .where(eq(withdrawalAccounts.id, existing.id));
    }
    const [row] = await tx
      .insert(withdrawalAccounts)
      .values({
        organizer_id: organizerId,
        bank_name: input.bank_name,
        account_holder: input.account_holder,
        iban: input.iban,
        swift: input.swift,
        currency: input.currency,
        is_default: isDefault,
        created_at: now,
        updated_at: now,
      })
      .returning({ id: withdrawalAccounts.id });
    return row!.id;
  });
  return getAccount(db, organizerId, id);
}

export async function updateAccount(
  db: Db,
  organizerId: string,
  id: number,
  input: PatchInput,
  now: Date,
): Promise<WithdrawalAccount> {
  await getAccount(db, organizerId, id);
  await checkFields(db, input);
  await db.transaction(async (tx) => {
    await lockAccounts(tx, organizerId);
    const [row] = await tx
      .select()
      .from(withdrawalAccounts)
      .where(and(eq(withdrawalAccounts.id, id), live(organizerId)))
      .for('update');
    if (!row) throw notFound();
    if (input.is_default === false && row.is_default)
      throw fieldError('default_required', 'is_default');
    if (input.currency !== undefined && input.currency !== row.currency) {
      const [open] = await tx
        .select({ id: withdrawals.id })
        .from(withdrawals)
        .where(and(eq(withdrawals.account_id, id), inArray(withdrawals.status, OPEN)))
        .limit(1);
      if (open) throw new AppError('account_in_use', { status: 409, attr: 'currency' });
    }
    if (input.is_default && !row.is_default) {
      await tx
        .update(withdrawalAccounts)
        .set({ is_default: false, updated_at: now })
        .where(and(live(organizerId), eq(withdrawalAccounts.is_default, true)));
    }
    await tx
      .update(withdrawalAccounts)
      .set({
        ...(input.bank_name !== undefined && { bank_name: input.bank_name }),
        ...(input.account_holder !== undefined && { account_holder: input.account_holder }),
        ...(input.iban !== undefined && { iban: input.iban }),
        ...(input.swift !== undefined && { swift: input.swift }),
        ...(input.currency !== undefined && { currency: input.currency }),
        ...(input.is_default !== undefined && { is_default: input.is_default || row.is_default }),
        updated_at: now,
      })
      .where(eq(withdrawalAccounts.id, id));
  });
  return getAccount(db, organizerId, id);
}

/**
 * Deletes an account (kept for the requests that name it): refused with `account_in_use` while an
 * open request uses it. Deleting the default makes the oldest other account the default.
 */
export async function deleteAccount(
  db: Db,
  organizerId: string,
  id: number,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockAccounts(tx, organizerId);
    const [row] = await tx
      .select()
      .from(withdrawalAccounts)
      .where(and(eq(withdrawalAccounts.id, id), live(organizerId)))
      .for('update');
    if (!row) throw notFound();
    const [open] = await tx
      .select({ id: withdrawals.id })
      .from(withdrawals)
      .where(and(eq(withdrawals.account_id, id), inArray(withdrawals.status, OPEN)))
      .limit(1);
    if (open) throw new AppError('account_in_use', { status: 409 });
    await tx
      .update(withdrawalAccounts)
      .set({ deleted_at: now, is_default: false, updated_at: now })
      .where(eq(withdrawalAccounts.id, id));
    if (row.is_default) {
      const [next] = await tx
        .select({ id: withdrawalAccounts.id })
        .from(withdrawalAccounts)
        .where(and(live(organizerId), ne(withdrawalAccounts.id, id)))
        .orderBy(asc(withdrawalAccounts.created_at), asc(withdrawalAccounts.id))
        .limit(1);
      if (next) {
        await tx
          .update(withdrawalAccounts)
          .set({ is_default: true, updated_at: now })
          .where(eq(withdrawalAccounts.id, next.id));
      }
    }
  });
}
