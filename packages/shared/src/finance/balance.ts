import { z } from 'zod';
import { Instant } from '../common/time';

/**
 * One currency of an organizer's money, in minor units, always the sums of the ledger:
 * `pending` is earned but not yet withdrawable (its slot has not ended plus the hold days),
 * `available` can be withdrawn, `reserved` is held by open withdrawal requests, `withdrawn`
 * has been paid out to the organizer's bank.
 */
export const BalanceLine = z.object({
  currency: z.string().length(3),
  pending: z.number().int(),
  available: z.number().int(),
  reserved: z.number().int(),
  withdrawn: z.number().int(),
  /** When the next pending earnings become available, or null when nothing is pending. */
  next_available_at: Instant.nullable(),
});
export type BalanceLine = z.infer<typeof BalanceLine>;

/** GET /api/v1/balance/ — one line per currency the organizer has ever earned in. */
export const BalanceAnswer = z.object({ results: z.array(BalanceLine) });
export type BalanceAnswer = z.infer<typeof BalanceAnswer>;
