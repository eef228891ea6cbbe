import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Booking } from '@hafla/shared/bookings/bookings';
import { apiClient } from '../../../lib/api-client';
import { bookingQueryOptions } from './get-booking';
import { putEventBooking } from './get-bookings';
import { bookingKeys } from './query-keys';

export function cancelBooking(bookingId: number): Promise<Booking> {
  return apiClient.request<Booking>(`/api/v1/bookings/${bookingId}/cancel/`, { method: 'POST' });
}

/** Releases a pending hold, so the tickets go back on sale at once rather than when it lapses. */
export function useCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelBooking,
    onSuccess: (booking) => {
      queryClient.setQueryData(bookingQueryOptions(booking.id).queryKey, booking);
      putEventBooking(queryClient, booking);
      void queryClient.invalidateQueries({
        queryKey: bookingKeys.event(booking.event),
      });
    },
  });
}
