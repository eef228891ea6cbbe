import ar from '../../apps/web/src/locales/ar/booking.json' with { type: 'json' };
import en from '../../apps/web/src/locales/en/booking.json' with { type: 'json' };
import { ATTENDEE, callApi, logIn, ORGANIZER, publishEvent } from './api-steps';
import { expectAccessible } from './axe';
import { expect, test } from './mailbox';

/**
 * Live availability (issue 18, decision 0025): a visitor's open booking page follows what is
 * left — an organizer's new quantity, someone else's hold, the category selling out — within
 * about a second, with no reload.
 */

const TEXT = { en, ar } as const;

for (const language of ['en', 'ar'] as const) {
  test(`an open booking page follows what is left as others buy (${language})`, async ({
    page,
    request,
  }) => {
    const t = TEXT[language].tickets;
    const organizer = await logIn(request, ORGANIZER);
    const attendee = await logIn(request, ATTENDEE);
    const event = await publishEvent(request, organizer, {
      journey: 'Live availability',
      days: 12,
      price: 4000,
      refundPercentage: 100,
    });
    const setQuantity = (quantity: number) =>
      callApi(request, organizer, 'PATCH', `/api/v1/ticket_categories/${event.category}/`, {
        quantity,
      });

    await page.addInitScript((code) => localStorage.setItem('language', code), language);
    await page.goto(`/events/${event.id}/book?period=${event.slot}&step=2`);
    const add = page.getByRole('button', { name: t.increment.replace('{{name}}', 'General') });
    await expect(add).toBeEnabled();

    // Fifty at first: nothing to warn about. The organizer brings it to eight.
    await setQuantity(8);
    const plural = new Intl.PluralRules(language);
    const left = (count: number) =>
      t[`fewLeft_${plural.select(count)}` as keyof typeof t]
        .toString()
        .replace('{{count}}', String(count));
    await expect(page.getByText(left(8))).toBeVisible({ timeout: 5_000 });

    // Someone else holds six of them.
    await callApi(request, attendee, 'POST', '/api/v1/tickets/book/', {
      event: event.id,
      event_date: event.slot,
      items: [{ ticket_category: event.category, quantity: 6 }],
    });
    await expect(page.getByText(left(2))).toBeVisible({ timeout: 5_000 });

    // The organizer closes the rest: the time is sold out, and the page goes back to the dates,
    // as it would on opening it now.
    await setQuantity(6);
    await expect(
      page.getByRole('heading', { level: 2, name: new RegExp(TEXT[language].steps.titles['1']) }),
    ).toBeVisible({ timeout: 5_000 });
    await expect(page.getByText(t.state.sold_out)).toBeVisible();
    await expectAccessible(page, `booking page, sold out live (${language})`);
  });
}
