import { expect, test } from '@playwright/test';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { signIn } from './account-steps';
import { ATTENDEE, DEMO_PASSWORD } from './api-steps';
import { chooseLanguage, type Language } from './language-steps';
import catalogEn from '../../apps/web/src/locales/en/catalog.json' with { type: 'json' };
import catalogAr from '../../apps/web/src/locales/ar/catalog.json' with { type: 'json' };
import eventsEn from '../../apps/web/src/locales/en/events.json' with { type: 'json' };
import eventsAr from '../../apps/web/src/locales/ar/events.json' with { type: 'json' };

/**
 * Decision 0026: the home page's, an event page's, an organizer's page's and the events list's
 * first screens come rendered in their HTML, in the language the reader chose, styled before any script runs, and the app hydrates them —
 * the same elements, no mismatch, no fade, at once interactive. Without JavaScript the content
 * is there all the same.
 */

const HOME_HEADING = { en: catalogEn.home.heading, ar: catalogAr.home.heading } as const;
const BOOK = { en: eventsEn.page.booking.book, ar: eventsAr.page.booking.book } as const;
const LIST_HEADING = { en: eventsEn.list.heading, ar: eventsAr.list.heading } as const;
const LIST_TITLE = { en: eventsEn.list.meta.title, ar: eventsAr.list.meta.title } as const;

interface PublicEvent {
  id: number;
  title: string;
  cover: string | null;
  organizer: { id: string; name: string };
}

/** The first event of the public list, in `language`. */
async function firstEvent(request: APIRequestContext, language: Language): Promise<PublicEvent> {
  const list = await request.get('/api/v1/events_read/?limit=1', {
    headers: { 'accept-language': language },
  });
  return ((await list.json()) as { results: PublicEvent[] }).results[0]!;
}

/**
 * Opens `path` and checks the app took the server's page over as it was: errors logged, and
 * elements the app removed from #root before it is idle (a mismatch rebuilds the page).
 */
async function openHydrated(page: Page, path: string, language: Language, heading: string) {
  const failures: string[] = [];
  page.on('pageerror', (error) => failures.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') failures.push(message.text());
  });
  await page.addInitScript(() => {
    const removed: string[] = [];
    (window as unknown as { removedFromRoot: string[] }).removedFromRoot = removed;
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of Array.from(record.removedNodes)) {
          if (node instanceof HTMLElement && node.querySelector('h1, article'))
            removed.push(node.outerHTML.slice(0, 80));
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });

  const response = await page.goto(path);
  const html = await response!.text();
  expect(html).toContain(`data-first-screen="${language}"`);
  expect(html).toContain(heading);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
  expect(
    await page.evaluate(() => (window as unknown as { removedFromRoot: string[] }).removedFromRoot),
  ).toEqual([]);
  expect(failures).toEqual([]);
  // The server's page shows at once, without the fade-in the app's pages open with.
  const fades = await page.evaluate(
    () =>
      document
        .querySelector('main')!
        .getAnimations({ subtree: true })
        .filter((animation) => (animation as CSSAnimation).animationName?.includes('fade-in'))
        .length,
  );
  expect(fades).toBe(0);
  return html;
}

/** The API paths (with their queries) the page asks for from now on, as they are asked. */
function apiCallsOf(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (sent) => {
    const url = new URL(sent.url());
    if (url.pathname.startsWith('/api/')) asked.push(`${url.pathname}${url.search}`);
  });
  return asked;
}

/** A click on `link` opens its page inside the app, without loading a new document. */
async function expectInAppNavigation(page: Page, link: ReturnType<Page['locator']>) {
  const href = await link.getAttribute('href');
  await page.evaluate(() => ((window as unknown as { marker: boolean }).marker = true));
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
}

/** The page as a reader without JavaScript gets it. */
async function openWithoutScript(browser: Browser, baseURL: string, language: Language) {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  await context.addCookies([
    { name: 'hafla_language', value: language, domain: new URL(baseURL).hostname, path: '/' },
  ]);
  return { page: await context.newPage(), close: () => context.close() };
}

