import { z } from 'zod';
import { DbIdParam } from '../common/ids';
import { PaginationQuery, paginated } from '../common/pagination';
import { Instant } from '../common/time';
import { normalizeIban, normalizeSwift } from './iban';

export { asciiDigits, formatIban, normalizeIban, normalizeSwift } from './iban';

const Text = z.string().trim().min(1).max(120);
const CurrencyCode = z
  .string()
  .regex(/^[A-Za-z]{3}$/)
  .transform((value) => value.toUpperCase());

/** GET /api/v1/withdrawal-accounts/ — a bank account the organizer is paid to. */
export const WithdrawalAccount = z.object({
  id: z.number().int(),
  bank_name: z.string(),
  account_holder: z.string(),
  /** Electronic form, no spaces. */
  iban: z.string(),
  swift: z.string(),
  currency: z.string().length(3),
  /** Exactly one of the organizer's accounts is the default (the first one added becomes it). */
  is_default: z.boolean(),
  /** True while an open (requested or approved) withdrawal uses it: it cannot be deleted then. */
  in_use: z.boolean(),
  created_at: Instant,
  updated_at: Instant,
});
export type WithdrawalAccount = z.infer<typeof WithdrawalAccount>;

export const WithdrawalAccountList = paginated(WithdrawalAccount);
export type WithdrawalAccountList = z.infer<typeof WithdrawalAccountList>;
export const WithdrawalAccountListQuery = PaginationQuery;
export type WithdrawalAccountListQuery = z.infer<typeof WithdrawalAccountListQuery>;

/**
 * POST /api/v1/withdrawal-accounts/. `iban` and `swift` are normalised (see `normalizeIban`)
 * then checked. `is_default: true` makes it the default (the previous default stops being one).
 */
export const WithdrawalAccountCreate = z.strictObject({
  bank_name: Text,
  account_holder: Text,
  iban: z.string().max(64).transform(normalizeIban),
  swift: z.string().max(20).transform(normalizeSwift),
  currency: CurrencyCode,
  is_default: z.boolean().default(false),
});
export type WithdrawalAccountCreate = z.input<typeof WithdrawalAccountCreate>;

/**
 * PATCH /api/v1/withdrawal-accounts/{id}/ — any of the fields. `is_default: false` on the
 * default answers `default_required` (make another the default instead).
 */
export const WithdrawalAccountPatch = z.strictObject({
  bank_name: Text.optional(),
  account_holder: Text.optional(),
  iban: z.string().max(64).transform(normalizeIban).optional(),
  swift: z.string().max(20).transform(normalizeSwift).optional(),
  currency: CurrencyCode.optional(),
  is_default: z.boolean().optional(),
});
export type WithdrawalAccountPatch = z.input<typeof WithdrawalAccountPatch>;

export const WithdrawalAccountParams = z.object({ id: DbIdParam });

/** Error codes of the withdrawal-account calls, beyond the field codes. */
export const WITHDRAWAL_ACCOUNT_ERRORS = [
  'iban_invalid',
  'swift_invalid',
  'currency_invalid',
  'default_required',
  'account_in_use',
] as const;
