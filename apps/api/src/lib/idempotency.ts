import { createHash } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { ErrorType } from '@hafla/shared/common/errors';
import type { Db } from '../db/client';
import { idempotencyKeys } from '../db/schema/bookings';
import { AppError, fieldError } from './app-error';

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

const replay = (stored: Stored) => {
  if ('ok' in stored) return stored.ok;
  const { code, ...options } = stored.error;
  throw new AppError(code, options);
};

/**
 * Runs `run` once per (user, scope, key): a repeat returns the first answer — its result or its
 * refusal, re-rendered in the repeat's language — and changes nothing; the same key with another
 * body is refused (`idempotency_key_reused`); a repeat while the first is still running is told
 * to retry (`idempotency_request_in_progress`). Server errors are not remembered, so a retry
 * after one runs again. Operations that move money pass the key on to the gateway as well, so a
 * process dying between the charge and the answer cannot charge twice either.
 */
export async function idempotent<T>(
  db: Db,
  call: IdempotentCall,
  run: (key: string | null) => Promise<T>,
): Promise<T> {
  if (call.key === undefined) return run(null);
  const key = Array.isArray(call.key) ? call.key[0] : call.key;
  if (key === undefined || !KEY_PATTERN.test(key)) throw fieldError('invalid', 'Idempotency-Key');

  const requestHash = createHash('sha256').update(canonical(call.request)).digest('hex');
  const identity = and(
    eq(idempotencyKeys.user_id, call.userId),
    eq(idempotencyKeys.scope, call.scope),
    eq(idempotencyKeys.key, key),
  );
  const [claimed] = await db
    .insert(idempotencyKeys)
    .values({ user_id: call.userId, scope: call.scope, key, request_hash: requestHash })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (!claimed) {
    const [existing] = await db.select().from(idempotencyKeys).where(identity);
    if (!existing) throw new AppError('idempotency_request_in_progress', { status: 409 });
    if (existing.request_hash !== requestHash) {
      throw new AppError('idempotency_key_reused', { status: 422, attr: 'Idempotency-Key' });
    }
    if (existing.response_body !== null) return replay(existing.response_body as Stored) as T;
    // Still running — unless the process that claimed it died: then this one takes over.
    const [takenOver] = await db
      .update(idempotencyKeys)
      .set({ created_at: sql`now()` })
      .where(
        and(
          identity,
          isNull(idempotencyKeys.response_status),
          lt(idempotencyKeys.created_at, new Date(Date.now() - STALE_AFTER_MS)),
        ),
      )
      .returning({ key: idempotencyKeys.key });
    if (!takenOver) {
      throw new AppError('idempotency_request_in_progress', {
        status: 409,
        headers: { 'retry-after': '1' },
      });
    }
  }

  const remember = (status: number, stored: Stored) =>
    db
      .update(idempotencyKeys)
      .set({ response_status: status, response_body: stored })
      .where(identity);
  try {
    const result = await run(key);
    await remember(200, { ok: result });
    return result;
  } catch (error) {
    if (error instanceof AppError && error.status < 500) {
      const { code, status, attr, params, type } = error;
      await remember(status, { error: { code, status, attr, params, type } });
    } else {
      await db.delete(idempotencyKeys).where(identity);
    }
    throw error;
  }
}
