import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { signIn } from './account-steps';
import { expectAccessible } from './axe';
import { expect, test } from './mailbox';

// A demo event (apps/api/src/db/seed/demo-events-data.ts): Standard AED 150, promo LAUGH10 = 10%.
const EVENT = 'Stand-up Comedy: Gulf Laughs';
const PROMO = 'LAUGH10';
const ATTENDEE = 'attendee@hafla.test';

/** The heading of the step on screen ("Step 2 of 6 Choose your tickets"). */
function stepHeading(page: Page, name: RegExp) {
  return page.getByRole('heading', { level: 2, name });
}

/** The card's other fields: an expiry in the future, a security code and the name on it. */
async function fillCardDetails(page: Page) {
  const expiry = page.getByRole('textbox', { name: /^Expiry date/ });
  await expiry.fill('1239');
  await expect(expiry).toHaveValue('12 / 39');
  await page.getByRole('textbox', { name: /^Security code/ }).fill('123');
  await page.getByRole('textbox', { name: /^Name on card/ }).fill('Sara Ahmed');
}

/** From the events list to the booking page, as a reader gets there. */
async function openBooking(page: Page) {
  await page.goto('/events');
  // The reader's own page (their account in the header) takes the server's place first.
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();
  const box = page.getByRole('searchbox', { name: 'Search events' });
  await box.fill('Gulf Laughs');
  await box.press('Enter');
  await expect(page.getByRole('link', { name: EVENT, exact: true }).first()).toBeVisible();
  await expectAccessible(page, 'search results');
  await page.getByRole('link', { name: EVENT, exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(EVENT);
  await expectAccessible(page, 'event page');
  // The phone shows the booking bar's link, a wide screen the booking card's: one is visible.
  await page.getByRole('link', { name: 'Book tickets' }).first().click();
  await expect(page).toHaveURL(/\/events\/\d+\/book$/);
}

/** Step 1: the first open day and its first open time; step 2: two Standard tickets. */
async function holdTwoStandardTickets(page: Page) {
  await expect(stepHeading(page, /Choose a date and time/)).toBeVisible();
  await expectAccessible(page, 'booking: date and time');
  await page
    .getByRole('group', { name: 'Day' })
    .getByRole('radio', { disabled: false })
    .first()
    .check();
  await page
    .getByRole('group', { name: /^Times on / })
    .getByRole('radio', { disabled: false })
    .first()
    .check();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();

  await expect(stepHeading(page, /Choose your tickets/)).toBeVisible();
  const add = page.getByRole('button', { name: 'Add one ticket: Standard' });
  await add.click();
  await expect(page.getByRole('group', { name: 'Number of tickets: Standard' })).toContainText('1');
  await add.click();
  await expect(page.getByText(/^2 tickets · AED\s300$/)).toBeVisible();
  await expectAccessible(page, 'booking: tickets');
  await page.getByRole('button', { name: 'Hold these tickets' }).click();

  await expect(stepHeading(page, /Who is coming\?/)).toBeVisible();
  await expect(page).toHaveURL(/[?&]booking=\d+/);
  const hold = page.getByRole('region', { name: 'Your tickets are held' });
  await expect(hold).toContainText(/Tickets held for\s+(10:00|09:\d\d)/);
  await expectAccessible(page, 'booking: attendees');
  return hold;
}

test.describe('booking', () => {
  test('an attendee books two tickets with a promo code, pays by card, sees the confirmation and downloads the PDF; a second booking with a declined card keeps its hold', async ({
    page,
    mailbox,
  }) => {
    test.setTimeout(120_000);
    page.setDefaultTimeout(15_000);

    await test.step('the attendee signs in and opens the event’s booking page', async () => {
      await signIn(page, ATTENDEE, 'hafla-demo-2026');
      await expect(page).not.toHaveURL(/\/auth\//);
      await openBooking(page);
    });

    await test.step('a date, a time and two tickets are held', async () => {
      await holdTwoStandardTickets(page);
    });

    await test.step('the attendees are named; the first is the buyer', async () => {
      const names = page.getByRole('textbox', { name: /^Full name/ });
      await expect(names).toHaveCount(2);
      await expect(names.first()).not.toHaveValue('');
      await names.nth(1).fill('Omar Saleh');
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(stepHeading(page, /Review your order/)).toBeVisible();
      await expect(page.getByText('Standard: Omar Saleh')).toBeVisible();
      await expectAccessible(page, 'booking: review');
    });

    await test.step('the promo code is checked and applied to the booking in one press', async () => {
      await page.getByRole('textbox', { name: 'Promo code' }).fill(PROMO.toLowerCase());
      await page.getByRole('button', { name: 'Apply', exact: true }).click();
      await expect(
        page.getByText(new RegExp(`${PROMO}.* is applied: you save .*AED\\s30`)),
      ).toBeVisible();
      await expect(page.getByText(new RegExp(`${PROMO}.*: 10% off`))).toBeVisible();
      const summary = page.getByRole('region', { name: 'Order summary' });
      await expect(summary).toContainText(`Discount (${PROMO})`);
      await expect(summary.locator('dd').last()).toHaveText(/^AED\s270$/);
      await expectAccessible(page, 'booking: promo code applied');
      await page.getByRole('button', { name: 'Continue to payment' }).click();
    });

    const before = mailbox.messages.length;
    await test.step('the card 4242… pays', async () => {
      await expect(stepHeading(page, /Payment/)).toBeVisible();
      const card = page.getByRole('textbox', { name: /Card number/ });
      await card.fill('4242424242424242');
      await expect(card).toHaveValue('4242 4242 4242 4242');
      await fillCardDetails(page);
      await expectAccessible(page, 'booking: payment');
      await page.getByRole('button', { name: /^Pay AED\s270$/ }).click();
    });

    await test.step('the confirmation lists the tickets and the PDF downloads', async () => {
      await expect(stepHeading(page, /Your booking is confirmed/)).toBeVisible();
      await expect(page.getByRole('region', { name: 'Your tickets are held' })).toHaveCount(0);
      await expect(page.getByText(/^Paid: AED\s270$/)).toBeVisible();
      await expect(page.getByRole('link', { name: /^Ticket 1: Standard$/ })).toHaveAttribute(
        'href',
        /^\/user\/tickets\/\d+$/,
      );
      await expect(
        page.getByRole('link', { name: 'All my tickets for this event' }),
      ).toHaveAttribute('href', /^\/user\/myTickets\/\d+$/);
      await expectAccessible(page, 'booking: confirmation');

      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download tickets (PDF)' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/^hafla-booking-\d+\.pdf$/);
      const bytes = await readFile(await download.path());
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

      const mail = await mailbox.waitFor(ATTENDEE, before);
      expect(mail.subject).toBe(`Your tickets for ${EVENT}`);
    });

    await test.step('a reload of the confirmed booking comes back to the confirmation', async () => {
      await page.reload();
      await expect(stepHeading(page, /Your booking is confirmed/)).toBeVisible();
    });

    await test.step('a second booking: the declined card shows the error and the hold stays', async () => {
      await openBooking(page);
      const hold = await holdTwoStandardTickets(page);
      await page
        .getByRole('textbox', { name: /^Full name/ })
        .nth(1)
        .fill('Omar Saleh');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('button', { name: 'Continue to payment' }).click();
      await page.getByRole('textbox', { name: /Card number/ }).fill('4000 0000 0000 0002');
      await fillCardDetails(page);
      await page.getByRole('button', { name: /^Pay AED\s300$/ }).click();

      const alert = page.getByRole('alert');
      await expect(alert).toContainText('The payment did not go through');
      await expect(alert).toContainText('Your card was declined');
      await expect(alert).toContainText('Your tickets are still held');
      await expect(hold).toBeVisible();
      await expect(hold).toContainText(/Tickets held for\s+(10:00|0\d:\d\d)/);
      await expect(stepHeading(page, /Payment/)).toBeVisible();
      await expectAccessible(page, 'booking: declined card');
    });

    await test.step('the attendee lets the hold go', async () => {
      await page.getByRole('button', { name: 'Cancel and start over' }).click();
      await expect(page.getByRole('button', { name: 'Release the tickets' })).toBeVisible();
      await expectAccessible(page, 'booking: releasing the hold');
      await page.getByRole('button', { name: 'Release the tickets' }).click();
      await expect(stepHeading(page, /Choose your tickets/)).toBeVisible();
      await expect(page).not.toHaveURL(/[?&]booking=/);
    });
  });
});
