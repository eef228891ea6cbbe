import type { EventDate } from '@hafla/shared/event-dates/event-dates';
import type { Event, EventsPublishedThisMonth } from '@hafla/shared/events/events';
import type { PromoCode } from '@hafla/shared/promo-codes/promo-codes';
import type { TicketCategory } from '@hafla/shared/ticket-categories/ticket-categories';
import { organizer, page } from '../../../test/fixtures';
import { catalogRoutes } from '../../../test/render-app';
import { jsonResponse } from '../../../test/stub-fetch';
import type { RecordedRequest } from '../../../test/stub-fetch';

export { organizer, page };

export const draftEvent: Event = {
  id: 7,
  organizer: organizer.id,
  title: 'Oud night',
  description: 'Live oud by the sea.',
  category: 1,
  event_type: 1,
  cover: null,
  venue_name: 'Corniche Hall',
  address: 'Corniche Road, Jeddah',
  latitude: 21.4858,
  longitude: 39.1925,
  is_online: false,
  online_url: null,
  timezone: 'Asia/Riyadh',
  currency: 'SAR',
  requires_approval: false,
  max_tickets_per_order: 10,
  refund_policy: { refundable_until_hours: 24, refund_percentage: 100 },
  status: 'draft',
  published_at: null,
  cancelled_at: null,
  first_start: null,
  last_end: null,
  price_min: null,
  price_max: null,
  dates_count: 0,
  ticket_categories_count: 0,
  created_at: '2026-11-01T10:00:00+03:00',
  updated_at: '2026-11-01T10:00:00+03:00',
};

export const slot: EventDate = {
  id: 31,
  event: draftEvent.id,
  start: '2030-12-05T19:00:00+03:00',
  end: '2030-12-05T21:00:00+03:00',
  has_seat_map: false,
};

export const standardTickets: TicketCategory = {
  id: 41,
  event: draftEvent.id,
  name: 'Standard',
  description: '',
  price: 15000,
  quantity: 100,
  sales_start: null,
  sales_end: null,
  min_per_order: 1,
  max_per_order: 10,
  sold: 0,
};

export const promoCode: PromoCode = {
  id: 51,
  event: draftEvent.id,
  code: 'EARLYBIRD',
  discount_type: 'percentage',
  value: 20,
  max_uses: 100,
  max_uses_per_user: 1,
  valid_from: null,
  valid_until: null,
  ticket_categories: [],
  is_active: true,
  uses: 3,
  created_at: '2026-11-01T10:00:00+03:00',
  updated_at: '2026-11-01T10:00:00+03:00',
};

export const counter: EventsPublishedThisMonth = {
  events_published_this_month: 3,
  limit: 10,
  remaining: 7,
};

export function requestBody(request: RecordedRequest | undefined): unknown {
  return JSON.parse(request?.body ?? 'null');
}

export function validationError(code: string, detail: string, attr: string | null): Response {
  return jsonResponse({ type: 'validation_error', errors: [{ code, detail, attr }] }, 400);
}

export interface EventRoutesOptions {
  event?: Event;
  dates?: EventDate[];
  categories?: TicketCategory[];
  promoCodes?: PromoCode[];
  published?: EventsPublishedThisMonth;
}

/** The reads an event's editor makes, answered from the given state. */
export function eventRoutes({
  event = draftEvent,
  dates = [],
  categories = [],
  promoCodes = [],
  published = counter,
}: EventRoutesOptions = {}) {
  return {
    ...catalogRoutes,
    [`GET /api/v1/events/${event.id}`]: event,
    'GET /api/v1/event_dates/': page(dates),
    'GET /api/v1/ticket_categories/': page(categories),
    'GET /api/v1/promo_codes/': page(promoCodes),
    'GET /api/v1/events/events_published_this_month/': published,
  };
}
