import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { firstScreenModule } from './first-screen';
import { languageFontFaces, languageStyles, renderFirstScreen } from '../entry-server';
import * as fixtures from '../test/fixtures';

/**
 * Decision 0026: the server renders the public pages from their first answers. That the browser
 * hydrates it without a mismatch is checked in chromium (e2e/tests/first-screen.spec.ts): a
 * server render and a client render in one JavaScript realm share React's context objects.
 */

const answers = new Map<string, unknown>([
  ['/api/v1/home', fixtures.home],
  ['/api/v1/categories/?limit=100&offset=0', fixtures.categories],
  ['/api/v1/app_config/', fixtures.appInfo],
]);

describe('the home page rendered on the server', () => {
  it.each(['en', 'ar'] as const)(
    'renders its sections from the first answers (%s)',
    async (language) => {
      const screen = await renderFirstScreen({ pathname: '/', language, answers });
      const page = document.createElement('div');
      page.innerHTML = screen!.html;
      const heading = language === 'en' ? 'Welcome to Hafla' : 'أهلًا بك في حفلة';
      expect(page.querySelector('h1')?.textContent).toBe(heading);
      const firstEvent = fixtures.home.sections.find((section) => section.events.length > 0)!
        .events[0]!;
      expect(page.textContent).toContain(firstEvent.title);
      // The categories section shows its chips, not a placeholder a reader without script keeps.
      const category = fixtures.categories.results[0]!;
      expect(page.querySelector(`a[href*="category=${category.slug}"]`)?.textContent).toContain(
        category.name,
      );
    },
  );

  it('renders nothing for a page without a first screen, or without its answers', async () => {
    expect(
      await renderFirstScreen({ pathname: '/events/not-an-id', language: 'en', answers }),
    ).toBeNull();
    expect(await renderFirstScreen({ pathname: '/faq', language: 'en', answers })).toBeNull();
    for (const missing of ['/api/v1/home', '/api/v1/categories/?limit=100&offset=0']) {
      const without = new Map([...answers].filter(([apiPath]) => apiPath !== missing));
      expect(
        await renderFirstScreen({ pathname: '/', language: 'en', answers: without }),
        missing,
      ).toBeNull();
    }
  });
});

describe('the event page rendered on the server', () => {
  const event = fixtures.eventDetail;
  const eventAnswers = new Map<string, unknown>([
    [`/api/v1/events_read/${event.id}`, event],
    ['/api/v1/app_config/', fixtures.appInfo],
  ]);

  it.each(['en', 'ar'] as const)(
    'renders the event, its facts and its booking action (%s)',
    async (language) => {
      const screen = await renderFirstScreen({
        pathname: `/events/${event.id}`,
        language,
        answers: eventAnswers,
      });
      const page = document.createElement('div');
      page.innerHTML = screen!.html;
      expect(page.querySelector('h1')?.textContent).toBe(event.title);
      expect(page.textContent).toContain(event.organizer.name);
      const book = language === 'en' ? 'Book tickets' : 'احجز التذاكر';
      expect(page.querySelector(`a[href="/events/${event.id}/book"]`)?.textContent).toBe(book);
      // The page's title and description go in the HTML's head: the render runs no effects.
      const siteName = language === 'en' ? 'Hafla' : 'حفلة';
      expect(screen!.title).toBe(`${event.title} · ${siteName}`);
      expect(screen!.description).toBe(event.description.slice(0, 160));
    },
  );

  it('renders nothing for another event than its answer is of', async () => {
    expect(
      await renderFirstScreen({
        pathname: `/events/${event.id + 1}`,
        language: 'en',
        answers: eventAnswers,
      }),
    ).toBeNull();
  });

  it("names its page module as the build's manifest does (the server links its styles)", () => {
    const module = firstScreenModule(`/events/${event.id}`)!;
    const web = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
    expect(existsSync(path.join(web, module))).toBe(true);
    expect(firstScreenModule('/')).toBeNull();
  });
});

