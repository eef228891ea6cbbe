import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Booking, BookRequest } from '@hafla/shared/bookings/bookings';
import { apiClient, isApiError } from '../../../lib/api-client';
import { retryWhenBusy } from '../../../lib/query-client';
import { bookingQueryOptions } from './get-booking';
import { putEventBooking } from './get-bookings';
import { bookingKeys } from './query-keys';
import { useIdempotencyKeys } from './idempotency-key';

export function bookTickets(body: BookRequest, idempotencyKey: string): Promise<Booking> {
  return apiClient.request<Booking>('/api/v1/tickets/book/', {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** Holds the tickets: a pending booking that lapses at `expires_at` unless it is paid. */
export function useBookTickets() {
  const queryClient = useQueryClient();
  const keys = useIdempotencyKeys();
  return useMutation({
    mutationFn: (body: BookRequest) => bookTickets(body, keys.keyFor(body)),
    // The same body keeps its key, so a retry cannot hold twice.
    ...retryWhenBusy,
    onSuccess: (booking, body) => {
      keys.reset();
      queryClient.setQueryData(bookingQueryOptions(booking.id).queryKey, booking);
      putEventBooking(queryClient, booking);
      void queryClient.invalidateQueries({
        queryKey: bookingKeys.event(body.event),
      });
    },
    onError: (error, body) => {
      // Someone else took the tickets first: show what is left now.
      if (isApiError(error) && error.code === 'sold_out') {
        void queryClient.invalidateQueries({
          queryKey: bookingKeys.event(body.event),
        });
      }
    },
  });
}
