import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminPlatformSettings, PlatformSettingsPatch } from '@hafla/shared/admin/settings';
import { apiClient } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

const PATH = '/api/v1/admin/app_config/platform/';

export function settingsQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.settings(),
    queryFn: ({ signal }) => apiClient.get<AdminPlatformSettings>(PATH, { signal }),
    staleTime: 0,
  });
}

export function useSettings() {
  return useQuery(settingsQueryOptions());
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: PlatformSettingsPatch) =>
      apiClient.request<AdminPlatformSettings>(PATH, { method: 'PATCH', body: patch }),
    onSuccess: (saved) => queryClient.setQueryData(adminKeys.settings(), saved),
  });
}
