import { queryOptions, useQuery } from '@tanstack/react-query';
import { CATEGORIES_PATH, WHOLE_LIST } from '@hafla/shared/catalog/catalog-lists';
import type { CategoryList } from '@hafla/shared/catalog/categories';
import { apiClient } from '../../../lib/api-client';

export interface GetCategoriesParams {
  limit?: number;
  offset?: number;
}

/** The home page and the events list show every category, in one page. */
const ALL_CATEGORIES: Required<GetCategoriesParams> = WHOLE_LIST;

export function getCategories(
  params: GetCategoriesParams = ALL_CATEGORIES,
  signal?: AbortSignal,
): Promise<CategoryList> {
  return apiClient.get<CategoryList>(CATEGORIES_PATH, {
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
