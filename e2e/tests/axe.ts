import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';

/**
 * WCAG 2.2 AA as axe-core checks it, on the page's own content (or an open dialog: the page
 * behind it is dimmed by the overlay on purpose). Pages and dialogs fade in; axe measures colours
 * as painted, so it runs once every running animation has finished.
 */
export async function expectAccessible(
  page: Page,
  what: string,
  options: { within?: string; seriousOnly?: boolean } = {},
) {
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => null))),
  );
  const { violations } = await new AxeBuilder({ page })
    .include(options.within ?? '#main-content')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(
    violations
      .filter(
        (violation) =>
          !options.seriousOnly || violation.impact === 'serious' || violation.impact === 'critical',
      )
      .map((violation) => `${violation.id}: ${violation.nodes.map((n) => n.target).join(' | ')}`),
    what,
  ).toEqual([]);
}
