import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FaqList } from '@hafla/shared/catalog/faq';
import { apiClient } from '../../../lib/api-client';

export interface GetFaqParams {
  limit?: number;
  offset?: number;
}

const ALL_FAQ: Required<GetFaqParams> = { limit: 100, offset: 0 };

export function getFaq(params: GetFaqParams = ALL_FAQ, signal?: AbortSignal): Promise<FaqList> {
  return apiClient.get<FaqList>('/api/v1/faq/', {
    query: { limit: params.limit, offset: params.offset },
    signal,
  });
}

export function faqQueryOptions(params: GetFaqParams = ALL_FAQ) {
  return queryOptions({
    queryKey: ['faq', params],
    queryFn: ({ signal }) => getFaq(params, signal),
  });
}

export function useFaq(params?: GetFaqParams) {
  return useQuery(faqQueryOptions(params));
}
