import { z } from 'zod';
import { DbIdParam } from '../common/ids';
import { PaginationQuery, paginated } from '../common/pagination';
import { CalendarDayInput, Instant, TimeZone } from '../common/time';

/**
 * What moved: a ticket sale, a refund of one, a withdrawal request reserving money, a rejected
 * or cancelled request releasing it, a paid request moving it out to the bank.
 */
export const TRANSACTION_KINDS = [
  'sale',
  'refund',
  'withdrawal_reserved',
  'withdrawal_released',
  'withdrawal_paid',
] as const;
export const TransactionKind = z.enum(TRANSACTION_KINDS);
export type TransactionKind = z.infer<typeof TransactionKind>;

/**
 * A line's money explained. For a sale: the tickets' price (`gross`), less the promo discount,
 * less the platform's fee, is what the organizer earns (`net`); a refund the same, taken back.
 * For withdrawal lines `gross` = `net` = the amount and discount and fee are 0. All positive
 * minor units; the line's `amount` carries the sign. `text` says it in the request's language.
 */
export const TransactionExplanation = z.object({
  gross: z.number().int(),
  discount: z.number().int(),
  fee: z.number().int(),
  net: z.number().int(),
  text: z.string(),
});
export type TransactionExplanation = z.infer<typeof TransactionExplanation>;

/** GET /api/v1/transaction — one journal entry as the organizer sees it. */
export const Transaction = z.object({
  id: z.number().int(),
  kind: TransactionKind,
  currency: z.string().length(3),
  /**
   * Signed change to what the organizer can still withdraw (pending + available): + for a sale
   * or a released request, − for a refund or a reservation; 0 for a paid request (it was
   * already reserved).
   */
  amount: z.number().int(),
  explanation: TransactionExplanation,
  /** Sales: `pending` until `available_at`, then `available`; null for other kinds. */
  state: z.enum(['pending', 'available']).nullable(),
  available_at: Instant.nullable(),
  booking: z.number().int().nullable(),
  refund: z.number().int().nullable(),
  withdrawal: z.number().int().nullable(),
  event: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  created_at: Instant,
});
export type Transaction = z.infer<typeof Transaction>;

export const TransactionList = paginated(Transaction);
export type TransactionList = z.infer<typeof TransactionList>;

/**
 * Filters: one event, one kind, one currency, and calendar days `from`..`to` (inclusive), read
 * in UTC unless `tz` names another IANA zone.
 */
export const TransactionListQuery = PaginationQuery.extend({
  event: DbIdParam.optional(),
  kind: TransactionKind.optional(),
  currency: z
    .string()
    .regex(/^[A-Za-z]{3}$/)
    .transform((value) => value.toUpperCase())
    .optional(),
  from: CalendarDayInput.optional(),
  to: CalendarDayInput.optional(),
  tz: TimeZone.optional(),
});
export type TransactionListQuery = z.infer<typeof TransactionListQuery>;
