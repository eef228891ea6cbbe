import type { WithdrawalAccountSummary } from '@hafla/shared/finance/withdrawals';

/** "Al Rajhi Bank · •••• 7519 · SAR": enough to tell the organizer's accounts apart. */
export function accountLabel(
  account: Pick<WithdrawalAccountSummary, 'bank_name' | 'iban' | 'currency'>,
): string {
  return `${account.bank_name} · \u2066•••• ${account.iban.slice(-4)}\u2069 · ${account.currency}`;
}
