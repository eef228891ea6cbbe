import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminHomePageConfig,
  HomePageConfig,
  HomeSectionSetting,
} from '@hafla/shared/catalog/app-config';
import { apiClient } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

const PATH = '/api/v1/admin/app_config/home-page-config/';

export function getHomeSections(signal?: AbortSignal): Promise<AdminHomePageConfig> {
  return apiClient.get<AdminHomePageConfig>(PATH, { signal });
}

export function homeSectionsQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.homeSections(),
    queryFn: ({ signal }) => getHomeSections(signal),
    staleTime: 0,
  });
}

export function useHomeSections() {
  return useQuery(homeSectionsQueryOptions());
}

/** Saves the whole list: order, titles and hidden marks. */
export function useSaveHomeSections() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (value: HomeSectionSetting[]) =>
      apiClient.request<HomePageConfig>(PATH, { method: 'PUT', body: { value } }),
    // The public home page reads the same setting.
    onSettled: () => queryClient.invalidateQueries(),
  });
}
