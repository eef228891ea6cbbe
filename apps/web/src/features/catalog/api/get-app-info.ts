import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AppInfo } from '@hafla/shared/catalog/app-config';
import { apiClient } from '../../../lib/api-client';

export function getAppInfo(signal?: AbortSignal): Promise<AppInfo> {
  return apiClient.get<AppInfo>('/api/v1/app_config/', { signal });
}

export function appInfoQueryOptions() {
  return queryOptions({
    queryKey: ['app-config'],
    queryFn: ({ signal }) => getAppInfo(signal),
    // The version and limits only change with a deploy, which reloads the page.
    staleTime: Infinity,
  });
}

export function useAppInfo() {
  return useQuery(appInfoQueryOptions());
}
