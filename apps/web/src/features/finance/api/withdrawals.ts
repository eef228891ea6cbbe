import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  Withdrawal,
  WithdrawalCreate,
  WithdrawalList,
  WithdrawalPatch,
} from '@hafla/shared/finance/withdrawals';
import { apiClient } from '../../../lib/api-client';
import { financeKeys } from './finance-keys';

export const WITHDRAWALS_PAGE_SIZE = 10;

export function getWithdrawals(offset: number, signal?: AbortSignal): Promise<WithdrawalList> {
  return apiClient.get<WithdrawalList>('/api/v1/withdrawal/', {
    query: { limit: WITHDRAWALS_PAGE_SIZE, offset },
    signal,
  });
}

export function withdrawalsQueryOptions(offset: number) {
  return queryOptions({
    queryKey: [...financeKeys.withdrawals(), offset],
    queryFn: ({ signal }) => getWithdrawals(offset, signal),
    staleTime: 0,
  });
}

export function useWithdrawals(offset: number) {
  return useQuery({ ...withdrawalsQueryOptions(offset), placeholderData: keepPreviousData });
}

/** A request reserves or releases money: the balance, the lines and the requests all move. */
export function useRefreshMoney() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: financeKeys.balance() }),
      queryClient.invalidateQueries({ queryKey: financeKeys.transactions() }),
      queryClient.invalidateQueries({ queryKey: financeKeys.withdrawals() }),
      queryClient.invalidateQueries({ queryKey: financeKeys.accounts() }),
    ]);
}

export interface CreateWithdrawalInput {
  request: WithdrawalCreate;
  /** The same key for a retry of the same request, so it is made once (PRODUCT.md section 1). */
  idempotencyKey: string;
}

export function useCreateWithdrawal() {
  const refresh = useRefreshMoney();
  return useMutation({
    mutationFn: ({ request, idempotencyKey }: CreateWithdrawalInput) =>
      apiClient.request<Withdrawal>('/api/v1/withdrawal/', {
        method: 'POST',
        body: request,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    onSuccess: refresh,
  });
}

export function useUpdateWithdrawal() {
  const refresh = useRefreshMoney();
  return useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: WithdrawalPatch }) =>
      apiClient.request<Withdrawal>(`/api/v1/withdrawal/${id}/`, { method: 'PATCH', body: patch }),
    onSuccess: refresh,
  });
}
