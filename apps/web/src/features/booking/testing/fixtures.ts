import type {
  Booking,
  BookingPeriod,
  BookingTicketCategory,
  EventBookingDetails,
} from '@hafla/shared/bookings/bookings';
import { eventSummary } from '../../../test/fixtures';

export const standard: BookingTicketCategory = {
  id: 1,
  name: 'Standard',
  description: '',
  price: 5000,
  min_per_order: 1,
  max_per_order: 6,
  sales_start: null,
  sales_end: null,
  available: 40,
  sales_state: 'on_sale',
  seated: false,
};

export const frontRows: BookingTicketCategory = {
  id: 2,
  name: 'Front rows',
  description: 'The first three rows.',
  price: 12000,
  min_per_order: 1,
  max_per_order: 4,
  sales_start: null,
  sales_end: null,
  available: 3,
  sales_state: 'on_sale',
  seated: false,
};

export const evening: BookingPeriod = {
  id: 71,
  start: '2030-05-03T19:00:00+03:00',
  end: '2030-05-03T21:00:00+03:00',
  ticket_categories: [standard, frontRows],
  remaining_allowance: 6,
  has_seat_map: false,
};

export const lateShow: BookingPeriod = {
  id: 72,
  start: '2030-05-03T21:30:00+03:00',
  end: '2030-05-03T23:00:00+03:00',
  ticket_categories: [
    { ...standard, available: 0, sales_state: 'sold_out' },
    { ...frontRows, available: 0, sales_state: 'sold_out' },
  ],
  remaining_allowance: 6,
  has_seat_map: false,
};

export const saturday: BookingPeriod = {
  id: 73,
  start: '2030-05-04T19:00:00+03:00',
  end: '2030-05-04T23:00:00+03:00',
  ticket_categories: [standard, frontRows],
  remaining_allowance: 6,
  has_seat_map: false,
};

export const bookingDetails: EventBookingDetails = {
  event: {
    ...eventSummary,
    requires_approval: false,
    max_tickets_per_order: 6,
    refund_policy: { refundable_until_hours: 24, refund_percentage: 100 },
  },
  days: [
    { day: '2030-05-03', periods: [evening, lateShow] },
    { day: '2030-05-04', periods: [saturday] },
  ],
  hold_minutes: 10,
};

/** Two Standard tickets for the evening slot, held for `minutes` from now. */
export function pendingBooking(minutes = 10, overrides: Partial<Booking> = {}): Booking {
  return {
    id: 501,
    status: 'pending',
    event: 7,
    event_title: 'Oud Night at the Citadel',
    event_date: { id: 71, start: evening.start, end: evening.end },
    timezone: 'Asia/Amman',
    expires_at: new Date(Date.now() + minutes * 60_000).toISOString(),
    items: [{ ticket_category: 1, name: 'Standard', quantity: 2, unit_price: 5000, discount: 0 }],
    tickets: [
      {
        id: 9001,
        ticket_category: 1,
        status: 'pending',
        holder_name: '',
        holder_email: '',
        holder_phone: '',
        seat: null,
      },
      {
        id: 9002,
        ticket_category: 1,
        status: 'pending',
        holder_name: '',
        holder_email: '',
        holder_phone: '',
        seat: null,
      },
    ],
    promo_code: null,
    subtotal: 10000,
    discount: 0,
    fees: 0,
    total: 10000,
    refunded_amount: 0,
    currency: 'SAR',
    created_at: new Date().toISOString(),
    confirmed_at: null,
    ...overrides,
  };
}

export function confirmedBooking(booking: Booking): Booking {
  return {
    ...booking,
    status: 'confirmed',
    expires_at: null,
    confirmed_at: new Date().toISOString(),
    tickets: booking.tickets.map((ticket) => ({ ...ticket, status: 'valid' })),
  };
}
