import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { signIn } from './account-steps';
import { expectAccessible } from './axe';
import {
  ATTENDEE,
  bookAndPay,
  callApi,
  DEMO_PASSWORD,
  logIn,
  ORGANIZER,
  publishEvent,
} from './api-steps';
import { expect, test } from './mailbox';

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
  const event = await publishEvent(request, await logIn(request, ORGANIZER), {
    journey: 'Tickets',
    days: 10,
    price: 7550,
    refundPercentage: 80,
  });
  const booking = await bookAndPay(request, await logIn(request, ATTENDEE), event, 2);
  return {
    eventId: event.id,
    title: event.title,
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
  await expect(page.getByRole('link', { name: setup.title })).toBeVisible();
  await expectAccessible(page, 'my tickets');
  await page.getByRole('link', { name: setup.title }).click();
  await expect(page).toHaveURL(new RegExp(`/user/myTickets/${setup.eventId}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(setup.title);

  // Both tickets carry a QR code large enough to scan.
  const codes = page.getByRole('img', { name: /^QR code of ticket \d+$/ });
  await expect(codes).toHaveCount(2);
  await expectAccessible(page, 'the tickets of an event');
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
  await expectAccessible(page, 'cancel dialog', { within: '[role="dialog"]' });
  await confirm.click();

  const done = page.getByText(/^2 tickets were cancelled and .+ refunded to your card\.$/);
  await expect(done).toBeVisible();
  expect(await done.textContent()).toContain(shown);
  await expect(page.getByText('Refunded', { exact: true })).toHaveCount(2);
  await expectAccessible(page, 'refunded tickets');

  const attendee = await logIn(request, ATTENDEE);
  const booking = await callApi<{ refunded_amount: number; status: string }>(
    request,
    attendee,
    'GET',
    `/api/v1/bookings/${setup.bookingId}/`,
  );
  expect(booking).toMatchObject({ refunded_amount: 12080, status: 'refunded' });
});
