import type { Booking, ReservedEvent, Ticket, TicketList } from '@hafla/shared/bookings/bookings';
import type { Rating } from '@hafla/shared/social/ratings';
import { eventSummary, user } from '../../test/fixtures';

/** Fixtures for the tickets pages' tests, shaped like the API's answers. */

export const EVENT_ID = 7;

export const futureSlot = {
  id: 71,
  start: '2030-05-03T19:00:00+03:00',
  end: '2030-05-03T22:00:00+03:00',
};

export const pastSlot = {
  id: 70,
  start: '2024-05-03T19:00:00+03:00',
  end: '2024-05-03T22:00:00+03:00',
};

export function ticket(id: number, overrides: Partial<Ticket> = {}): Ticket {
  return {
    id,
    booking: 500,
    ticket_category: 1,
    ticket_category_name: 'Standard',
    status: 'valid',
    holder_name: `Guest ${id}`,
    holder_email: '',
    holder_phone: '',
    seat: null,
    event: {
      id: EVENT_ID,
      title: 'Oud Night at the Citadel',
      status: 'published',
      cover: null,
      timezone: 'Asia/Riyadh',
      venue_name: 'Amman Citadel',
      address: 'Al-Qala’a, Amman',
      is_online: false,
      online_url: null,
    },
    event_date: futureSlot,
    price: 4500,
    discount: 0,
    currency: 'SAR',
    qr: `H1.${id}.secret.signature`,
    short_code: `${id}-ABCD-EFGH`,
    checked_in_at: null,
    created_at: '2030-01-10T10:00:00+03:00',
    refund: null,
    ...overrides,
  };
}

export function ticketPage(tickets: Ticket[], count = tickets.length): TicketList {
  return { count, next: null, previous: null, results: tickets };
}

/** Without `dates` in the overrides, the event's one date carries its counts. */
export function reservedEvent(overrides: Partial<ReservedEvent> = {}): ReservedEvent {
  const event = {
    ...eventSummary,
    tickets_count: 2,
    refunded_tickets_count: 0,
    refunded_amount: 0,
    booked_date: futureSlot,
    ...overrides,
  };
  return {
    ...event,
    dates: overrides.dates ?? [
      {
        date: event.booked_date,
        tickets_count: event.tickets_count,
        refunded_tickets_count: event.refunded_tickets_count,
        refunded_amount: event.refunded_amount,
      },
    ],
  };
}

/** A second night of the fixture event, a week after `futureSlot`. */
export const laterSlot = {
  id: 72,
  start: '2030-05-10T19:00:00+03:00',
  end: '2030-05-10T22:00:00+03:00',
};

export function rating(overrides: Partial<Rating> = {}): Rating {
  return {
    id: 31,
    event: EVENT_ID,
    event_title: 'Oud Night at the Citadel',
    rating: 4,
    comment: 'Lovely evening',
    user: { id: user.id, name: 'Sara Haddad', avatar: null },
    created_at: '2024-05-05T10:00:00.000Z',
    updated_at: '2024-05-05T10:00:00.000Z',
    ...overrides,
  };
}

export function booking(id: number, tickets: Ticket[], overrides: Partial<Booking> = {}): Booking {
  return {
    id,
    status: 'confirmed',
    event: EVENT_ID,
    event_title: 'Oud Night at the Citadel',
    event_date: futureSlot,
    timezone: 'Asia/Riyadh',
    expires_at: null,
    items: [],
    tickets: tickets.map((item) => ({
      id: item.id,
      ticket_category: item.ticket_category,
      status: item.status,
      holder_name: item.holder_name,
      holder_email: item.holder_email,
      holder_phone: item.holder_phone,
      seat: item.seat,
    })),
    promo_code: null,
    subtotal: 9000,
    discount: 0,
    fees: 0,
    total: 9000,
    refunded_amount: 0,
    currency: 'SAR',
    created_at: '2030-01-10T10:00:00+03:00',
    confirmed_at: '2030-01-10T10:01:00+03:00',
    ...overrides,
  };
}
