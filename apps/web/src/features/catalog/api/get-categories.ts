import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CategoryList } from '@hafla/shared/catalog/categories';
import { apiClient } from '../../../lib/api-client';

export interface GetCategoriesParams {
  limit?: number;
  offset?: number;
}

/** The home page shows every category; there are a handful, so one page of 100 holds them all. */
const ALL_CATEGORIES: Required<GetCategoriesParams> = { limit: 100, offset: 0 };

export function getCategories(
  params: GetCategoriesParams = ALL_CATEGORIES,
  signal?: AbortSignal,
): Promise<CategoryList> {
  return apiClient.get<CategoryList>('/api/v1/categories/', {
    query: { limit: params.limit, offset: params.offset },
    signal,
  });
}

export function categoriesQueryOptions(params: GetCategoriesParams = ALL_CATEGORIES) {
  return queryOptions({
    queryKey: ['categories', params],
    queryFn: ({ signal }) => getCategories(params, signal),
  });
}

export function useCategories(params?: GetCategoriesParams) {
  return useQuery(categoriesQueryOptions(params));
}
