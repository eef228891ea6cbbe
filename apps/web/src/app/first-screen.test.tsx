import { describe, expect, it } from 'vitest';
import { renderFirstScreen } from '../entry-server';
import * as fixtures from '../test/fixtures';

/**
 * Decision 0026: the server renders the home page from its first answers. That the browser
 * hydrates it without a mismatch is checked in chromium (e2e/tests/first-screen.spec.ts): a
 * server render and a client render in one JavaScript realm share React's context objects.
 */

const answers = new Map<string, unknown>([
  ['/api/v1/home', fixtures.home],
  ['/api/v1/app_config/', fixtures.appInfo],
]);

describe('the home page rendered on the server', () => {
  it.each(['en', 'ar'] as const)(
    'renders its sections from the first answers (%s)',
    async (language) => {
      const screen = await renderFirstScreen({ pathname: '/', language, answers });
      const page = document.createElement('div');
      page.innerHTML = screen!;
      const heading = language === 'en' ? 'Welcome to Hafla' : 'أهلًا بك في حفلة';
      expect(page.querySelector('h1')?.textContent).toBe(heading);
      const firstEvent = fixtures.home.sections.find((section) => section.events.length > 0)!
        .events[0]!;
      expect(page.textContent).toContain(firstEvent.title);
    },
  );

  it('renders nothing for a page without a first screen, or without its answers', async () => {
    expect(await renderFirstScreen({ pathname: '/faq', language: 'en', answers })).toBeNull();
    const withoutHome = new Map([['/api/v1/app_config/', fixtures.appInfo]]);
    expect(
      await renderFirstScreen({ pathname: '/', language: 'en', answers: withoutHome }),
    ).toBeNull();
  });
});
