import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { nextPageOffset } from '../../../lib/pagination';
import { EVENTS_PAGE_SIZE, type EventListQuery } from '@hafla/shared/events/event-pages';
import { eventKeys, getEvents } from './get-events';

/** The events list, one "Show more" page at a time. */
export function eventPagesQueryOptions(query: EventListQuery, pageSize = EVENTS_PAGE_SIZE) {
  return infiniteQueryOptions({
    queryKey: eventKeys.pages(query),
    queryFn: ({ pageParam, signal }) =>
      getEvents({ query, limit: pageSize, offset: pageParam }, signal),
    initialPageParam: 0,
    getNextPageParam: nextPageOffset,
    staleTime: 60_000,
  });
}

export function useEventPages(query: EventListQuery, isEnabled = true) {
  return useInfiniteQuery({
    ...eventPagesQueryOptions(query),
    enabled: isEnabled,
    // A new filter keeps the current results on screen (dimmed) until the new ones arrive.
    placeholderData: (previous) => previous,
  });
}
