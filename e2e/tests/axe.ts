import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';

/** Until no animation (but endless ones: spinners, shimmer) has run for 200 ms. */
async function settle(page: Page) {
  await page.evaluate(async () => {
    // A navigation's address changes before React renders the new page (and its fade-in), so a
    // moment without animations is not yet the end.
    const finite = () =>
      document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === 'running' &&
            animation.effect?.getComputedTiming().endTime !== Infinity,
        );
    let quietSince = performance.now();
    while (performance.now() - quietSince < 200) {
      const running = finite();
      if (running.length > 0) {
        await Promise.all(running.map((animation) => animation.finished.catch(() => null)));
        quietSince = performance.now();
      } else {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  });
}

async function scan(page: Page, options: { within?: string; seriousOnly?: boolean }) {
  const { violations } = await new AxeBuilder({ page })
    .include(options.within ?? '#main-content')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return violations
    .filter(
      (violation) =>
        !options.seriousOnly || violation.impact === 'serious' || violation.impact === 'critical',
    )
    .map(
      (violation) =>
        `${violation.id}: ${violation.nodes
          // The target and what axe measured (a contrast names both colours and the ratio).
          .map((node) => `${String(node.target)} (${node.failureSummary ?? ''})`)
          .join(' | ')}`,
    );
}

/**
 * WCAG 2.2 AA as axe-core checks it, on the page's own content (or an open dialog: the page
 * behind it is dimmed by the overlay on purpose). Pages and dialogs fade in; axe measures colours
 * as painted, so it runs once the page is still. A finding is scanned for once more a second
 * later, and only what is still there fails: a frame caught mid-change (a page's first test on a
 * cold server once showed its submit button's label below the contrast limit, then never again)
 * is not what a person sees, and what stays on screen is.
 */
export async function expectAccessible(
  page: Page,
  what: string,
  options: { within?: string; seriousOnly?: boolean } = {},
) {
  await settle(page);
  const first = await scan(page, options);
  if (first.length === 0) return;
  await page.waitForTimeout(1000);
  await settle(page);
  const again = await scan(page, options);
  if (again.length === 0) console.warn(`axe (${what}): gone a second later: ${first.join('; ')}`);
  expect(again, what).toEqual([]);
}
