import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Booking, BookingTicket, TicketUpdateRequest } from '@hafla/shared/bookings/bookings';
import { apiClient } from '../../../lib/api-client';
import { bookingQueryOptions } from './get-booking';

export function updateTicket(ticketId: number, body: TicketUpdateRequest): Promise<BookingTicket> {
  return apiClient.request<BookingTicket>(`/api/v1/tickets/${ticketId}/`, {
    method: 'PATCH',
    body,
  });
}

export interface UpdateTicketInput {
  ticketId: number;
  body: TicketUpdateRequest;
}

/** Saves one ticket's holder; the booking in the cache shows the new details at once. */
export function useUpdateTicket(bookingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ticketId, body }: UpdateTicketInput) => updateTicket(ticketId, body),
    onSuccess: (saved) =>
      queryClient.setQueryData<Booking>(bookingQueryOptions(bookingId).queryKey, (booking) =>
        booking
          ? {
              ...booking,
              tickets: booking.tickets.map((ticket) =>
                ticket.id === saved.id
                  ? {
                      ...ticket,
                      holder_name: saved.holder_name,
                      holder_email: saved.holder_email,
                      holder_phone: saved.holder_phone,
                    }
                  : ticket,
              ),
            }
          : booking,
      ),
  });
}
