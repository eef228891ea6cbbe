import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PayRequest, PayResult } from '@hafla/shared/bookings/payments';
import { apiClient } from '../../../lib/api-client';
import { bookingQueryOptions } from './get-booking';
import { bookingKeys } from './query-keys';
import { useIdempotencyKeys } from './idempotency-key';

export function payBooking(body: PayRequest, idempotencyKey: string): Promise<PayResult> {
  return apiClient.request<PayResult>('/api/v1/payment/pay/', {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/**
 * Pays (or, at a total of 0, confirms) a pending booking. A retry of the same card reuses the
 * attempt's key, so a lost answer never charges twice; another card is a new attempt.
 */
export function usePayBooking() {
  const queryClient = useQueryClient();
  const keys = useIdempotencyKeys();
  return useMutation({
    mutationFn: (body: PayRequest) => payBooking(body, keys.keyFor(body)),
    onSuccess: ({ booking }) => {
      keys.reset();
      queryClient.setQueryData(bookingQueryOptions(booking.id).queryKey, booking);
      void queryClient.invalidateQueries({ queryKey: bookingKeys.event(booking.event) });
    },
  });
}
