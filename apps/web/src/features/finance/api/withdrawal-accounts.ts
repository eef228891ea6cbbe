import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  WithdrawalAccount,
  WithdrawalAccountCreate,
  WithdrawalAccountList,
  WithdrawalAccountPatch,
} from '@hafla/shared/finance/accounts';
import { apiClient } from '../../../lib/api-client';
import { financeKeys } from './finance-keys';

/** An organizer keeps a handful of bank accounts: one page holds them all. */
export const ACCOUNTS_LIMIT = 100;

export function getWithdrawalAccounts(signal?: AbortSignal): Promise<WithdrawalAccountList> {
  return apiClient.get<WithdrawalAccountList>('/api/v1/withdrawal-accounts/', {
    query: { limit: ACCOUNTS_LIMIT, offset: 0 },
    signal,
  });
}

export function withdrawalAccountsQueryOptions() {
  return queryOptions({
    queryKey: financeKeys.accounts(),
    queryFn: ({ signal }) => getWithdrawalAccounts(signal),
    staleTime: 0,
  });
}

export function useWithdrawalAccounts() {
  return useQuery(withdrawalAccountsQueryOptions());
}

/**
 * Accounts change what requests show (their bank) and whether they can be deleted (in use):
 * every change reads both again.
 */
function useRefreshAccounts() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: financeKeys.accounts() }),
      queryClient.invalidateQueries({ queryKey: financeKeys.withdrawals() }),
    ]);
}

export function useCreateWithdrawalAccount() {
  const refresh = useRefreshAccounts();
  return useMutation({
    mutationFn: (request: WithdrawalAccountCreate) =>
      apiClient.request<WithdrawalAccount>('/api/v1/withdrawal-accounts/', {
        method: 'POST',
        body: request,
      }),
    onSuccess: refresh,
  });
}

export function useUpdateWithdrawalAccount() {
  const refresh = useRefreshAccounts();
  return useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: WithdrawalAccountPatch }) =>
      apiClient.request<WithdrawalAccount>(`/api/v1/withdrawal-accounts/${id}/`, {
        method: 'PATCH',
        body: patch,
      }),
    onSuccess: refresh,
  });
}

export function useDeleteWithdrawalAccount() {
  const refresh = useRefreshAccounts();
  return useMutation({
    mutationFn: (id: number) =>
      apiClient.request<void>(`/api/v1/withdrawal-accounts/${id}/`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}
