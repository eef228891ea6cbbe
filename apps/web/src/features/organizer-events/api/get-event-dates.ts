import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EventDate } from '@hafla/shared/event-dates/event-dates';
import type { MAX_PAGE_SIZE, Page } from '@hafla/shared/common/pagination';
import { apiClient } from '../../../lib/api-client';
import { organizerEventKeys } from './query-keys';

// Mirrors the shared constant without pulling zod into the page chunk; tsc fails if they drift.
const LARGEST_PAGE: typeof MAX_PAGE_SIZE = 1000;

/**
 * Every time slot of an event, soonest first. One page of the API's largest size holds them all:
 * a bulk pattern makes at most 500, and the editor shows them grouped by day.
 */
export function getEventDates(eventId: number, signal?: AbortSignal): Promise<Page<EventDate>> {
  return apiClient.get<Page<EventDate>>('/api/v1/event_dates/', {
    query: { event: eventId, limit: LARGEST_PAGE, offset: 0 },
    signal,
  });
}

export function eventDatesQueryOptions(eventId: number) {
  return queryOptions({
    queryKey: [...organizerEventKeys.event(eventId), 'dates'],
    queryFn: ({ signal }) => getEventDates(eventId, signal),
    staleTime: 0,
  });
}

export function useEventDates(eventId: number) {
  return useQuery(eventDatesQueryOptions(eventId));
}
