import { and, eq, inArray, lt, lte, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { codeSendSpacing, rateCounters } from '../../db/schema/accounts';
import { AppError } from '../../lib/app-error';

export interface Window {
  limit: number;
  seconds: number;
}

export function windowStart(now: Date, seconds: number): Date {
  const size = seconds * 1000;
  return new Date(Math.floor(now.getTime() / size) * size);
}

/**
 * Counts one hit on `key` in the current fixed window and answers the window's count. The
 * counter lives in the database, so it holds across every API process.
 */
export async function countRateHit(
  db: Db,
  key: string,
  seconds: number,
  now = new Date(),
): Promise<number> {
  const start = windowStart(now, seconds);
  const [row] = await db
    .insert(rateCounters)
    .values({ key, window_start: start, count: 1 })
    .onConflictDoUpdate({
      target: [rateCounters.key, rateCounters.window_start],
      set: { count: sql`${rateCounters.count} + 1` },
    })
    .returning({ count: rateCounters.count });
  // Old windows are swept now and then by whoever passes by; no job is needed for correctness.
  if (Math.random() < 0.01) {
    await db
      .delete(rateCounters)
      .where(lt(rateCounters.window_start, new Date(now.getTime() - 86_400_000)));
  }
  return row?.count ?? 0;
}

/** Counts one hit and refuses past the window's limit with `throttled` and Retry-After. */
export async function hitRateCounter(
  db: Db,
  key: string,
  window: Window,
  now = new Date(),
): Promise<void> {
  const count = await countRateHit(db, key, window.seconds, now);
  if (count > window.limit) {
    throw throttledUntil(windowStart(now, window.seconds), window.seconds, now);
  }
}

/** Reads the current window's count without counting (for limits on failures only). */
export async function readRateCounter(
  db: Db,
  key: string,
  window: Window,
  now = new Date(),
): Promise<void> {
  const start = windowStart(now, window.seconds);
  const [row] = await db
    .select({ count: rateCounters.count })
    .from(rateCounters)
    .where(and(eq(rateCounters.key, key), eq(rateCounters.window_start, start)));
  if ((row?.count ?? 0) >= window.limit) throw throttledUntil(start, window.seconds, now);
}

/** Refuses when the busiest of `count`s has reached the window's limit (for limits on failures only). */
export function refuseAtLimit(count: number, window: Window, now: Date): void {
  if (count >= window.limit) {
    throw throttledUntil(windowStart(now, window.seconds), window.seconds, now);
  }
}

/** Reads the current window of several keys in one statement and refuses at the busiest's limit. */
export async function readRateCounters(
  db: Db,
  keys: string[],
  window: Window,
  now = new Date(),
): Promise<void> {
  const [row] = await db
    .select({ count: max(rateCounters.count) })
    .from(rateCounters)
    .where(
      and(
        inArray(rateCounters.key, keys),
        eq(rateCounters.window_start, windowStart(now, window.seconds)),
      ),
    );
  refuseAtLimit(row?.count ?? 0, window, now);
}

/** Counts one hit on each key in one statement. */
export async function countRateHits(
  db: Db,
  keys: string[],
  seconds: number,
  now = new Date(),
): Promise<void> {
  const start = windowStart(now, seconds);
  await db
    .insert(rateCounters)
    .values(keys.map((key) => ({ key, window_start: start, count: 1 })))
    .onConflictDoUpdate({
      target: [rateCounters.key, rateCounters.window_start],
      set: { count: sql`${rateCounters.count} + 1` },
    });
}

function throttledUntil(start: Date, seconds: number, now: Date): AppError {
  const wait = Math.max(1, Math.ceil((start.getTime() + seconds * 1000 - now.getTime()) / 1000));
  return new AppError('throttled', {
    status: 429,
    params: { seconds: wait },
    headers: { 'retry-after': String(wait) },
  });
}

/**
 * Lets one send through per `seconds` for `key`, atomically across processes; otherwise throws
 * `code` (429) with the seconds left in Retry-After.
 */
export async function spaceSends(
  db: Db,
  key: string,
  seconds: number,
  code: string,
  now = new Date(),
): Promise<void> {
  const earliest = new Date(now.getTime() - seconds * 1000);
  const [claimed] = await db
    .insert(codeSendSpacing)
    .values({ key, last_sent_at: now })
    .onConflictDoUpdate({
      target: codeSendSpacing.key,
      set: { last_sent_at: now },
      setWhere: lte(codeSendSpacing.last_sent_at, earliest),
    })
    .returning({ at: codeSendSpacing.last_sent_at });
  if (claimed) return;
  const [current] = await db.select().from(codeSendSpacing).where(eq(codeSendSpacing.key, key));
  const wait = current
    ? Math.max(
        1,
        Math.ceil((current.last_sent_at.getTime() + seconds * 1000 - now.getTime()) / 1000),
      )
    : seconds;
  throw new AppError(code, {
    status: 429,
    params: { seconds: wait },
    headers: { 'retry-after': String(wait) },
  });
}
