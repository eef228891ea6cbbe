import { createHash } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { ErrorType } from '@hafla/shared/common/errors';
import type { Db } from '../../db/client';
import { idempotencyKeys } from '../../db/schema/idempotency';
import { AppError, fieldError } from '../../lib/app-error';
import { isDatabaseUnavailable } from '../../lib/db-errors';

export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** A request still marked in progress after this long is taken to have died with its process. */
const STALE_AFTER_MS = 60_000;

/** Printable ASCII, as in the IETF draft and the processors that use it. */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

interface StoredError {
  code: string;
  status: number;
  attr: string | null;
  params: Record<string, string | number>;
  type: ErrorType;
}

type Stored = { ok: unknown } | { error: StoredError };

export interface IdempotentCall {
  userId: string;
  /** The operation, e.g. `book` or `pay`: the same key may serve different operations. */
  scope: string;
  /** The header as received; absent means the request is simply run. */
  key: string | string[] | undefined;
  /** The parsed request the key stands for; another body under the same key is refused. */
  request: unknown;
}

/** A validated key with the hash of the request it stands for. */
export interface IdempotencyClaim {
  userId: string;
  scope: string;
  key: string;
  requestHash: string;
}

/** JSON with sorted keys, so the same body hashes the same however its fields were ordered. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The claim a request makes, or null without the header; a malformed key is a field error. */
export function claimOf(call: IdempotentCall): IdempotencyClaim | null {
  if (call.key === undefined) return null;
  const key = Array.isArray(call.key) ? call.key[0] : call.key;
  if (key === undefined || !KEY_PATTERN.test(key)) throw fieldError('invalid', 'Idempotency-Key');
  const requestHash = createHash('sha256').update(canonical(call.request)).digest('hex');
  return { userId: call.userId, scope: call.scope, key, requestHash };
}

const identity = (claim: IdempotencyClaim) =>
  and(
    eq(idempotencyKeys.user_id, claim.userId),
    eq(idempotencyKeys.scope, claim.scope),
    eq(idempotencyKeys.key, claim.key),
  );

type Executor = Pick<Db, 'insert' | 'update' | 'select' | 'delete'>;

/** Claims the key (true), or finds it taken (false): by a twin still running or answered. */
async function claimKey(db: Executor, claim: IdempotencyClaim): Promise<boolean> {
  const [claimed] = await db
    .insert(idempotencyKeys)
    .values({
      user_id: claim.userId,
      scope: claim.scope,
      key: claim.key,
      request_hash: claim.requestHash,
    })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return Boolean(claimed);
}

/** An answer as it is stored under its key (an operation that writes it in its own SQL). */
export const storedAnswer = (result: unknown): Stored => ({ ok: result });

/** A refusal as it is stored under its key, thrown again (translated anew) to a repeat. */
function storedRefusal(error: AppError): Stored {
  const { code, status, attr, params, type } = error;
  return { error: { code, status, attr, params, type } };
}

/** Stores the answer to a claimed key. */
async function rememberKey(db: Executor, claim: IdempotencyClaim, result: unknown): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ response_status: 200, response_body: storedAnswer(result) })
    .where(identity(claim));
}

/** A key's row as stored: the request it stands for and, once answered, the answer. */
export interface StoredKey {
  request_hash: string;
  response_body: unknown;
}

/**
 * What an earlier request under this key answered: its result, or its refusal thrown again
 * (rendered in this request's language); `in_progress` while it has no answer. Another body
 * under the key is refused (`idempotency_key_reused`).
 */
export function earlierAnswer(
  existing: StoredKey,
  claim: IdempotencyClaim,
): { ok: unknown } | 'in_progress' {
  if (existing.request_hash !== claim.requestHash) {
    throw new AppError('idempotency_key_reused', { status: 422, attr: 'Idempotency-Key' });
  }
  const stored = existing.response_body as Stored | null;
  if (stored && 'ok' in stored) return stored;
  if (stored) {
    const { code, ...options } = stored.error;
    throw new AppError(code, options);
  }
  return 'in_progress';
}

/** A twin still running under the same key: the client should try again in a moment. */
export const requestInProgress = () =>
  new AppError('idempotency_request_in_progress', {
    status: 409,
    headers: { 'retry-after': '1' },
  });

/**
 * What an earlier request under this key answered (see `earlierAnswer`); null when the key is
 * new. A twin still running is told to retry (`idempotency_request_in_progress`), unless it has
 * been running so long that its process must have died: then this request takes the key over
 * (null).
 */
