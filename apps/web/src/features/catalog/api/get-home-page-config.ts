import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HomePageConfig } from '@hafla/shared/catalog/app-config';
import { apiClient } from '../../../lib/api-client';

export function getHomePageConfig(signal?: AbortSignal): Promise<HomePageConfig> {
  return apiClient.get<HomePageConfig>('/api/v1/app_config/home-page-config/', { signal });
}

export function homePageConfigQueryOptions() {
  return queryOptions({
    queryKey: ['app-config', 'home-page-config'],
    queryFn: ({ signal }) => getHomePageConfig(signal),
  });
}

export function useHomePageConfig() {
  return useQuery(homePageConfigQueryOptions());
}
