import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EventBookingDetails } from '@hafla/shared/bookings/bookings';
import { apiClient } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { bookingKeys } from './query-keys';

export function getEventBookingDetails(
  eventId: number,
  signal?: AbortSignal,
): Promise<EventBookingDetails> {
  return apiClient.get<EventBookingDetails>(`/api/v1/events/${eventId}/event-details/`, {
    signal,
  });
}

/** `viewer` is the signed-in user's id (null when anonymous): the answer differs per reader. */
export function eventBookingDetailsQueryOptions(eventId: number, viewer: string | null) {
  return queryOptions({
    queryKey: bookingKeys.eventDetails(eventId, viewer),
    queryFn: ({ signal }) => getEventBookingDetails(eventId, signal),
    // What is left changes with every sale: fresh for a few seconds, not the catalog's minutes.
    staleTime: 10_000,
  });
}

export function useEventBookingDetails(eventId: number | null) {
  const { status, user } = useSession();
  return useQuery({
    ...eventBookingDetailsQueryOptions(eventId ?? 0, user?.id ?? null),
    // A restoring session would answer as anonymous, then again as the reader.
    enabled: eventId !== null && status !== 'restoring',
  });
}
