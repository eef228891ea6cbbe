import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import {
  countRateHits,
  readRateCounters,
  refuseAtLimit,
  windowStart,
  type Window,
} from '../rate-limits/rate-counter';
import type { Statement } from '../../db/pipeline';

/**
 * A limit on guessing promo codes: failed codes are counted per user and per client address in
 * the database (so across processes), and past the limit every call that names a code is refused
 * with `throttled` until the window ends, the right code included.
 */
export const PROMO_FAILURES: Window = { limit: 10, seconds: 10 * 60 };

/** Who is trying codes. */
export interface PromoClient {
  userId: string;
  address: string;
}

/**
 * A wrong guess: no such code. A real code that ran out, expired or does not cover the tickets
 * is not a guess, and counting it would throttle every buyer behind one address (a venue's
 * Wi-Fi, a carrier's NAT) the moment a popular code is used up in a rush.
 */
const FAILURES: ReadonlySet<string> = new Set(['promo_code_invalid']);

const keysOf = (client: PromoClient) => [
  `promo-fail:user:${client.userId}`,
  `promo-fail:address:${client.address}`,
];

/** Refuses once the user or the address has failed too often in the current window. */
export function checkPromoFailures(db: Db, client: PromoClient, now: Date): Promise<void> {
  return readRateCounters(db, keysOf(client), PROMO_FAILURES, now);
}

/**
 * The same read for a pipelined booking, sent with its first message (no round trip of its own):
 * the failures of the busier of the two in the current window.
 */
export const PROMO_FAILURE_COUNT: Statement = {
  name: 'promo_failure_count',
  text: `select coalesce(max(count), 0)::int as count from rate_counters
          where key = any($1::text[]) and window_start = $2`,
};

export const promoFailureValues = (client: PromoClient, now: Date): unknown[] => [
  keysOf(client),
  windowStart(now, PROMO_FAILURES.seconds),
];

export function refuseAtPromoLimit(count: number, now: Date): void {
  refuseAtLimit(count, PROMO_FAILURES, now);
}

/** Runs `work`; a promo code it refuses counts as a failure of the user and the address. */
export async function countingPromoFailures<T>(
  db: Db,
  client: PromoClient,
  now: Date,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError && FAILURES.has(error.code)) {
      await countRateHits(db, keysOf(client), PROMO_FAILURES.seconds, now);
    }
    throw error;
  }
}
