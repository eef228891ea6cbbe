import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ReservedEventList } from '@hafla/shared/bookings/bookings';
import { apiClient } from '../../../lib/api-client';
import { nextPageOffset } from '../../../lib/pagination';
import { ticketsKeys } from './tickets-keys';

export const RESERVED_EVENTS_PAGE_SIZE = 20;

export function getReservedEvents(offset: number, signal?: AbortSignal) {
  return apiClient.get<ReservedEventList>('/api/v1/events_read/reserved-events/', {
    // The order history: events whose tickets were all refunded or cancelled stay listed.
    query: { limit: RESERVED_EVENTS_PAGE_SIZE, offset, include: 'history' },
    signal,
  });
}

export function reservedEventsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: ticketsKeys.reservedEvents(),
    queryFn: ({ pageParam, signal }) => getReservedEvents(pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: nextPageOffset,
  });
}

export function useReservedEvents() {
  return useInfiniteQuery(reservedEventsQueryOptions());
}
