import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { signIn } from './account-steps';
import { expect, test } from './mailbox';

const DEMO_PASSWORD = 'hafla-demo-2026';
const ATTENDEE = 'attendee@hafla.test';
const ORGANIZER = 'organizer@hafla.test';
const SUCCEEDING_CARD = '4242424242424242';

/** One API call as a signed-in account; answers the parsed body of a 2xx. */
async function callApi<T>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PATCH',
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

async function logIn(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.post('/auth/login/', {
    data: { email, password: DEMO_PASSWORD },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { access: string }).access;
}

/** ISO instant `days` from now, on a whole hour. */
function inDays(days: number, hours = 0): string {
  const at = new Date(Date.now() + days * 86_400_000 + hours * 3_600_000);
  at.setUTCMinutes(0, 0, 0);
  return at.toISOString();
}

interface Setup {
  eventId: number;
  title: string;
  bookingId: number;
  ticketIds: number[];
}

/**
 * Set up through the API: the demo organizer publishes an event that refunds 80% until a day
 * before it starts, and the demo attendee books two tickets and pays with the sandbox card.
 */
async function bookTwoTickets(request: APIRequestContext): Promise<Setup> {
  const organizer = await logIn(request, ORGANIZER);
  const categories = await callApi<{ results: Array<{ id: number }> }>(
    request,
    organizer,
    'GET',
    '/api/v1/categories/',
  );
  const types = await callApi<{ results: Array<{ id: number }> }>(
    request,
    organizer,
    'GET',
    '/api/v1/event_types/',
  );
  const title = `Tickets journey ${randomUUID().slice(0, 8)}`;
  const event = await callApi<{ id: number }>(request, organizer, 'POST', '/api/v1/events/', {
    title,
    description: 'An evening to test tickets end to end.',
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
    refund_policy: { refundable_until_hours: 24, refund_percentage: 80 },
  });
  const slot = await callApi<{ id: number }>(request, organizer, 'POST', '/api/v1/event_dates/', {
    event: event.id,
    start: inDays(10),
    end: inDays(10, 3),
  });
  const category = await callApi<{ id: number }>(
    request,
    organizer,
    'POST',
    '/api/v1/ticket/create/',
    { event: event.id, name: 'General', price: 7550, quantity: 50 },
  );
  await callApi(request, organizer, 'PATCH', `/api/v1/events/${event.id}/`, {
    status: 'published',
  });

  const attendee = await logIn(request, ATTENDEE);
  const booking = await callApi<{ id: number; tickets: Array<{ id: number }> }>(
    request,
    attendee,
    'POST',
    '/api/v1/tickets/book/',
    {
      event: event.id,
      event_date: slot.id,
      items: [{ ticket_category: category.id, quantity: 2 }],
    },
  );
  await callApi(request, attendee, 'POST', '/api/v1/payment/pay/', {
    booking: booking.id,
    payment_method: SUCCEEDING_CARD,
  });
  return {
    eventId: event.id,
    title,
    bookingId: booking.id,
    ticketIds: booking.tickets.map((ticket) => ticket.id),
  };
}

test('an attendee shows their QR tickets, downloads the PDF and cancels for the refund shown', async ({
  page,
  request,
}) => {
  const setup = await bookTwoTickets(request);

  await signIn(page, ATTENDEE, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/$/);

  // The reserved events lead to the event's tickets.
  await page.goto('/user/tickets');
  await page.getByRole('link', { name: setup.title }).click();
  await expect(page).toHaveURL(new RegExp(`/user/myTickets/${setup.eventId}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(setup.title);

  // Both tickets carry a QR code large enough to scan.
  const codes = page.getByRole('img', { name: /^QR code of ticket \d+$/ });
  await expect(codes).toHaveCount(2);
  for (const code of await codes.all()) {
    const box = await code.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThanOrEqual(200);
  }

  // The PDF arrives as a download, fetched with the session's token.
  const first = setup.ticketIds[0]!;
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: `Download PDF of ticket ${first}` }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`hafla-ticket-${first}.pdf`);
  const pdf = await readFile(await download.path());
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // The refund is shown before anything is cancelled, and is what comes back.
  await page.getByRole('button', { name: 'Cancel tickets' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel your tickets' });
  const confirm = dialog.getByRole('button', { name: /^Cancel and refund / });
  await expect(confirm).toBeVisible();
  const shown = ((await confirm.textContent()) ?? '').replace('Cancel and refund ', '').trim();
  // 80% of two tickets at SAR 75.50.
  expect(shown.replace(/\s/g, ' ')).toBe('SAR 120.80');
  await expect(dialog.getByText('This event refunds 80% of what you paid.')).toBeVisible();
  await confirm.click();

  const done = page.getByText(/^2 tickets were cancelled and .+ refunded to your card\.$/);
  await expect(done).toBeVisible();
  expect(await done.textContent()).toContain(shown);
  await expect(page.getByText('Refunded', { exact: true })).toHaveCount(2);

  const attendee = await logIn(request, ATTENDEE);
  const booking = await callApi<{ refunded_amount: number; status: string }>(
    request,
    attendee,
    'GET',
    `/api/v1/bookings/${setup.bookingId}/`,
  );
  expect(booking).toMatchObject({ refunded_amount: 12080, status: 'refunded' });
});
