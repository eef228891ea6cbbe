import type { Charge } from '../../lib/payments/gateway';
import type { Notice } from '../notifications/notify';

/** The buyer learns the tickets are theirs; the organizer learns of the sale. */
export function saleNotices(
  booking: {
    id: number;
    user_id: string;
    event_id: number;
    event_date_id: number;
    currency: string;
  },
  ticketIds: number[],
  organizerId: string,
  charge: Charge | null,
): Notice[] {
  const common = {
    eventId: booking.event_id,
    bookingId: booking.id,
    eventDateId: booking.event_date_id,
  };
  return [
    {
      ...common,
      userId: booking.user_id,
      kind: 'booking_confirmed',
      type: 'ticket',
      value: ticketIds[0] ?? booking.id,
      params: { tickets: ticketIds.length },
    },
    {
      ...common,
      userId: organizerId,
      kind: 'new_booking',
      type: 'event',
      value: booking.event_id,
      params: {
        tickets: ticketIds.length,
        total: charge?.amount ?? 0,
        currency: booking.currency,
      },
    },
  ];
}
