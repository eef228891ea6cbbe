import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { signIn } from './account-steps';
import { DEMO_PASSWORD } from './api-steps';
import { chooseLanguage, type Language } from './language-steps';

/**
 * WCAG 1.4.10 (reflow): at 320 CSS px wide — the narrowest phones, or a desktop zoomed to 400% —
 * every page reads without scrolling sideways. The phone journeys run at 412 px, where a header
 * or a grid a few pixels too wide for 320 goes unseen. Run by the phone project only (the
 * viewport is set here, so a second device would measure the same).
 */
test.use({ viewport: { width: 320, height: 640 } });

/** Opens `path` once it has settled and checks nothing reaches past the viewport's width. */
async function expectReflows(page: Page, path: string, language: Language) {
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await expect(page.locator('main h1').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  const wider = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const past = Array.from(document.querySelectorAll('body *'))
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && (box.right > width + 1 || box.left < -1);
      })
      .map((element) => `${element.tagName.toLowerCase()}.${String(element.className)}`);
    return { scroll: document.documentElement.scrollWidth - width, past: past.slice(0, 5) };
  });
  expect(wider.scroll, `${path} (${language}) scrolls sideways: ${wider.past.join(', ')}`).toBe(0);
}

for (const language of ['en', 'ar'] as const) {
  test(`the public pages and booking reflow at 320 px (${language})`, async ({
    page,
    request,
    baseURL,
  }) => {
    const { results } = (await (await request.get('/api/v1/events_read/?limit=1')).json()) as {
      results: { id: number; organizer: { id: string } }[];
    };
    const event = results[0]!;
    await chooseLanguage(page, baseURL!, language);
    for (const path of [
      '/',
      '/events',
      `/events/${event.id}`,
      `/events/${event.id}/book`,
      `/organizers/${event.organizer.id}`,
      '/auth/login',
      '/auth/register',
      '/faq',
    ])
      await expectReflows(page, path, language);
  });

  test(`an organizer's pages reflow at 320 px (${language})`, async ({ page, baseURL }) => {
    // Signed in on the English form; the pages after it in `language`.
    await signIn(page, 'organizer@hafla.test', DEMO_PASSWORD);
    await expect(page).not.toHaveURL(/\/auth\//);
    await chooseLanguage(page, baseURL!, language);
    await page.goto('/organizer/events');
    const edit = page.locator('main a[href*="/edit?step="]').first();
    await expect(edit).toBeVisible();
    const editor = (await edit.getAttribute('href'))!.split('?')[0]!;
    for (const path of [
      '/organizer/events',
      `${editor}?step=dates`,
      `${editor}?step=tickets`,
      '/organizer/dashboard',
      '/organizer/wallet',
      '/organizer/ushers',
      editor.replace(/\/edit$/, '/guestList'),
      '/user/profile',
    ])
      await expectReflows(page, path, language);
  });

  test(`an attendee's tickets and notices reflow at 320 px (${language})`, async ({
    page,
    baseURL,
  }) => {
    await signIn(page, 'attendee@hafla.test', DEMO_PASSWORD);
    await expect(page).not.toHaveURL(/\/auth\//);
    await chooseLanguage(page, baseURL!, language);
    await expectReflows(page, '/user/tickets', language);
    const event = (await page
      .locator('main a[href^="/user/myTickets/"]')
      .first()
      .getAttribute('href'))!;
    await expectReflows(page, event, language);
    const ticket = (await page
      .locator('main a[href^="/user/tickets/"]')
      .last()
      .getAttribute('href'))!;
    for (const path of [ticket, '/notifications', '/user/wishlist', '/user/following'])
      await expectReflows(page, path, language);
  });
}
