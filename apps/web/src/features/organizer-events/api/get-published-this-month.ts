import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EventsPublishedThisMonth } from '@hafla/shared/events/events';
import { apiClient } from '../../../lib/api-client';
import { organizerEventKeys } from './query-keys';

/** How many events the organizer published this month, against the monthly limit. */
export function getPublishedThisMonth(signal?: AbortSignal): Promise<EventsPublishedThisMonth> {
  return apiClient.get<EventsPublishedThisMonth>('/api/v1/events/events_published_this_month/', {
    signal,
  });
}

export function publishedThisMonthQueryOptions() {
  return queryOptions({
    queryKey: organizerEventKeys.publishedThisMonth(),
    queryFn: ({ signal }) => getPublishedThisMonth(signal),
    staleTime: 0,
  });
}

export function usePublishedThisMonth() {
  return useQuery(publishedThisMonthQueryOptions());
}
