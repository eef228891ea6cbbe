import { expect, test } from '@playwright/test';
import catalogEn from '../../apps/web/src/locales/en/catalog.json' with { type: 'json' };
import catalogAr from '../../apps/web/src/locales/ar/catalog.json' with { type: 'json' };

/**
 * Decision 0026: the home page's first screen comes rendered in its HTML, in the language the
 * reader chose, and the app hydrates it — the same elements, no mismatch, no fade, at once
 * interactive. Without JavaScript the events are there all the same.
 */

const HEADING = { en: catalogEn.home.heading, ar: catalogAr.home.heading } as const;

for (const language of ['en', 'ar'] as const) {
  test(`the home page arrives rendered and the app takes it over as it is (${language})`, async ({
    page,
    browser,
    baseURL,
  }) => {
    const origin = new URL(baseURL!);
    // The language a reader chose earlier: the app's stored choice, and its cookie for the server.
    await page
      .context()
      .addCookies([
        { name: 'hafla_language', value: language, domain: origin.hostname, path: '/' },
      ]);
    await page.addInitScript((value) => localStorage.setItem('language', value), language);
    const failures: string[] = [];
    page.on('pageerror', (error) => failures.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') failures.push(message.text());
    });
    // Elements the app removes from #root before it is idle: a mismatch rebuilds the page.
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

    const response = await page.goto('/');
    const html = await response!.text();
    expect(html).toContain(`data-first-screen="${language}"`);
    expect(html).toContain(HEADING[language]);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    const heading = page.getByRole('heading', { level: 1, name: HEADING[language] });
    await expect(heading).toBeVisible();
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
    expect(
      await page.evaluate(
        () => (window as unknown as { removedFromRoot: string[] }).removedFromRoot,
      ),
    ).toEqual([]);
    expect(failures).toEqual([]);
    // The server's page shows at once, without the fade-in the app's pages open with.
    const fades = () =>
      page.evaluate(
        () =>
          document
            .querySelector('main')!
            .getAnimations({ subtree: true })
            .filter((animation) => (animation as CSSAnimation).animationName?.includes('fade-in'))
            .length,
      );
    expect(await fades()).toBe(0);

    // Interactive: a card opens its event without reloading the page.
    const card = page.locator('main article a[href^="/events/"]').first();
    const href = await card.getAttribute('href');
    await page.evaluate(() => ((window as unknown as { marker: boolean }).marker = true));
    await card.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(
      true,
    );

    // Without JavaScript the first screen is the page: its heading and its events are there.
    const noScript = await browser.newContext({ javaScriptEnabled: false, baseURL });
    await noScript.addCookies([
      { name: 'hafla_language', value: language, domain: origin.hostname, path: '/' },
    ]);
    const plain = await noScript.newPage();
    await plain.goto('/');
    await expect(plain.getByRole('heading', { level: 1, name: HEADING[language] })).toBeVisible();
    await expect(plain.locator('main article').first()).toBeVisible();
    await noScript.close();
  });
}
