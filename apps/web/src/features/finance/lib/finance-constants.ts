import type { TRANSACTION_KINDS as SharedTransactionKinds } from '@hafla/shared/finance/transactions';
import type {
  WITHDRAWAL_NOTE_MAX as SharedNoteMax,
  WITHDRAWAL_STATUSES as SharedStatuses,
} from '@hafla/shared/finance/withdrawals';

// Mirrors of the shared constants without importing zod into the wallet's chunks; the types
// make any difference from the contract a compile error.

export const TRANSACTION_KINDS: typeof SharedTransactionKinds = [
  'sale',
  'refund',
  'withdrawal_reserved',
  'withdrawal_released',
  'withdrawal_paid',
];

export const WITHDRAWAL_STATUSES: typeof SharedStatuses = [
  'requested',
  'approved',
  'paid',
  'rejected',
  'cancelled',
];

export const WITHDRAWAL_NOTE_MAX: typeof SharedNoteMax = 500;
