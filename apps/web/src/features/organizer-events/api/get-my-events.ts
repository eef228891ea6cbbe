import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Event, EventStatus } from '@hafla/shared/events/events';
import type { Page } from '@hafla/shared/common/pagination';
import { apiClient } from '../../../lib/api-client';
import { organizerEventKeys } from './query-keys';

export const MY_EVENTS_PAGE_SIZE = 12;

export interface MyEventsParams {
  status?: EventStatus;
  search?: string;
  offset?: number;
  /** A page of another size, e.g. every event for a picker; `MY_EVENTS_PAGE_SIZE` by default. */
  limit?: number;
}

/** The signed-in organizer's own events, newest first, any status. */
export function getMyEvents(params: MyEventsParams, signal?: AbortSignal): Promise<Page<Event>> {
  return apiClient.get<Page<Event>>('/api/v1/events/', {
    query: {
      status: params.status,
      search: params.search?.trim() || undefined,
      limit: params.limit ?? MY_EVENTS_PAGE_SIZE,
      offset: params.offset ?? 0,
    },
    signal,
  });
}

export function myEventsQueryOptions(params: MyEventsParams) {
  return queryOptions({
    queryKey: [...organizerEventKeys.lists(), params],
    queryFn: ({ signal }) => getMyEvents(params, signal),
    // Sales and statuses change under the organizer's feet; never trust a list for long.
    staleTime: 0,
  });
}

export function useMyEvents(params: MyEventsParams) {
  // Typing a search keeps the last results on screen instead of flashing a loader.
  return useQuery({ ...myEventsQueryOptions(params), placeholderData: keepPreviousData });
}
