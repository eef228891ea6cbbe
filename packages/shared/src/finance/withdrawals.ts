import { z } from 'zod';
import { DbId, DbIdParam } from '../common/ids';
import { PaginationQuery, paginated } from '../common/pagination';
import { Instant } from '../common/time';
import { BalanceLine } from './balance';

/**
 * `requested` (the amount is reserved) → `approved` (by an admin) → `paid` (money sent, with a
 * transfer reference) | `rejected` (by an admin, with a reason; releases the amount); or
 * `cancelled` by the organizer while `requested` (releases it).
 */
export const WITHDRAWAL_STATUSES = [
  'requested',
  'approved',
  'paid',
  'rejected',
  'cancelled',
] as const;
export const WithdrawalStatus = z.enum(WITHDRAWAL_STATUSES);
export type WithdrawalStatus = z.infer<typeof WithdrawalStatus>;

/** Requests still holding their reserved amount. */
export const OPEN_WITHDRAWAL_STATUSES = ['requested', 'approved'] as const;

/** One step of a request's life, oldest first. */
export const WithdrawalStatusChange = z.object({
  status: WithdrawalStatus,
  at: Instant,
  /** Who made the change. */
  by: z.enum(['organizer', 'admin']),
  /** The rejection reason, or the organizer's note when an edit changed the amount. */
  note: z.string().nullable(),
});
export type WithdrawalStatusChange = z.infer<typeof WithdrawalStatusChange>;

export const WithdrawalAccountSummary = z.object({
  id: z.number().int(),
  bank_name: z.string(),
  account_holder: z.string(),
  iban: z.string(),
  swift: z.string(),
  currency: z.string().length(3),
});
export type WithdrawalAccountSummary = z.infer<typeof WithdrawalAccountSummary>;

/** GET /api/v1/withdrawal/ — one request. */
export const Withdrawal = z.object({
  id: z.number().int(),
  account: WithdrawalAccountSummary,
  amount: z.number().int(),
  currency: z.string().length(3),
  note: z.string(),
  status: WithdrawalStatus,
  /** Why an admin rejected it. */
  rejection_reason: z.string().nullable(),
  /** The bank transfer's reference, once paid. */
  transfer_reference: z.string().nullable(),
  /** True while the organizer may still change it (`requested`). */
  editable: z.boolean(),
  history: z.array(WithdrawalStatusChange),
  created_at: Instant,
  updated_at: Instant,
});
export type Withdrawal = z.infer<typeof Withdrawal>;

export const WithdrawalList = paginated(Withdrawal);
export type WithdrawalList = z.infer<typeof WithdrawalList>;
export const WithdrawalListQuery = PaginationQuery.extend({ status: WithdrawalStatus.optional() });
export type WithdrawalListQuery = z.infer<typeof WithdrawalListQuery>;

/** Longest note and reason. */
export const WITHDRAWAL_NOTE_MAX = 500;

/**
 * POST /api/v1/withdrawal/ with an `Idempotency-Key` header. `amount` in minor units of
 * `currency`, which must be the account's; at least the platform's `withdrawal_minimum` and at
 * most the available balance (else `amount_below_minimum` / `insufficient_balance` on `amount`).
 */
export const WithdrawalCreate = z.strictObject({
  account: DbId,
  amount: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  currency: z
    .string()
    .regex(/^[A-Za-z]{3}$/)
    .transform((value) => value.toUpperCase()),
  note: z.string().trim().max(WITHDRAWAL_NOTE_MAX).default(''),
});
export type WithdrawalCreate = z.input<typeof WithdrawalCreate>;

/**
 * PATCH /api/v1/withdrawal/{id}/ (an `Idempotency-Key` is honoured when sent) — change the
 * account, amount or note while `requested` (else `withdrawal_not_editable`), or cancel it
 * with `status: "cancelled"` (alone), also only while `requested`.
 */
export const WithdrawalPatch = z.strictObject({
  account: DbId.optional(),
  amount: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
  note: z.string().trim().max(WITHDRAWAL_NOTE_MAX).optional(),
  status: z.literal('cancelled').optional(),
});
export type WithdrawalPatch = z.input<typeof WithdrawalPatch>;

export const WithdrawalParams = z.object({ id: DbIdParam });

/** GET /api/v1/admin/withdrawals/ — a request with whose it is. */
export const AdminWithdrawal = Withdrawal.extend({
  organizer: z.object({
    id: z.uuid(),
    name: z.string(),
    email: z.string(),
  }),
  /** The organizer's balance in the request's currency now (null with no ledger lines in it). */
  organizer_balance: BalanceLine.nullable(),
  /**
   * Above the configured amount an approval takes two different admins: the first is recorded
   * here (the request stays `requested`), the second approves it.
   */
  approval: z.object({
    needs_second_admin: z.boolean(),
    first_approved_by: z.object({ id: z.uuid(), email: z.string() }).nullable(),
    first_approved_at: Instant.nullable(),
  }),
});
export type AdminWithdrawal = z.infer<typeof AdminWithdrawal>;
export const AdminWithdrawalList = paginated(AdminWithdrawal);
export type AdminWithdrawalList = z.infer<typeof AdminWithdrawalList>;
export const AdminWithdrawalListQuery = WithdrawalListQuery;
export type AdminWithdrawalListQuery = z.infer<typeof AdminWithdrawalListQuery>;

/**
 * PATCH /api/v1/admin/withdrawals/{id}/ — approve a `requested` one, reject a `requested` or
 * `approved` one with a reason, mark an `approved` one paid with the transfer's reference.
 * Anything else answers `withdrawal_transition_invalid`.
 */
export const AdminWithdrawalPatch = z.discriminatedUnion('status', [
  z.strictObject({ status: z.literal('approved') }),
  z.strictObject({
    status: z.literal('rejected'),
    reason: z.string().trim().min(1).max(WITHDRAWAL_NOTE_MAX),
  }),
  z.strictObject({
    status: z.literal('paid'),
    transfer_reference: z.string().trim().min(1).max(100),
  }),
]);
export type AdminWithdrawalPatch = z.infer<typeof AdminWithdrawalPatch>;

/** Error codes of the withdrawal calls, beyond the field codes. */
export const WITHDRAWAL_ERRORS = [
  'amount_below_minimum',
  'insufficient_balance',
  'currency_mismatch',
  'withdrawal_not_editable',
  'withdrawal_transition_invalid',
  'second_approval_required',
] as const;
