import type { Page } from '@playwright/test';

export type Language = 'en' | 'ar';

/**
 * The reader chose `language` earlier: the app's stored choice (set before each page's script)
 * and its cookie, which the server renders a first screen in.
 */
export async function chooseLanguage(page: Page, baseURL: string, language: Language) {
  await page
    .context()
    .addCookies([
      { name: 'hafla_language', value: language, domain: new URL(baseURL).hostname, path: '/' },
    ]);
  await page.addInitScript((value) => localStorage.setItem('language', value), language);
}
