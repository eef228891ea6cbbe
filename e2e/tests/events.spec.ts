import type { Browser, Page } from '@playwright/test';
import { enterCode, signIn } from './account-steps';
import { expectAccessible } from './axe';
import { expect, Mailbox, test } from './mailbox';

const PASSWORD = 'violet-harbour-42';
const ZONE = 'Asia/Riyadh';
// Jeddah's Corniche: the event is placed here, and the attendee searches around it.
const JEDDAH = { latitude: 21.5433, longitude: 39.1728 };

// The event's dates are typed in its own zone: every date on both sides is Riyadh's.
test.use({ timezoneId: ZONE });

/** 'YYYY-MM-DD' in Riyadh, `days` after today there. */
function dayInRiyadh(days: number): string {
  const moment = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(moment);
}

/** A new organizer account through the email code, as a new organizer signs up. */
async function registerOrganizer(page: Page, mailbox: Mailbox, email: string, orgName: string) {
  await page.goto('/auth/register');
  await page.getByRole('textbox', { name: 'Email address', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('textbox', { name: 'Confirm password', exact: true }).fill(PASSWORD);
  const before = mailbox.messages.length;
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/auth\/verify-email/);
  await enterCode(page, Mailbox.codeIn(await mailbox.waitFor(email, before)));

  await expect(page).toHaveURL(/\/auth\/complete-registration/);
  await page.getByRole('textbox', { name: 'First name', exact: true }).fill('Huda');
  await page.getByRole('textbox', { name: 'Last name', exact: true }).fill('Saleh');
  await page.getByText('Organize events', { exact: true }).click();
  await page.getByRole('textbox', { name: 'Organization name', exact: true }).fill(orgName);
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** The attendee's own browser: nothing shared with the organizer's session. */
async function attendeeContext(browser: Browser) {
  // Playwright Test gives a context made here the project's options too (device, base URL).
  return browser.newContext({
    timezoneId: ZONE,
    // The phone project finds the event with "Use my location": the browser answers Jeddah.
    geolocation: JEDDAH,
    permissions: ['geolocation'],
  });
}

const LOADING = { en: 'Loading…', ar: 'جارٍ التحميل…' } as const;

/**
 * Waits for the list to show the answer to what the heading says was asked: until then the
 * previous results stay on screen (dimmed), and the summary above them says it is loading.
 */
async function expectFreshResults(page: Page, heading: string | RegExp, language: 'en' | 'ar') {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  const summary = page.getByRole('main').locator('p[aria-live="polite"]');
  await expect(summary).not.toHaveText(LOADING[language]);
  await expect(summary).not.toHaveText('');
}

/** Searches with the box on /events, as a reader types it. */
async function search(page: Page, text: string, language: 'en' | 'ar' = 'en') {
  const box = page.getByRole('searchbox', {
    name: language === 'en' ? 'Search events' : 'ابحث عن الفعاليات',
  });
  await box.fill(text);
  await box.press('Enter');
  await expectFreshResults(page, new RegExp(text), language);
}

/**
 * Opens the events list as the signed-in attendee: the server's anonymous page shows first, and
 * the reader's own (their account in the header) takes its place before anything is done there.
 */
async function openEventsList(page: Page) {
  await page.goto('/events');
  await expect(page.getByRole('button', { name: /Account menu|قائمة الحساب/ })).toBeVisible();
}

/** The titles of the result cards on /events. */
async function resultTitles(page: Page): Promise<string[]> {
  return page.getByRole('main').getByRole('article').getByRole('heading').allTextContents();
}

test.describe('events and discovery', () => {
  test('an organizer publishes an event with three daily slots, two ticket categories and a promo code; an attendee finds it by English and Arabic text and near a point, wishlists it, follows the organizer and sees both on their pages', async ({
    page,
    browser,
    mailbox,
  }, testInfo) => {
    // Two accounts, five editor steps and three searches: a long journey.
    test.setTimeout(120_000);
    // A screen that never shows what a step waits for should fail that step, not the whole budget.
    page.setDefaultTimeout(15_000);
    const isPhone = Boolean(testInfo.project.use.isMobile);
    const stamp = `${testInfo.project.name}${Date.now().toString(36)}`;
    const title = `Oud Nights ليالي العود ${stamp}`;
    const organization = `Tarab House ${stamp}`;
    const email = `tarab.${stamp}@example.com`;
    const firstDay = dayInRiyadh(1);
    const lastDay = dayInRiyadh(3);
    let eventPath = '';

    await test.step('a new organizer signs up', async () => {
      await registerOrganizer(page, mailbox, email, organization);
    });

    await test.step('details: title, place with coordinates, zone, currency', async () => {
      await page.goto('/organizer/events');
      await page.getByRole('link', { name: 'Create event' }).first().click();
      await page.getByLabel(/^Event title/).fill(title);
      await page
        .getByLabel(/^Description/)
        .fill(
          'An evening of oud and classic tarab on the Jeddah Corniche. أمسية عود وطرب أصيل على كورنيش جدة.',
        );
      await page.getByLabel(/^Category/).selectOption({ label: 'Music' });
      await page.getByLabel(/^Event type/).selectOption({ label: 'In person' });
      await expect(page.getByRole('radio', { name: 'At a venue' })).toBeChecked();
      await page.getByLabel(/^Venue name/).fill('Corniche Hall');
      await page.getByLabel(/^Address/).fill('Corniche Road, Jeddah');
      await page.getByLabel(/^Latitude/).fill(String(JEDDAH.latitude));
      await page.getByLabel(/^Longitude/).fill(String(JEDDAH.longitude));
      const zone = page.getByRole('combobox', { name: /^Time zone/ });
      await zone.click();
      await zone.fill('Riyadh');
      await page.getByRole('option', { name: /^Riyadh time/ }).click();
      await expect(zone).toHaveValue(/Riyadh/);
      await page.getByLabel(/^Currency/).selectOption('SAR');
      await expectAccessible(page, 'event details');
      await page.getByRole('button', { name: 'Save and continue' }).click();
      await expect(page).toHaveURL(/step=dates/);
    });

    await test.step('dates: three daily time slots in one pattern', async () => {
      await page.getByLabel(/^First date/).fill(firstDay);
      await page.getByLabel(/^Last date/).fill(lastDay);
      // Every day of the week is ticked from the start.
      for (const day of [
        'Sunday',
        'Monday',
        'Tuesday',
        'Wednesday',
        'Thursday',
        'Friday',
        'Saturday',
      ]) {
        await expect(page.getByRole('checkbox', { name: day, exact: true })).toBeChecked();
      }
      await page.getByLabel(/^Time 1 starts/).fill('20:00');
      await page.getByLabel(/^Time 1 ends/).fill('22:30');
      await expect(page.getByText('This creates 3 time slots.')).toBeVisible();
      await page.getByRole('button', { name: 'Create time slots' }).click();
      await expect(page.getByText('Created 3 time slots. None skipped.')).toBeVisible();
      await expectAccessible(page, 'event dates');
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page).toHaveURL(/step=tickets/);
    });

    await test.step('tickets: Standard and VIP', async () => {
      for (const [name, price, quantity] of [
        ['Standard', '150', '200'],
        ['VIP', '450.50', '30'],
      ] as const) {
        await page.getByRole('button', { name: 'Add a ticket category' }).click();
        await page.getByLabel(/^Category name/).fill(name);
        await page.getByLabel(/^Price \(/).fill(price);
        await page.getByLabel(/^Tickets per time slot/).fill(quantity);
        if (name === 'Standard') await expectAccessible(page, 'a ticket category form');
        await page.getByRole('button', { name: 'Save ticket category' }).click();
        await expect(page.getByRole('heading', { level: 3, name })).toBeVisible();
      }
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page).toHaveURL(/step=promo-codes/);
    });

    await test.step('promo code: 20% off', async () => {
      await page.getByRole('button', { name: 'Add a promo code' }).click();
      await page.getByLabel(/^Code/).fill('TARAB20');
      await expect(page.getByRole('radio', { name: 'Percentage' })).toBeChecked();
      await page.getByLabel(/^Percentage off/).fill('20');
      await expectAccessible(page, 'a promo code form');
      await page.getByRole('button', { name: 'Save promo code' }).click();
      await expect(page.getByRole('heading', { level: 3, name: 'TARAB20' })).toBeVisible();
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page).toHaveURL(/step=review/);
    });

    await test.step('review and publish', async () => {
      const summary = page.getByRole('definition');
      await expect(summary.filter({ hasText: /^3 time slots · next: / })).toBeVisible();
      await expect(
        summary.filter({ hasText: /^2 ticket categories\s·\sSAR\s150\s–\sSAR\s450\.50/ }),
      ).toBeVisible();
      await expect(summary.filter({ hasText: /^1 promo code/ })).toBeVisible();
      await expect(page.getByText('Done: 3 upcoming time slots')).toBeVisible();
      await expect(page.getByText('Done: 2 ticket categories')).toBeVisible();
      await expectAccessible(page, 'event review');
      await page.getByRole('button', { name: 'Publish event' }).click();
      await expect(page.getByText('Your event is live')).toBeVisible();
      const publicLink = page.getByRole('link', { name: 'View the public page' });
      eventPath = (await publicLink.getAttribute('href')) ?? '';
      expect(eventPath).toMatch(/^\/events\/\d+$/);
      await expectAccessible(page, 'event published');
    });

    const context = await attendeeContext(browser);
    const attendee = await context.newPage();
    attendee.setDefaultTimeout(15_000);
    const card = attendee.getByRole('link', { name: title, exact: true });

    await test.step('the attendee finds it by English text', async () => {
      await signIn(attendee, 'attendee@hafla.test', 'hafla-demo-2026');
      await expect(attendee).not.toHaveURL(/\/auth\//);
      await openEventsList(attendee);
      await search(attendee, 'oud nights');
      await expect(card).toBeVisible();
      // With the run's own word, it is the only match.
      await search(attendee, `oud nights ${stamp}`);
      await expect.poll(() => resultTitles(attendee)).toEqual([title]);
      await expect(attendee.getByText('1 event', { exact: true })).toBeVisible();
      await expectAccessible(attendee, 'search results');
    });

    await test.step('the attendee finds it near a point', async () => {
      await openEventsList(attendee);
      if (isPhone) {
        await attendee.getByRole('button', { name: 'Filters' }).click();
        const drawer = attendee.getByRole('dialog', { name: 'Filters' });
        await expectAccessible(attendee, 'filters drawer', { within: '[role="dialog"]' });
        await drawer.getByRole('button', { name: 'Use my location' }).click();
        await drawer
          .getByRole('combobox', { name: 'Distance' })
          .selectOption({ label: 'Within 5 km' });
        await drawer.getByRole('button', { name: 'Show results' }).click();
        await expect(drawer).toBeHidden();
      } else {
        const filters = attendee.getByRole('complementary', { name: 'Filters' });
        await filters.getByText('Enter coordinates').click();
        await filters.getByRole('textbox', { name: 'Latitude' }).fill(String(JEDDAH.latitude));
        await filters.getByRole('textbox', { name: 'Longitude' }).fill(String(JEDDAH.longitude));
        await filters.getByRole('button', { name: 'Search near these coordinates' }).click();
        await expect(attendee).toHaveURL(/[?&]lat=21\.54/);
        await filters
          .getByRole('combobox', { name: 'Distance' })
          .selectOption({ label: 'Within 5 km' });
      }
      await expect(attendee).toHaveURL(/[?&]radius_km=5(&|$)/);
      await expect(attendee).toHaveURL(/[?&]lat=21\.54/);
      await expect(attendee).toHaveURL(/[?&]lng=39\.17/);
      await expectFreshResults(attendee, 'Events near Jeddah', 'en');
      await expect(attendee.getByRole('combobox', { name: 'Sort by' })).toHaveValue('distance');
      await expect(card).toBeVisible();
      // Within 5 km of the Corniche there is nothing else: the demo events in Jeddah are farther.
      await expect
        .poll(async () => (await resultTitles(attendee)).filter((t) => !t.includes('Oud Nights')))
        .toEqual([]);
    });

    await test.step('the attendee wishlists it and follows the organizer', async () => {
      await card.click();
      await expect(attendee).toHaveURL(new RegExp(`${eventPath}$`));
      await expect(attendee.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(attendee.getByText(/^SAR\s150\s–\sSAR\s450\.50$/).first()).toBeVisible();
      const organizerCard = attendee.getByRole('region', { name: 'Organizer' });
      await expect(
        organizerCard.getByRole('heading', { level: 3, name: organization, exact: true }),
      ).toBeVisible();

      const heart = attendee.getByRole('button', { name: 'Save to wishlist', exact: true });
      await expect(heart).toHaveAttribute('aria-pressed', 'false');
      const saved = attendee.waitForResponse(
        (response) => /\/add_to_wishlist\/$/.test(response.url()) && response.ok(),
      );
      await heart.click();
      await saved;
      await expect(heart).toHaveAttribute('aria-pressed', 'true');

      const follow = organizerCard.getByRole('button', {
        name: `Follow ${organization}`,
        exact: true,
      });
      await expect(follow).toHaveAttribute('aria-pressed', 'false');
      const followed = attendee.waitForResponse(
        (response) => /\/follow\/$/.test(response.url()) && response.ok(),
      );
      await follow.click();
      await followed;
      await expect(follow).toHaveAttribute('aria-pressed', 'true');
      await expectAccessible(attendee, 'event page');
    });

    await test.step('both show on the attendee’s pages', async () => {
      await attendee.goto('/user/wishlist');
      await expect(attendee.getByRole('heading', { level: 1 })).toHaveText('Your wishlist');
      await expect(attendee.getByRole('link', { name: title, exact: true })).toBeVisible();
      await expectAccessible(attendee, 'wishlist');

      await attendee.goto('/user/following');
      await expect(attendee.getByRole('heading', { level: 1 })).toHaveText('Organizers you follow');
      await expect(attendee.getByRole('link', { name: organization, exact: true })).toBeVisible();
      await expect(
        attendee.getByRole('button', { name: `Follow ${organization}`, exact: true }),
      ).toHaveAttribute('aria-pressed', 'true');
      await expectAccessible(attendee, 'following');
    });

    await test.step('in Arabic, right to left, an Arabic search finds it too', async () => {
      await attendee.evaluate(() => localStorage.setItem('language', 'ar'));
      await openEventsList(attendee);
      await expect(attendee.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(attendee.locator('html')).toHaveAttribute('lang', 'ar');
      await search(attendee, 'ليالي العود', 'ar');
      await expect(card).toBeVisible();
      // Every match is one of this journey's events: the phrase is theirs alone in the demo data.
      await expect
        .poll(async () => (await resultTitles(attendee)).filter((t) => !t.includes('ليالي العود')))
        .toEqual([]);
      await expectAccessible(attendee, 'search results in Arabic');

      await card.click();
      await expect(
        attendee.getByRole('button', { name: 'احفظ في قائمة الرغبات', exact: true }),
      ).toHaveAttribute('aria-pressed', 'true');
      await expect(
        attendee.getByRole('button', { name: `تابِع ${organization}`, exact: true }),
      ).toHaveAttribute('aria-pressed', 'true');
      await expectAccessible(attendee, 'event page in Arabic');
    });

    await context.close();
  });
});