export async function findAnswer(db: Db, claim: IdempotencyClaim): Promise<{ ok: unknown } | null> {
  const [existing] = await db.select().from(idempotencyKeys).where(identity(claim));
  if (!existing) return null;
  const answer = earlierAnswer(existing, claim);
  if (answer !== 'in_progress') return answer;
  const [takenOver] = await db
    .update(idempotencyKeys)
    .set({ created_at: sql`now()` })
    .where(
      and(
        identity(claim),
        isNull(idempotencyKeys.response_status),
        lt(idempotencyKeys.created_at, new Date(Date.now() - STALE_AFTER_MS)),
      ),
    )
    .returning({ key: idempotencyKeys.key });
  if (takenOver) return null;
  throw requestInProgress();
}

/**
 * A result whose answer the operation has already stored under its key, in the transaction that
 * made it (a payment's confirmation): `idempotent` then stores nothing more.
 */
export class Answered<T> {
  constructor(readonly result: T) {}
}

/**
 * Runs `run` once per (user, scope, key), for operations that cannot answer inside one
 * transaction (payment calls a gateway between two): the key is claimed first in its own
 * statement, the answer stored after — or by `run` itself, in its last transaction, when it
 * answers `Answered`. A repeat returns the first answer — its result or its refusal — and
 * changes nothing. Server errors are not remembered, so a retry after one runs again. Payment
 * records its attempt before charging (decision 0010), so a process dying between the charge and
 * the answer cannot charge twice either, and the sweep answers its key.
 */
export async function idempotent<T>(
  db: Db,
  call: IdempotentCall,
  run: (key: string | null) => Promise<T | Answered<T>>,
): Promise<T> {
  const claim = claimOf(call);
  const resultOf = (outcome: T | Answered<T>) =>
    outcome instanceof Answered ? (outcome.result as T) : outcome;
  if (!claim) return resultOf(await run(null));
  if (!(await claimKey(db, claim))) {
    const answer = await findAnswer(db, claim);
    if (answer) return answer.ok as T;
  }
  try {
    const outcome = await run(claim.key);
    if (outcome instanceof Answered) return outcome.result as T;
    await rememberKey(db, claim, outcome);
    return outcome;
  } catch (error) {
    if (error instanceof AppError && error.status < 500) {
      await db
        .update(idempotencyKeys)
        .set({ response_status: error.status, response_body: storedRefusal(error) })
        .where(identity(claim));
    } else {
      await releaseKey(db, claim);
    }
    throw error;
  }
}

/**
 * Lets a key go after a server error, so the client's retry runs anew. When the error was the
 * database going away, the release cannot reach it either: it is tried again until the database
 * is back (within the time a key counts as in progress anyway), instead of leaving every retry
 * `idempotency_request_in_progress` for a minute after an outage. The caller's own error is the
 * one answered.
 */
async function releaseKey(db: Db, claim: IdempotencyClaim): Promise<void> {
  const deadline = Date.now() + STALE_AFTER_MS;
  const release = () =>
    db.delete(idempotencyKeys).where(and(identity(claim), isNull(idempotencyKeys.response_status)));
  const retryLater = (error: unknown): void => {
    if (!isDatabaseUnavailable(error) || Date.now() > deadline) return;
    setTimeout(() => release().then(() => undefined, retryLater), 250).unref();
  };
  await release().then(() => undefined, retryLater);
}

/** A key as another party than its request knows it (the sweep settling a payment attempt). */
export interface KeyIdentity {
  userId: string;
  scope: string;
  key: string;
}

/**
 * Answers a key whose request died with its process, so a retry gets the real outcome instead
 * of `idempotency_request_in_progress`: the result or the refusal is stored, and with neither
 * (nothing happened) the key is released and the retry simply runs. A key that already has an
 * answer keeps it.
 */
export async function settleKey(
  db: Executor,
  id: KeyIdentity,
  outcome: { ok: unknown } | AppError | null,
): Promise<void> {
  const where = and(
    eq(idempotencyKeys.user_id, id.userId),
    eq(idempotencyKeys.scope, id.scope),
    eq(idempotencyKeys.key, id.key),
    isNull(idempotencyKeys.response_status),
  );
  if (outcome === null) {
    await db.delete(idempotencyKeys).where(where);
    return;
  }
  const [status, body] =
    outcome instanceof AppError
      ? [outcome.status, storedRefusal(outcome)]
      : [200, storedAnswer(outcome.ok)];
  await db
    .update(idempotencyKeys)
    .set({ response_status: status, response_body: body })
    .where(where);
}
