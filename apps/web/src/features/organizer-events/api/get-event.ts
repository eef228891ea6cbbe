import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Event } from '@hafla/shared/events/events';
import { apiClient } from '../../../lib/api-client';
import { organizerEventKeys } from './query-keys';

/** One of the organizer's events, any status; another organizer's answers 404. */
export function getOrganizerEvent(eventId: number, signal?: AbortSignal): Promise<Event> {
  return apiClient.get<Event>(`/api/v1/events/${eventId}`, { signal });
}

export function organizerEventQueryOptions(eventId: number) {
  return queryOptions({
    queryKey: [...organizerEventKeys.event(eventId), 'details'],
    queryFn: ({ signal }) => getOrganizerEvent(eventId, signal),
    staleTime: 0,
  });
}

/** An id that cannot exist (0 from a malformed URL) asks nothing. */
export function useOrganizerEvent(eventId: number) {
  return useQuery({ ...organizerEventQueryOptions(eventId), enabled: eventId > 0 });
}
