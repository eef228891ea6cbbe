import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BalanceAnswer } from '@hafla/shared/finance/balance';
import { apiClient } from '../../../lib/api-client';
import { financeKeys } from './finance-keys';

export function getBalance(signal?: AbortSignal): Promise<BalanceAnswer> {
  return apiClient.get<BalanceAnswer>('/api/v1/balance/', { signal });
}

export function balanceQueryOptions() {
  return queryOptions({
    queryKey: financeKeys.balance(),
    queryFn: ({ signal }) => getBalance(signal),
    // Sales, refunds and the hold's end move it without the organizer doing anything.
    staleTime: 0,
  });
}

export function useBalance() {
  return useQuery(balanceQueryOptions());
}
