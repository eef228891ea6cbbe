import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Booking } from '@hafla/shared/bookings/bookings';
import { apiClient } from '../../../lib/api-client';
import { bookingKeys } from './query-keys';

export function getBooking(bookingId: number, signal?: AbortSignal): Promise<Booking> {
  return apiClient.get<Booking>(`/api/v1/bookings/${bookingId}/`, { signal });
}

export function bookingQueryOptions(bookingId: number) {
  return queryOptions({
    queryKey: bookingKeys.booking(bookingId),
    queryFn: ({ signal }) => getBooking(bookingId, signal),
    // Every change to the booking answers the new booking, which replaces this cache entry.
    staleTime: 30_000,
  });
}

export function useBooking(bookingId: number | null) {
  return useQuery({ ...bookingQueryOptions(bookingId ?? 0), enabled: bookingId !== null });
}
