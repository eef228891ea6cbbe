import type {
  Booking,
  BookingPeriod,
  BookingTicketCategory,
  EventBookingDetails,
} from '@hafla/shared/bookings/bookings';
import { sampleChart } from '@hafla/shared/charts/sample-chart';
import { seatsInChartOrder } from '@hafla/shared/charts/seat-codes';
import type { SeatMapChart, SeatMapStatus } from '@hafla/shared/charts/seats';
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

/** A date sold from the sample theatre's chart: its VIP and standard seats, nothing unseated. */
export const vipSeats: BookingTicketCategory = {
  ...standard,
  id: 4,
  name: 'VIP seats',
  price: 15000,
  available: 16,
  seated: true,
};

export const standardSeats: BookingTicketCategory = {
  ...standard,
  id: 5,
  name: 'Standard seats',
  price: 8000,
  available: 90,
  seated: true,
};

export const seatedEvening: BookingPeriod = {
  id: 74,
  start: '2030-05-05T19:00:00+03:00',
  end: '2030-05-05T22:00:00+03:00',
  ticket_categories: [vipSeats, standardSeats],
  remaining_allowance: 6,
  has_seat_map: true,
};

/** The usual dates, and a third day with the seated date. */
export const seatedDetails: EventBookingDetails = {
  ...bookingDetails,
  days: [...bookingDetails.days, { day: '2030-05-05', periods: [seatedEvening] }],
};

export function seatMapChart(): SeatMapChart {
  return { chart: 3, version: 1, chart_version: 30, seat_chart: sampleChart() };
}

/** Every seat of the seated date free. */
export function seatMapStatus(): SeatMapStatus {
  const seats = seatsInChartOrder(sampleChart());
  const count = (key: string) => seats.filter((seat) => seat.category === key).length;
  return {
    event_date: seatedEvening.id,
    chart: 3,
    version: 1,
    chart_version: 30,
    statuses: 'a'.repeat(seats.length),
    counters: [
      { category: 'vip', ticket_category: 4, available: count('vip'), total: count('vip') },
      {
        category: 'standard',
        ticket_category: 5,
        available: count('standard'),
        total: count('standard'),
      },
    ],
    categories: { vip: 4, standard: 5 },
  };
}

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
