import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  AdminWithdrawal,
  AdminWithdrawalList,
  AdminWithdrawalPatch,
  WithdrawalStatus,
} from '@hafla/shared/finance/withdrawals';
import { apiClient } from '../../../lib/api-client';
import { financeKeys } from './finance-keys';

export const ADMIN_WITHDRAWALS_PAGE_SIZE = 20;

export interface AdminWithdrawalFilters {
  status?: WithdrawalStatus;
  offset: number;
}

export function getAdminWithdrawals(
  filters: AdminWithdrawalFilters,
  signal?: AbortSignal,
): Promise<AdminWithdrawalList> {
  return apiClient.get<AdminWithdrawalList>('/api/v1/admin/withdrawals/', {
    query: { status: filters.status, limit: ADMIN_WITHDRAWALS_PAGE_SIZE, offset: filters.offset },
    signal,
  });
}

export function adminWithdrawalsQueryOptions(filters: AdminWithdrawalFilters) {
  return queryOptions({
    queryKey: [...financeKeys.adminWithdrawals(), filters],
    queryFn: ({ signal }) => getAdminWithdrawals(filters, signal),
    staleTime: 0,
  });
}

export function useAdminWithdrawals(filters: AdminWithdrawalFilters) {
  return useQuery({ ...adminWithdrawalsQueryOptions(filters), placeholderData: keepPreviousData });
}

export function useDecideWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: number; decision: AdminWithdrawalPatch }) =>
      apiClient.request<AdminWithdrawal>(`/api/v1/admin/withdrawals/${id}/`, {
        method: 'PATCH',
        body: decision,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: financeKeys.adminWithdrawals() }),
  });
}
