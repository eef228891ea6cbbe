/**
 * Every finance query sits under one root, so a withdrawal's change (the organizer's own, an
 * admin's, a realtime notification) refreshes the balance, the lines and the requests together.
 */
export const financeKeys = {
  all: ['finance'] as const,
  balance: () => [...financeKeys.all, 'balance'] as const,
  transactions: () => [...financeKeys.all, 'transactions'] as const,
  accounts: () => [...financeKeys.all, 'accounts'] as const,
  withdrawals: () => [...financeKeys.all, 'withdrawals'] as const,
  adminWithdrawals: () => [...financeKeys.all, 'admin-withdrawals'] as const,
  dashboard: () => [...financeKeys.all, 'dashboard'] as const,
};
