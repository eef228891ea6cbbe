import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Booking } from '@hafla/shared/bookings/bookings';
import { apiClient } from '../../../lib/api-client';
import { bookingKeys } from './query-keys';

interface BookingList {
  count: number;
  results: Booking[];
}

/** The reader's most recent bookings for one event (held ones among them). */
export function getEventBookings(eventId: number, signal?: AbortSignal): Promise<BookingList> {
  return apiClient.get<BookingList>('/api/v1/bookings/', {
    query: { event: eventId, limit: 20, offset: 0 },
    signal,
  });
}

export function eventBookingsQueryOptions(eventId: number) {
  return queryOptions({
    queryKey: bookingKeys.eventBookings(eventId),
    queryFn: ({ signal }) => getEventBookings(eventId, signal),
    staleTime: 0,
  });
}

/** A hold the reader left open for this event (a reload, Back after booking), to resume or release. */
export function useOpenHold(eventId: number, isSignedIn: boolean): Booking | null {
  const { data } = useQuery({
    ...eventBookingsQueryOptions(eventId),
    enabled: isSignedIn,
    select: (list) =>
      list.results.find(
        (booking) =>
          booking.status === 'pending' &&
          booking.expires_at !== null &&
          Date.parse(booking.expires_at) > Date.now(),
      ) ?? null,
  });
  return data ?? null;
}
