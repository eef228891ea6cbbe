import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PromoCode } from '@hafla/shared/promo-codes/promo-codes';
import type { Page } from '@hafla/shared/common/pagination';
import { apiClient } from '../../../lib/api-client';
import { organizerEventKeys } from './query-keys';

const ALL = { limit: 100, offset: 0 };

export function getPromoCodes(eventId: number, signal?: AbortSignal): Promise<Page<PromoCode>> {
  return apiClient.get<Page<PromoCode>>('/api/v1/promo_codes/', {
    query: { event: eventId, ...ALL },
    signal,
  });
}

export function promoCodesQueryOptions(eventId: number) {
  return queryOptions({
    queryKey: [...organizerEventKeys.event(eventId), 'promo-codes'],
    queryFn: ({ signal }) => getPromoCodes(eventId, signal),
    staleTime: 0,
  });
}

export function usePromoCodes(eventId: number) {
  return useQuery(promoCodesQueryOptions(eventId));
}
