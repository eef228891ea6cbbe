import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { expect } from './mailbox';

/** Journeys set the scene through the API, as a signed-in account would, then act in the browser. */

export const DEMO_PASSWORD = 'hafla-demo-2026';
export const ATTENDEE = 'attendee@hafla.test';
export const ORGANIZER = 'organizer@hafla.test';
export const SUCCEEDING_CARD = '4242424242424242';

/** One API call as a signed-in account; answers the parsed body of a 2xx. */
export async function callApi<T>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT',
  url: string,
  data?: object,
): Promise<T> {
  const response = await request.fetch(url, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': randomUUID() },
    ...(data ? { data } : {}),
  });
  expect(response.ok(), `${method} ${url}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** Signs in with a password; answers the access token. */
export async function logIn(
  request: APIRequestContext,
  email: string,
  password = DEMO_PASSWORD,
): Promise<string> {
  const response = await request.post('/auth/login/', { data: { email, password } });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { access: string }).access;
}

/** ISO instant `days` from now, on a whole hour. */
export function inDays(days: number, hours = 0): string {
  const at = new Date(Date.now() + days * 86_400_000 + hours * 3_600_000);
  at.setUTCMinutes(0, 0, 0);
  return at.toISOString();
}

export interface PublishedEvent {
  id: number;
  title: string;
  slot: number;
  category: number;
}

/**
 * The organizer publishes an event at a venue in Riyadh with one three-hour slot `days` ahead
 * and one ticket category of 50 at `price` (minor units), refunded at `refundPercentage` until a
 * day before it starts.
 */
export async function publishEvent(
  request: APIRequestContext,
  organizer: string,
  options: { journey: string; days: number; price: number; refundPercentage: number },
): Promise<PublishedEvent> {
  const [categories, types] = await Promise.all([
    callApi<{ results: Array<{ id: number }> }>(request, organizer, 'GET', '/api/v1/categories/'),
    callApi<{ results: Array<{ id: number }> }>(request, organizer, 'GET', '/api/v1/event_types/'),
  ]);
  const title = `${options.journey} journey ${randomUUID().slice(0, 8)}`;
  const event = await callApi<{ id: number }>(request, organizer, 'POST', '/api/v1/events/', {
    title,
    description: `An evening to test ${options.journey.toLowerCase()} end to end.`,
    category: categories.results[0]!.id,
    event_type: types.results[0]!.id,
    venue_name: 'King Fahd Cultural Centre',
    address: 'Riyadh',
    latitude: 24.6877,
    longitude: 46.7219,
    is_online: false,
    online_url: null,
    timezone: 'Asia/Riyadh',
    currency: 'SAR',
    requires_approval: false,
    max_tickets_per_order: 10,
    refund_policy: { refundable_until_hours: 24, refund_percentage: options.refundPercentage },
  });
  const slot = await callApi<{ id: number }>(request, organizer, 'POST', '/api/v1/event_dates/', {
    event: event.id,
    start: inDays(options.days),
    end: inDays(options.days, 3),
  });
  const category = await callApi<{ id: number }>(
    request,
    organizer,
    'POST',
    '/api/v1/ticket/create/',
    { event: event.id, name: 'General', price: options.price, quantity: 50 },
  );
  await callApi(request, organizer, 'PATCH', `/api/v1/events/${event.id}/`, {
    status: 'published',
  });
  return { id: event.id, title, slot: slot.id, category: category.id };
}

/** The attendee books `quantity` tickets of the event and pays with the sandbox card. */
export async function bookAndPay(
  request: APIRequestContext,
  attendee: string,
  event: PublishedEvent,
  quantity: number,
): Promise<{ id: number; tickets: Array<{ id: number }> }> {
  const booking = await callApi<{ id: number; tickets: Array<{ id: number }> }>(
    request,
    attendee,
    'POST',
    '/api/v1/tickets/book/',
    {
      event: event.id,
      event_date: event.slot,
      items: [{ ticket_category: event.category, quantity }],
    },
  );
  await callApi(request, attendee, 'POST', '/api/v1/payment/pay/', {
    booking: booking.id,
    payment_method: SUCCEEDING_CARD,
  });
  return booking;
}
