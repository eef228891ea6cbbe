import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConfigurationPage } from '@hafla/shared/catalog/configuration-pages';
import { apiClient } from '../../../lib/api-client';

export function getConfigurationPage(
  idOrSlug: string,
  signal?: AbortSignal,
): Promise<ConfigurationPage> {
  return apiClient.get<ConfigurationPage>(`/api/v1/configuration/${encodeURIComponent(idOrSlug)}`, {
    signal,
  });
}

export function configurationPageQueryOptions(idOrSlug: string) {
  return queryOptions({
    queryKey: ['configuration', idOrSlug],
    queryFn: ({ signal }) => getConfigurationPage(idOrSlug, signal),
  });
}

export function useConfigurationPage(idOrSlug: string) {
  return useQuery(configurationPageQueryOptions(idOrSlug));
}

// Mirrors ConfigurationPageParams in @hafla/shared without loading zod into the page chunk.
const CONFIGURATION_PAGE_ID = /^(\d{1,9}|[a-z0-9]+(?:-[a-z0-9]+)*)$/;

export function isConfigurationPageId(value: string): boolean {
  return value.length <= 64 && CONFIGURATION_PAGE_ID.test(value);
}
