import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AppInfo } from '@hafla/shared/catalog/app-config';
import { apiClient } from '../../../lib/api-client';
import { takeFirstAnswer } from '../../../lib/first-answer';

const APP_INFO_PATH = '/api/v1/app_config/';

export function getAppInfo(signal?: AbortSignal): Promise<AppInfo> {
  // A page that brings its first answer brings this one too (decision 0024).
  const first = takeFirstAnswer<AppInfo>(APP_INFO_PATH);
  if (first) return Promise.resolve(first);
  return apiClient.get<AppInfo>(APP_INFO_PATH, { signal });
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
