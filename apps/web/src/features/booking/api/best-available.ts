import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BestAvailableRequest, BestAvailableResult } from '@hafla/shared/charts/seats';
import { apiClient } from '../../../lib/api-client';
import { retryWhenBusy } from '../../../lib/query-client';
import { bookingQueryOptions } from './get-booking';
import { putEventBooking } from './get-bookings';
import { bookingKeys } from './query-keys';

/** Holds the best seats of one category (side by side nearest the stage when it can). */
export function useBestAvailable(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    ...retryWhenBusy,
    mutationFn: (body: BestAvailableRequest) =>
      apiClient.request<BestAvailableResult>(`/api/v1/events/${eventId}/best-available/`, {
        method: 'POST',
        body,
      }),
    onSuccess: ({ booking }) => {
      queryClient.setQueryData(bookingQueryOptions(booking.id).queryKey, booking);
      putEventBooking(queryClient, booking);
      void queryClient.invalidateQueries({ queryKey: bookingKeys.event(eventId) });
    },
  });
}
