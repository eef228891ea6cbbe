import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Booking, BookingUpdateRequest } from '@hafla/shared/bookings/bookings';
import { apiClient } from '../../../lib/api-client';
import { bookingQueryOptions } from './get-booking';

export function updateBooking(bookingId: number, body: BookingUpdateRequest): Promise<Booking> {
  return apiClient.request<Booking>(`/api/v1/bookings/${bookingId}/`, { method: 'PATCH', body });
}

/** Applies (a code) or removes (null) the promo code; the answer carries the server's totals. */
export function useUpdateBookingPromoCode(bookingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (promoCode: string | null) => updateBooking(bookingId, { promo_code: promoCode }),
    onSuccess: (booking) =>
      queryClient.setQueryData(bookingQueryOptions(booking.id).queryKey, booking),
  });
}
