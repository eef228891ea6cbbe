import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
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

/**
 * Puts a booking the reader just held or released in their list for its event at once, so Back
 * to the tickets knows of the hold even before the list is read again.
 */
export function putEventBooking(queryClient: QueryClient, booking: Booking) {
  queryClient.setQueryData(eventBookingsQueryOptions(booking.event).queryKey, (list) => {
    if (!list) return list;
    const isListed = list.results.some((listed) => listed.id === booking.id);
    return isListed
      ? {
          ...list,
          results: list.results.map((listed) => (listed.id === booking.id ? booking : listed)),
        }
      : { ...list, count: list.count + 1, results: [booking, ...list.results] };
  });
}

export interface OpenHold {
  /** The reader's live hold on the event, if they have one. */
  booking: Booking | null;
  /** True until the reader's bookings have been read once: whether there is a hold is unknown. */
  isChecking: boolean;
}

/** A hold the reader left open for this event (a reload, Back after booking), to resume or release. */
export function useOpenHold(eventId: number, isSignedIn: boolean): OpenHold {
  const { data, isPending } = useQuery({
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
  return { booking: data ?? null, isChecking: isSignedIn && isPending };
}
