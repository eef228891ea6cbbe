import type { Ticket, TicketList } from '@hafla/shared/bookings/bookings';
import type { Notification, NotificationList } from '@hafla/shared/notifications/notifications';
import { jsonResponse } from '../../test/stub-fetch';

/** Fixtures for the notifications tests, shaped like the API's answers. */

export const NOTIFICATIONS_PATH = '/api/v1/notifications/';

export function notification(id: number, overrides: Partial<Notification> = {}): Notification {
  return {
    id,
    kind: 'booking_confirmed',
    title: `Notice ${id}`,
    content: `What happened, number ${id}.`,
    type: 'ticket',
    value: 500 + id,
    extra_data: { event: 7, booking: 90 },
    seen: false,
    created_at: new Date(Date.now() - id * 60_000).toISOString(),
    ...overrides,
  };
}

/** A venue change pushed to a ticket holder of event 7. */
export function venueChanged(id: number, overrides: Partial<Notification> = {}): Notification {
  return notification(id, {
    kind: 'event_changed',
    title: 'Venue changed',
    content: 'Oud Night at the Citadel is now at the Roman Theatre.',
    type: 'event',
    value: 7,
    extra_data: { event: 7 },
    created_at: new Date().toISOString(),
    ...overrides,
  });
}

/**
 * Answers the list as the API does: `seen` filters, `limit` and `offset` page, newest first
 * (the array's order), and `unseen_count` counts every unseen one whatever the filter.
 */
export function notificationsRoute(all: () => Notification[]) {
  return (request: { url: URL }) => {
    const params = request.url.searchParams;
    const limit = Number(params.get('limit'));
    const offset = Number(params.get('offset'));
    const seen = params.get('seen');
    const listed = all().filter((item) => seen === null || String(item.seen) === seen);
    const body: NotificationList = {
      count: listed.length,
      next: null,
      previous: null,
      results: listed.slice(offset, offset + limit),
      unseen_count: all().filter((item) => !item.seen).length,
    };
    return jsonResponse(body);
  };
}

export const EVENT_ID = 7;

/** The reader's one ticket to event 7, as the my-tickets page lists it. */
export function ticketList(): TicketList {
  const ticket: Ticket = {
    id: 11,
    booking: 90,
    ticket_category: 1,
    ticket_category_name: 'Standard',
    status: 'valid',
    holder_name: 'Sara Haddad',
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
    event_date: { id: 71, start: '2030-05-03T19:00:00+03:00', end: '2030-05-03T22:00:00+03:00' },
    price: 4500,
    discount: 0,
    currency: 'SAR',
    qr: 'H1.11.secret.signature',
    short_code: '11-ABCD-EFGH',
    checked_in_at: null,
    created_at: '2030-01-10T10:00:00+03:00',
    refund: null,
  };
  return { count: 1, next: null, previous: null, results: [ticket] };
}