describe("an organizer's page rendered on the server", () => {
  const profile = fixtures.organizerProfile;
  const events = `/api/v1/events_read/?organizer=${profile.id}&sort=soonest&limit=24&offset=0`;
  const organizerAnswers = new Map<string, unknown>([
    [`/api/v1/profile/${profile.id}/`, profile],
    [events, fixtures.eventList([fixtures.eventSummary], 30)],
    ['/api/v1/app_config/', fixtures.appInfo],
  ]);

  it.each(['en', 'ar'] as const)(
    'renders the organizer and the first page of their events, with more to show (%s)',
    async (language) => {
      const screen = await renderFirstScreen({
        pathname: `/organizers/${profile.id}`,
        language,
        answers: organizerAnswers,
      });
      const page = document.createElement('div');
      page.innerHTML = screen!.html;
      expect(page.querySelector('h1')?.textContent).toBe('Nour Events');
      expect(page.querySelector('#organizer-events')?.textContent).toBe(
        language === 'en' ? 'Upcoming events (30)' : 'الفعاليات القادمة (30)',
      );
      expect(page.querySelector('#organizer-events ~ ul')?.textContent).toContain(
        fixtures.eventSummary.title,
      );
      // The first page is the list's first page: more can be asked for.
      const more = language === 'en' ? 'Show more events' : 'اعرض مزيدًا من الفعاليات';
      expect(page.textContent).toContain(more);
      expect(screen!.title).toContain('Nour Events');
    },
  );

  it('renders nothing without the first events, or for what is no organizer id', async () => {
    const withoutEvents = new Map(organizerAnswers);
    withoutEvents.delete(events);
    expect(
      await renderFirstScreen({
        pathname: `/organizers/${profile.id}`,
        language: 'en',
        answers: withoutEvents,
      }),
    ).toBeNull();
    expect(
      await renderFirstScreen({
        pathname: '/organizers/not-an-id',
        language: 'en',
        answers: organizerAnswers,
      }),
    ).toBeNull();
  });

  it("names its page module as the build's manifest does", () => {
    const module = firstScreenModule(`/organizers/${profile.id}`)!;
    const web = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
    expect(existsSync(path.join(web, module))).toBe(true);
  });
});

describe('the events list rendered on the server', () => {
  const listAnswers = new Map<string, unknown>([
    ['/api/v1/events_read/?limit=24&offset=0', fixtures.eventList([fixtures.eventSummary], 30)],
    ['/api/v1/categories/?limit=100&offset=0', fixtures.categories],
    ['/api/v1/event_types/?limit=100&offset=0', fixtures.eventTypes],
    ['/api/v1/app_config/', fixtures.appInfo],
  ]);

  it.each(['en', 'ar'] as const)(
    'renders the first page of events, its count and the filters with their categories (%s)',
    async (language) => {
      const screen = await renderFirstScreen({
        pathname: '/events',
        language,
        answers: listAnswers,
      });
      const page = document.createElement('div');
      page.innerHTML = screen!.html;
      expect(page.querySelector('h1')?.textContent).toBe(
        language === 'en' ? 'Explore events' : 'استكشف الفعاليات',
      );
      expect(page.textContent).toContain(language === 'en' ? '30 events' : '30 فعالية');
      expect(page.querySelector('ul')?.textContent).toContain(fixtures.eventSummary.title);
      // The filters offer the catalog's categories and event types from the first answers.
      const filters = page.querySelector('aside')!.textContent;
      expect(filters).toContain(fixtures.categories.results[1]!.name);
      expect(filters).toContain(fixtures.eventTypes.results[1]!.name);
      expect(page.textContent).toContain(
        language === 'en' ? 'Show more events' : 'اعرض مزيدًا من الفعاليات',
      );
    },
  );

  it('renders nothing without the first page of events', async () => {
    const withoutEvents = new Map(listAnswers);
    withoutEvents.delete('/api/v1/events_read/?limit=24&offset=0');
    expect(
      await renderFirstScreen({ pathname: '/events', language: 'en', answers: withoutEvents }),
    ).toBeNull();
  });

  it("names its page module as the build's manifest does", () => {
    const module = firstScreenModule('/events')!;
    const web = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
    expect(existsSync(path.join(web, module))).toBe(true);
  });
});

describe("a language's fonts on a first screen", () => {
  it("names the Arabic face's styles and files as the build's manifest does; English needs none", () => {
    const web = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
    const files = [languageStyles('ar')!, ...languageFontFaces('ar')];
    expect(files).toHaveLength(3);
    for (const file of files) expect(existsSync(path.join(web, file)), file).toBe(true);
    expect(languageStyles('en')).toBeNull();
    expect(languageFontFaces('en')).toEqual([]);
  });
});
