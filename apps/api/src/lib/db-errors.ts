import { AppError } from './app-error';
/**
 * True when a query failed on the named unique index or constraint. Drivers (pg, PGlite) and
 * Drizzle wrap the PostgreSQL error differently, so the cause chain is walked.
 */
export function isConstraintViolation(error: unknown, constraint: string): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^23\d{3}$/.test(candidate.code)) {
      return candidate.constraint === constraint;
    }
    current = candidate.cause;
  }
  return false;
}

/** True when a query failed because a row another table refers to was to go (SQLSTATE 23503). */
export function isForeignKeyViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth += 1) {
    const candidate = current as { code?: unknown; cause?: unknown };
    if (candidate.code === '23503') return true;
    current = candidate.cause;
  }
  return false;
}

/**
 * Runs a delete; when another table still refers to the row (a booking, a ticket), the answer
 * is 409 `code` and nothing changed — the foreign key decides, so a concurrent booking cannot
 * slip between a check and the delete.
 */
export async function deleteUnlessReferenced<T>(
  remove: () => Promise<T>,
  code: string,
): Promise<T> {
  try {
    return await remove();
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new AppError(code, { status: 409 });
    throw error;
  }
}

/** Socket-level failures: the server is down, restarting, or the network between us dropped. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/**
 * node-postgres' own words for a connection that is gone or never came: the server closed it,
 * the pool gave up waiting for one, a client broken earlier was used, or the pool (or the
 * embedded database) is closing.
 */
const LOST_CONNECTION =
  /connection terminated|timeout exceeded when trying to connect|not queryable|client was closed|cannot use a pool after calling end|connection error|PGlite is closed/i;

/**
 * True when a query failed because the database could not be reached or went away, not because
 * of the query: connection refused or reset, a lost connection, SQLSTATE class 08 (connection
 * exception), 57P01/57P02 (the server shut down or crashed and ended the backend), 57P03 (still
 * starting) and 53300 (no connection slot left). Nothing was committed by the failed statement,
 * and the same call succeeds once the database is back.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth += 1) {
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown };
    const code = typeof candidate.code === 'string' ? candidate.code : '';
    if (NETWORK_CODES.has(code)) return true;
    if (/^08[0-9A-Z]{3}$/.test(code) || ['57P01', '57P02', '57P03', '53300'].includes(code)) {
      return true;
    }
    if (typeof candidate.message === 'string' && LOST_CONNECTION.test(candidate.message)) {
      return true;
    }
    // An AggregateError (several addresses refused) carries its causes in `errors`.
    const nested = (current as { errors?: unknown }).errors;
    if (Array.isArray(nested) && nested.some(isDatabaseUnavailable)) return true;
    current = candidate.cause;
  }
  return false;
}
