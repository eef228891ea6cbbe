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
