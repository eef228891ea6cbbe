import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminDashboard } from '@hafla/shared/admin/dashboard';
import { apiClient } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

export function getDashboard(signal?: AbortSignal): Promise<AdminDashboard> {
  return apiClient.get<AdminDashboard>('/api/v1/admin/dashboard/', { signal });
}

export function dashboardQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.dashboard(),
    queryFn: ({ signal }) => getDashboard(signal),
    staleTime: 0,
  });
}

export function useDashboard() {
  return useQuery(dashboardQueryOptions());
}