for (const language of ['en', 'ar'] as const) {
  test(`the home page arrives rendered and the app takes it over as it is (${language})`, async ({
    page,
    browser,
    baseURL,
  }) => {
    await chooseLanguage(page, baseURL!, language);
    const asked = apiCallsOf(page);
    await openHydrated(page, '/', language, HOME_HEADING[language]);
    // Its sections and the categories its chips show came with the page.
    await expect(page.locator('main a[href^="/events?category="]').first()).toBeVisible();
    expect(asked.filter((sent) => /^\/api\/v1\/(home|categories\/)/.test(sent))).toEqual([]);
    // Interactive: a card opens its event without reloading the page.
    await expectInAppNavigation(page, page.locator('main article a[href^="/events/"]').first());

    // Without JavaScript the first screen is the page: its heading and its events are there.
    const plain = await openWithoutScript(browser, baseURL!, language);
    await plain.page.goto('/');
    await expect(
      plain.page.getByRole('heading', { level: 1, name: HOME_HEADING[language] }),
    ).toBeVisible();
    await expect(plain.page.locator('main article').first()).toBeVisible();
    await expect(plain.page.locator('main a[href^="/events?category="]').first()).toBeVisible();
    await plain.close();
  });

  test(`an event page arrives rendered and styled, and the app takes it over as it is (${language})`, async ({
    page,
    browser,
    baseURL,
    request,
  }) => {
    const event = await firstEvent(request, language);
    expect(event.cover, 'the demo event has a cover').not.toBeNull();
    await chooseLanguage(page, baseURL!, language);
    const counted: string[] = [];
    page.on('request', (sent) => {
      if (new URL(sent.url()).pathname === `/api/v1/events_read/${event.id}`)
        counted.push(sent.method());
    });

    const html = await openHydrated(page, `/events/${event.id}`, language, event.title);
    // The cover is asked for with the page, at the size the page draws it.
    expect(html).toMatch(/<link rel="preload" as="image" fetchpriority="high" [^>]*imagesrcset=/);
    // The app took the event from the page, and says it showed it (the organizer's page views).
    await expect.poll(() => counted).toEqual(['HEAD']);
    await expectInAppNavigation(page, page.getByRole('link', { name: BOOK[language] }).first());

    // Without JavaScript the page is there and styled: the page's own styles came with it.
    const plain = await openWithoutScript(browser, baseURL!, language);
    await plain.page.goto(`/events/${event.id}`);
    await expect(plain.page.getByRole('heading', { level: 1, name: event.title })).toBeVisible();
    // Its title is the event's (the tab, a shared link's preview), not the app's.
    expect(await plain.page.title()).toContain(event.title);
    await expect(plain.page.locator('.mantine-Badge-root').first()).toHaveCSS(
      'text-transform',
      'uppercase',
    );
    const book = plain.page.getByRole('link', { name: BOOK[language] }).first();
    await expect(book).toHaveAttribute('href', `/events/${event.id}/book`);
    // In the theme's colours, which Mantine defines per colour scheme.
    await expect(book).toHaveCSS('background-color', 'rgb(138, 43, 226)');
    await plain.close();
  });

  test(`the events list arrives rendered with its first page and filters, and the app takes it over (${language})`, async ({
    page,
    browser,
    baseURL,
    request,
  }) => {
    const event = await firstEvent(request, language);
    await chooseLanguage(page, baseURL!, language);
    const asked = apiCallsOf(page);

    const html = await openHydrated(page, '/events', language, LIST_HEADING[language]);
    // The first card's cover is asked for with the page, at the size the grid draws it.
    expect(html).toMatch(/<link rel="preload" as="image" fetchpriority="high" [^>]*imagesrcset=/);
    await expect(page.locator('main ul article').first()).toContainText(event.title);
    // The first page and the filters' catalog came with the page.
    expect(
      asked.filter((sent) => /^\/api\/v1\/(events_read|categories|event_types)\/\?/.test(sent)),
    ).toEqual([]);
    // The filters work at once: a search asks the API and shows its answer.
    const search = page.getByRole('search');
    await search.locator('input').fill(event.title);
    await search.getByRole('button').click();
    await expect(page).toHaveURL(/\/events\?search=/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(event.title);
    await expect(page.locator('main ul article').first()).toContainText(event.title);
    expect(asked.some((sent) => sent.startsWith('/api/v1/events_read/?search='))).toBe(true);

    // Without JavaScript the list is there, under the list's title.
    const plain = await openWithoutScript(browser, baseURL!, language);
    await plain.page.goto('/events');
    await expect(
      plain.page.getByRole('heading', { level: 1, name: LIST_HEADING[language] }),
    ).toBeVisible();
    expect(await plain.page.title()).toContain(LIST_TITLE[language]);
    await expect(plain.page.locator('main ul article').first()).toBeVisible();
    await plain.close();
  });

  test(`an organizer's page arrives rendered with their first events, and the app takes it over (${language})`, async ({
    page,
    browser,
    baseURL,
    request,
  }) => {
    const { organizer } = await firstEvent(request, language);
    await chooseLanguage(page, baseURL!, language);
    const asked = apiCallsOf(page);

    const path = `/organizers/${organizer.id}`;
    const html = await openHydrated(page, path, language, organizer.name);
    // The first card's cover is asked for with the page, at the size the grid draws it.
    expect(html).toMatch(/<link rel="preload" as="image" fetchpriority="high" [^>]*imagesrcset=/);
    const cards = page.locator('#organizer-events ~ ul article');
    await expect(cards.first()).toBeVisible();
    // The profile and the first events came with the page; what lies further down (reviews,
    // followers) the app reads itself.
    await expect(page.locator('#organizer-followers')).toBeVisible();
    await expect
      .poll(
        () =>
          asked.filter((sent) => sent.startsWith(`/api/v1/profile/${organizer.id}/followers/`))
            .length,
      )
      .toBeGreaterThan(0);
    expect(asked.filter((sent) => sent === `/api/v1/profile/${organizer.id}/`)).toEqual([]);
    expect(asked.filter((sent) => sent.startsWith('/api/v1/events_read/'))).toEqual([]);
    await expectInAppNavigation(page, cards.first().locator('a[href^="/events/"]').first());

    // Without JavaScript the organizer and their events are there.
    const plain = await openWithoutScript(browser, baseURL!, language);
    await plain.page.goto(path);
    await expect(plain.page.getByRole('heading', { level: 1, name: organizer.name })).toBeVisible();
    expect(await plain.page.title()).toContain(organizer.name);
    await expect(plain.page.locator('#organizer-events ~ ul article').first()).toBeVisible();
    await plain.close();
  });
}

test("a signed-in reader's page takes the server's place whole, with no loader between them", async ({
  page,
  request,
}) => {
  const event = await firstEvent(request, 'en');
  await signIn(page, ATTENDEE, DEMO_PASSWORD);
  await expect(page).not.toHaveURL(/\/auth\/login/);
  // Moments when #root shows no page heading once the server's page has shown one.
  await page.addInitScript(() => {
    const state = { shown: false, lost: [] as string[] };
    (window as unknown as { headingState: typeof state }).headingState = state;
    new MutationObserver(() => {
      const root = document.getElementById('root');
      if (!root) return;
      if (root.querySelector('h1')) state.shown = true;
      else if (state.shown) state.lost.push(root.innerHTML.slice(0, 80));
    }).observe(document, { childList: true, subtree: true });
  });

  for (const path of [`/events/${event.id}`, `/organizers/${event.organizer.id}`, '/events', '/']) {
    const response = await page.goto(path);
    // The server sends its anonymous page; the app replaces it with the reader's own.
    expect(await response!.text()).toContain('data-first-screen="en"');
    await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign in' })).toHaveCount(0);
    // The server's page was inert while it waited; the reader's own is not.
    await expect(page.locator('#root')).not.toHaveAttribute('inert', /.*/);
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
    const state = await page.evaluate(
      () =>
        (window as unknown as { headingState: { shown: boolean; lost: string[] } }).headingState,
    );
    expect(state, path).toEqual({ shown: true, lost: [] });
  }
});
