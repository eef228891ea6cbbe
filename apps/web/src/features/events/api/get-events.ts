import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EventSummaryList } from '@hafla/shared/events/discovery';
import type { EventListQuery } from '@hafla/shared/events/event-pages';
import { apiClient } from '../../../lib/api-client';

export type { EventListQuery };

export const eventKeys = {
  all: ['events'] as const,
  lists: () => [...eventKeys.all, 'list'] as const,
  list: (query: EventListQuery, limit: number) => [...eventKeys.lists(), query, limit] as const,
  pages: (query: EventListQuery) => [...eventKeys.lists(), 'pages', query] as const,
  detail: (id: number) => [...eventKeys.all, 'detail', id] as const,
};

export interface GetEventsParams {
  query: EventListQuery;
  limit: number;
  offset: number;
}

export function getEvents(
  { query, limit, offset }: GetEventsParams,
  signal?: AbortSignal,
): Promise<EventSummaryList> {
  return apiClient.get<EventSummaryList>('/api/v1/events_read/', {
    query: { ...query, limit, offset },
    signal,
  });
}

/** One page of events: a home row, an organizer's upcoming events. */
export function eventsQueryOptions(query: EventListQuery, limit = 12) {
  return queryOptions({
    queryKey: eventKeys.list(query, limit),
    queryFn: ({ signal }) => getEvents({ query, limit, offset: 0 }, signal),
    // Dates and prices move: an events list is fresh for a minute, not the catalog's five.
    staleTime: 60_000,
  });
}

export function useEvents(query: EventListQuery, limit?: number, isEnabled = true) {
  return useQuery({ ...eventsQueryOptions(query, limit), enabled: isEnabled });
}
