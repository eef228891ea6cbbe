import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../src/lib/db-rows';
import type { FastifyBaseLogger } from 'fastify';
import { FirstScreens, pageAssetsOf, withFirstScreen } from '../src/plugins/first-screens';
import { FilledPages, withFirstAnswer } from '../src/plugins/web';
import { createTestContext, type TestContext } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  // A minimal built SPA in a temporary folder, served as the real build would be.
  const build = path.join(process.env.TMPDIR ?? '/tmp', `hafla-web-${process.pid}-${Date.now()}`);
  const root = path.join(build, 'dist');
  mkdirSync(path.join(root, 'assets'), { recursive: true });
  writeFileSync(
    path.join(root, 'index.html'),
    '<!doctype html><html lang="en" dir="ltr"><head><title>Hafla</title></head><body><div id="root"><p class="boot">Hafla</p></div></body></html>',
  );
  // The web build's server entry (apps/web/src/entry-server.tsx) as this test needs it: it draws
  // the page's language and its number of home sections, counts its renders, and fails on demand.
  mkdirSync(path.join(build, 'dist-server'));
  writeFileSync(
    path.join(build, 'dist-server', 'entry-server.js'),
    `export const hasFirstScreen = (pathname) => pathname === '/' || /^\\/events\\/\\d+$/.test(pathname);
export const firstScreenModule = (pathname) => (pathname === '/' ? null : 'src/event-page.tsx');
export const languageStyles = (language) => (language === 'ar' ? 'src/fonts-ar.css' : null);
export const languageFontFaces = (language) => (language === 'ar' ? ['fonts/ar-400.woff2', 'fonts/missing.woff2'] : []);
export async function renderFirstScreen({ pathname, language, answers }) {
  globalThis.firstScreenRenders = (globalThis.firstScreenRenders ?? 0) + 1;
  if (globalThis.failFirstScreen) throw new Error('render failed');
  if (pathname !== '/') {
    const event = answers.get('/api/v1/events_read/' + pathname.split('/')[2]);
    return { html: '<main><h1>' + language + ' event</h1></main>', title: event.title + ' · Hafla', description: event.description.slice(0, 20) };
  }
  return { html: '<main><h1>' + language + ' ' + answers.get('/api/v1/home').sections.length + '</h1></main>', title: null, description: null };
}
`,
  );
  // The client build's manifest: the event page's chunk, its styles and the chunk it imports.
  mkdirSync(path.join(root, '.vite'));
  writeFileSync(
    path.join(root, '.vite', 'manifest.json'),
    JSON.stringify({
      'src/event-page.tsx': {
        file: 'assets/event-page-e1.js',
        css: ['assets/event-page-e2.css'],
        imports: ['_badge-b1.js', 'index.html'],
      },
      '_badge-b1.js': { file: 'assets/badge-b1.js', css: ['assets/badge-b2.css'] },
      'index.html': { file: 'assets/index-abc123.js', css: ['assets/index-i1.css'] },
      'src/fonts-ar.css': { file: 'assets/fonts-ar-f1.css' },
      'fonts/ar-400.woff2': { file: 'assets/ar-400-a4.woff2' },
    }),
  );
  writeFileSync(path.join(root, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(root, 'robots.txt'), 'User-agent: *\nDisallow: /\n');
  ctx = await createTestContext({ WEB_DIST: root });
});
afterAll(() => ctx.close());

const html = { accept: 'text/html,application/xhtml+xml' };

/** The page at `url` as a reader in `language` gets it, and the first answers inside it. */
async function pageWithAnswers(url: string, language: string) {
  const page = await ctx.app.inject({
    method: 'GET',
    url,
    headers: { ...html, cookie: `hafla_language=${language}` },
  });
  expect(page.statusCode).toBe(200);
  const script = /id="hafla-first-answer">(.*?)<\/script>/s.exec(page.body);
  expect(script, `${url} (${language})`).not.toBeNull();
  return { page, embedded: JSON.parse(script![1]!) as { path: string; body: unknown }[] };
}

/** Each answer in a page is the one a GET of its path sends, in the page's language. */
async function expectAnswersAsTheApiSends(
  embedded: readonly { path: string; body: unknown }[],
  language: string,
) {
  for (const answer of embedded) {
    const api = await ctx.app.inject({
      method: 'GET',
      url: answer.path,
      headers: { 'accept-language': language },
    });
    expect(answer, answer.path).toEqual({ path: answer.path, language, body: api.json() });
  }
}

/** A first screen that sets no title or description. */
const screenOf = (body: string) => ({ html: body, title: null, description: null });

describe('serving the web app', () => {
  it('serves index.html at / and revalidates it', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/', headers: html });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
  });

  it('caches hashed assets for a year', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('falls back to index.html for client routes', async () => {
    for (const url of ['/faq', '/pages/terms', '/some/unknown/page']) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: html });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('serves the page when a browser opens a path that is also an API call of another method', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/auth/login', headers: html });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
    const api = await ctx.app.inject({ method: 'GET', url: '/auth/login/' });
    expect(api.statusCode).toBe(405);
    expect(api.headers.allow).toBe('POST');
  });

  it('keeps answering JSON not_found for unknown API paths and missing assets', async () => {
    for (const url of ['/api/v1/unknown/', '/assets/missing.js']) {
      const response = await ctx.app.inject({
        method: 'GET',
        url,
        headers: url.startsWith('/api') ? html : {},
      });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({
        type: 'client_error',
        errors: [{ code: 'not_found' }],
      });
    }
  });

  it('serves robots.txt that disallows everything', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.body).toContain('Disallow: /');
  });

  it('sends the home page with its home answer inside, in the language of the app, for it to use instead of asking', async () => {
    for (const language of ['en', 'ar']) {
      const page = await ctx.app.inject({
        method: 'GET',
        url: '/',
        headers: { ...html, cookie: `hafla_language=${language}` },
      });
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('no-cache');
      const script =
        /<script type="application\/json" id="hafla-first-answer">(.*?)<\/script>/s.exec(page.body);
      expect(script, language).not.toBeNull();
      const embedded = JSON.parse(script![1]!) as unknown;
      const categories = '/api/v1/categories/?limit=100&offset=0';
      const [home, categoryList, appInfo] = await Promise.all(
        ['/api/v1/home', categories, '/api/v1/app_config/'].map((url) =>
          ctx.app.inject({ method: 'GET', url, headers: { 'accept-language': language } }),
        ),
      );
      // The page's own answers (the categories its chips show, and its sections), then the
      // application information every app start waits for.
      expect(embedded).toEqual([
        { path: categories, language, body: categoryList!.json() },
        { path: '/api/v1/home', language, body: home!.json() },
        { path: '/api/v1/app_config/', language, body: appInfo!.json() },
      ]);
      expect(page.body.indexOf('hafla-first-answer')).toBeLessThan(page.body.indexOf('</head>'));
    }
  });

  it('sends an event page with the event answer inside, and counts its view only when the app says it showed it', async () => {
    const views = async (id: number) => {
      await ctx.app.pageViews.flush();
      const rows = rowsOf<{ views: number }>(
        await ctx.app.db.execute(
          sql`SELECT coalesce(sum(views), 0)::int AS views FROM event_page_views WHERE event_id = ${id}`,
        ),
      );
      return rows[0]!.views;
    };
    const list = await ctx.app.inject({ method: 'GET', url: '/api/v1/events_read/?limit=1' });
    const id = (list.json() as { results: { id: number }[] }).results[0]!.id;
    const before = await views(id);
    for (const language of ['en', 'ar']) {
      const { embedded } = await pageWithAnswers(`/events/${id}`, language);
      expect(embedded.map((answer) => answer.path)).toEqual([
        `/api/v1/events_read/${id}`,
        '/api/v1/app_config/',
      ]);
      await expectAnswersAsTheApiSends(embedded, language);
    }
    // Two pages sent (not counted) and two reads by the API (counted); the app's HEAD counts too.
    expect(await views(id)).toBe(before + 2);
    const head = await ctx.app.inject({ method: 'HEAD', url: `/api/v1/events_read/${id}` });
    expect(head.statusCode).toBe(200);
    expect(await views(id)).toBe(before + 3);
  });

  it("sends an organizer's page with their profile and first events inside, each as the API answers it", async () => {
    const list = await ctx.app.inject({ method: 'GET', url: '/api/v1/events_read/?limit=1' });
    const organizerId = (list.json() as { results: { organizer: { id: string } }[] }).results[0]!
      .organizer.id;
    const events = `/api/v1/events_read/?organizer=${organizerId}&sort=soonest&limit=24&offset=0`;
    for (const language of ['en', 'ar']) {
      const { page, embedded } = await pageWithAnswers(`/organizers/${organizerId}`, language);
      expect(embedded.map((answer) => answer.path)).toEqual([
        `/api/v1/profile/${organizerId}/`,
        events,
        '/api/v1/app_config/',
      ]);
      await expectAnswersAsTheApiSends(embedded, language);
      // The first card's cover is fetched with the page (at the size the grid draws it).
      const first = (
        embedded[1]!.body as {
          results: { cover: string | null; cover_thumbnails: { url: string }[] }[];
        }
      ).results[0]!;
      // (The journeys check a cover's copies and sizes: the test data's events have none.)
      if (first.cover === null) expect(page.body).not.toContain('<link rel="preload" as="image"');
      else
        expect(page.body).toContain(
          `<link rel="preload" as="image" fetchpriority="high" href="${first.cover_thumbnails[0]?.url ?? first.cover}"`,
        );
    }
  });

  it("sends the events list with its first page and the filters' categories and event types inside", async () => {
    for (const language of ['en', 'ar']) {
      const { embedded } = await pageWithAnswers('/events', language);
      expect(embedded.map((answer) => answer.path).sort()).toEqual([
        '/api/v1/app_config/',
        '/api/v1/categories/?limit=100&offset=0',
        '/api/v1/event_types/?limit=100&offset=0',
        '/api/v1/events_read/?limit=24&offset=0',
      ]);
      await expectAnswersAsTheApiSends(embedded, language);
      const events = embedded.find((answer) => answer.path.startsWith('/api/v1/events_read/'))!;
      expect((events.body as { results: unknown[] }).results.length).toBeGreaterThan(0);
    }
  });

  it('sends the plain page for the events list with filters (its query string is not rendered)', async () => {
    for (const url of ['/events?search=music', '/events?category=1&sort=soonest']) {
      const page = await ctx.app.inject({ method: 'GET', url, headers: html });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain('<div id="root">');
      expect(page.body, url).not.toContain('hafla-first-answer');
    }
  });

  it('sends the plain page for an organizer who is not there, or an attendee (who has no page)', async () => {
    const attendee = rowsOf<{ id: string }>(
      await ctx.app.db.execute(
        sql`SELECT id FROM users WHERE user_type = 'attendee' AND is_verified AND is_profile_complete LIMIT 1`,
      ),
    )[0]!.id;
    for (const id of [attendee, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const page = await ctx.app.inject({ method: 'GET', url: `/organizers/${id}`, headers: html });
      expect(page.statusCode, id).toBe(200);
      expect(page.body, id).not.toContain('hafla-first-answer');
    }
  });

  it('sends the plain page for an event that is not there', async () => {
    for (const url of ['/events/2147483647', '/events/abc']) {
      const page = await ctx.app.inject({ method: 'GET', url, headers: html });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain('<div id="root">');
      expect(page.body, url).not.toContain('hafla-first-answer');
    }
  });

  it('compresses the page it fills in, and leaves other pages as they are built', async () => {
    const page = await ctx.app.inject({
      method: 'GET',
      url: '/',
      headers: { ...html, 'accept-encoding': 'gzip' },
    });
    expect(page.headers['content-encoding']).toBe('gzip');
    const faq = await ctx.app.inject({ method: 'GET', url: '/faq', headers: html });
    expect(faq.body).not.toContain('hafla-first-answer');
  });
});

describe('a first screen rendered on the server', () => {
  const renders = () => (globalThis as { firstScreenRenders?: number }).firstScreenRenders ?? 0;
  const homeSections = async (language: string) => {
    const home = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/home',
      headers: { 'accept-language': language },
    });
    return (home.json() as { sections: unknown[] }).sections.length;
  };

  it("puts the server's render of the home page in #root, in the app's language, with lang and dir", async () => {
    for (const language of ['en', 'ar'] as const) {
      const page = await ctx.app.inject({
        method: 'GET',
        url: '/',
        headers: { ...html, cookie: `other=1; hafla_language=${language}` },
      });
      expect(page.statusCode).toBe(200);
      expect(page.headers.vary).toBe('Accept-Encoding, Cookie');
      const dir = language === 'ar' ? 'rtl' : 'ltr';
      expect(page.body).toContain(`<html lang="${language}" dir="${dir}">`);
      expect(page.body).toContain(
        `<div id="root" data-first-screen="${language}"><main><h1>${language} ${await homeSections(language)}</h1></main></div>`,
      );
      expect(page.body).not.toContain('class="boot"');
    }
  });

  it("follows the app's language cookie, not the browser's Accept-Language, which the app does not follow", async () => {
    const page = await ctx.app.inject({
      method: 'GET',
      url: '/',
      headers: { ...html, 'accept-language': 'ar' },
    });
    expect(page.body).toContain('<html lang="en" dir="ltr">');
    expect(page.body).toContain('data-first-screen="en"');
    const data = /id="hafla-first-answer">(.*?)<\/script>/s.exec(page.body)![1]!;
    const answers = JSON.parse(data) as { language: string }[];
    expect(answers.length).toBeGreaterThan(1);
    for (const answer of answers) expect(answer.language).toBe('en');
  });

  it('answers 304 to a browser whose copy of the page is current', async () => {
    const headers = { ...html, cookie: 'hafla_language=en', 'accept-encoding': 'br' };
    const page = await ctx.app.inject({ method: 'GET', url: '/', headers });
    const etag = page.headers.etag as string;
    expect(etag).toMatch(/^W\/"p/);
    const again = await ctx.app.inject({
      method: 'GET',
      url: '/',
      headers: { ...headers, 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // The other language is another page.
    const arabic = await ctx.app.inject({
      method: 'GET',
      url: '/',
      headers: { ...headers, cookie: 'hafla_language=ar', 'if-none-match': etag },
    });
    expect(arabic.statusCode).toBe(200);
  });

  it('renders a page once for as long as its answers stay the same', async () => {
    const headers = { ...html, cookie: 'hafla_language=ar' };
    await ctx.app.inject({ method: 'GET', url: '/', headers });
    const before = renders();
    for (let request = 0; request < 3; request += 1) {
      await ctx.app.inject({ method: 'GET', url: '/', headers });
    }
    expect(renders()).toBe(before);
  });

  it('sends the page without its first screen when a render fails, logs it, and renders it on the next request', async () => {
    const warnings: unknown[] = [];
    let calls = 0;
    const log = {
      warn: (...args: unknown[]) => warnings.push(args),
    } as unknown as FastifyBaseLogger;
    const screens = new FirstScreens(
      {
        hasFirstScreen: () => true,
        firstScreenModule: () => null,
        languageStyles: () => null,
        languageFontFaces: () => [],
        renderFirstScreen: () => {
          calls += 1;
          return calls === 1
            ? Promise.reject(new Error('render failed'))
            : Promise.resolve(screenOf('<p>ok</p>'));
        },
      },
      {},
      log,
    );
    const pages = new FilledPages(
      '<html lang="en" dir="ltr"><head></head><body><div id="root"><p>boot</p></div></body></html>',
      screens,
    );
    const answers = [{ path: '/api/v1/home', language: 'en', body: '{"sections":[]}' }];
    const first = await pages.of('/', 'en', answers, log);
    expect(first!.html).toContain('<p>boot</p>');
    expect(first!.html).toContain('hafla-first-answer');
    expect(warnings).toHaveLength(1);
    for (let request = 0; request < 2; request += 1) {
      expect((await pages.of('/', 'en', answers, log))!.html).toContain(
        '<div id="root" data-first-screen="en"><p>ok</p></div>',
      );
    }
    expect(calls).toBe(2);
    // Other answers are another page.
    await pages.of('/', 'en', [{ ...answers[0]!, body: '{"sections":[1]}' }], log);
    expect(calls).toBe(3);
    // Readers who arrive while a page is made wait for that one.
    const [one, other] = await Promise.all([
      pages.of('/', 'ar', answers, log),
      pages.of('/', 'ar', answers, log),
    ]);
    expect(one).toBe(other);
    expect(calls).toBe(4);
    // A browser's copy is revalidated by what the page is made of, its build included: another
    // build's page with the same answers is another page.
    const kept = await pages.of('/', 'en', answers, log);
    expect(kept!.etag).toMatch(/^W\/"p[\w-]+"$/);
    const otherBuild = new FilledPages(
      '<html><head></head><body><div id="root"></div></body></html>',
      screens,
    );
    expect((await otherBuild.of('/', 'en', answers, log))!.etag).not.toBe(kept!.etag);
  });

  it('replaces only the boot screen, whatever the render holds', () => {
    const shell =
      '<html lang="en" dir="ltr"><head></head><body><div id="root"><p>boot</p></div><div id="x"></div></body></html>';
    expect(withFirstScreen(shell, 'ar', screenOf('<div>$& $1</div>'))).toBe(
      '<html lang="ar" dir="rtl"><head></head><body><div id="root" data-first-screen="ar"><div>$& $1</div></div><div id="x"></div></body></html>',
    );
    expect(withFirstScreen('<html><body></body></html>', 'en', screenOf('<p/>'))).toBeNull();
  });

  it("puts the page's title and description in the head, as text", () => {
    const shell =
      '<html lang="en" dir="ltr"><head><meta name="description" content="Hafla." />' +
      '<title>Hafla</title></head><body><div id="root"></div></body></html>';
    const page = withFirstScreen(shell, 'en', {
      html: '<main></main>',
      title: '</title><script>alert(1)</script> & "more"',
      description: 'A "night" <of> music & $1',
    })!;
    expect(page).toContain(
      '<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;more&quot;</title>',
    );
    expect(page).toContain(
      '<meta name="description" content="A &quot;night&quot; &lt;of&gt; music &amp; $1" />',
    );
  });
  it("asks for the app's code once the first screen has painted, not before", () => {
    const built =
      '<html lang="en" dir="ltr"><head>\n' +
      '<script type="module" crossorigin src="/assets/index-a1.js"></script>\n' +
      '<link rel="modulepreload" crossorigin href="/assets/shell-b2.js">\n' +
      '<link rel="modulepreload" crossorigin href="/assets/chunk-c3.js">\n' +
      '<link rel="stylesheet" crossorigin href="/assets/index-d4.css">\n' +
      '</head><body><div id="root"></div></body></html>';
    const page = withFirstScreen(built, 'en', screenOf('<main></main>'))!;
    expect(page).not.toContain('type="module"');
    expect(page).not.toContain('modulepreload');
    expect(page).toContain(
      '<script defer src="/start-after-paint.js" data-entry="/assets/index-a1.js" data-preload="/assets/shell-b2.js /assets/chunk-c3.js"></script>',
    );
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/assets/index-d4.css">');
  });
});

describe("a first screen whose page has code of its own (the event page's lazy chunk)", () => {
  it("links its styles in the head and asks for its scripts with the app's, after the paint", async () => {
    const list = await ctx.app.inject({ method: 'GET', url: '/api/v1/events_read/?limit=1' });
    const id = (list.json() as { results: { id: number }[] }).results[0]!.id;
    const page = await ctx.app.inject({ method: 'GET', url: `/events/${id}`, headers: html });
    expect(page.body).toContain('<div id="root" data-first-screen="en"><main><h1>en event</h1>');
    // The tab and a shared link's preview read the event's title, not the app's.
    const event = (
      await ctx.app.inject({ method: 'GET', url: `/api/v1/events_read/${id}` })
    ).json() as { title: string };
    expect(page.body).toContain(`<title>${event.title} · Hafla</title>`);
    const head = page.body.slice(0, page.body.indexOf('</head>'));
    // Imported chunks' styles first, as the browser would apply them; the entry's are its own.
    expect(head).toContain(
      '<link rel="stylesheet" crossorigin href="/assets/badge-b2.css">\n' +
        '<link rel="stylesheet" crossorigin href="/assets/index-i1.css">\n' +
        '<link rel="stylesheet" crossorigin href="/assets/event-page-e2.css">',
    );
    expect(head).not.toContain('event-page-e1.js');
    expect(head).not.toContain('fonts-ar');
    expect(head).not.toContain('woff2');
    // An Arabic page links the Arabic face's styles too (Nunito has no Arabic glyphs), home or not.
    for (const url of [`/events/${id}`, '/']) {
      const arabic = await ctx.app.inject({
        method: 'GET',
        url,
        headers: { ...html, cookie: 'hafla_language=ar' },
      });
      expect(arabic.body, url).toContain(
        '<link rel="stylesheet" crossorigin href="/assets/fonts-ar-f1.css">\n</head>',
      );
      // Its faces are preloaded before the styles, fetched with the page rather than after its
      // layout (a face the build lacks is left out).
      expect(arabic.body, url).toMatch(
        /<link rel="preload" href="\/assets\/ar-400-a4.woff2" as="font" type="font\/woff2" crossorigin>\n<link rel="stylesheet"/,
      );
      expect(arabic.body, url).not.toContain('missing');
    }
    // The shell has no entry script here, so there is nothing to defer; the helper is tested below.
    expect(
      pageAssetsOf({ 'src/a.tsx': { file: 'assets/a.js', imports: ['src/a.tsx'] } }, 'src/a.tsx'),
    ).toEqual({ styles: [], scripts: ['/assets/a.js'], fonts: [] });
    expect(pageAssetsOf({}, 'src/missing.tsx')).toBeNull();
  });

  it("puts the page's scripts beside the entry's preloads, and styles the shell does not link", () => {
    const built =
      '<html lang="en" dir="ltr"><head>\n' +
      '<script type="module" crossorigin src="/assets/index-a1.js"></script>\n' +
      '<link rel="modulepreload" crossorigin href="/assets/shell-b2.js">\n' +
      '<link rel="stylesheet" crossorigin href="/assets/index-d4.css">\n' +
      '</head><body><div id="root"></div></body></html>';
    const page = withFirstScreen(built, 'en', screenOf('<main></main>'), {
      styles: ['/assets/index-d4.css', '/assets/page-p1.css'],
      scripts: ['/assets/shell-b2.js', '/assets/index-a1.js', '/assets/page-p2.js'],
      fonts: [],
    })!;
    expect(page).toContain('data-preload="/assets/shell-b2.js /assets/page-p2.js"');
    expect(page.match(/index-d4\.css/g)).toHaveLength(1);
    expect(page).toContain(
      '<link rel="stylesheet" crossorigin href="/assets/page-p1.css">\n</head>',
    );
  });
});

describe('a first answer inside a page', () => {
  const page = '<html><head><title>x</title></head><body></body></html>';

  it('cannot close its element or the page, whatever the answer holds', () => {
    const filled = withFirstAnswer(page, [
      {
        path: '/api/v1/home',
        language: 'en',
        body: JSON.stringify({ title: '</script><script>alert(1)</script>' }),
      },
    ])!;
    expect(filled.match(/<\/script>/g)).toHaveLength(1);
    const data = /id="hafla-first-answer">(.*?)<\/script>/s.exec(filled)![1]!;
    expect(JSON.parse(data)[0].body.title).toBe('</script><script>alert(1)</script>');
  });

  it('preloads the image the page will show, with the same srcset and sizes', () => {
    const filled = withFirstAnswer(page, [
      {
        path: '/api/v1/home',
        language: 'ar',
        body: '{}',
        preloadImage: {
          href: '/a-480w.webp',
          srcset: '/a-480w.webp 480w, /a-960w.webp 960w',
          sizes: '78vw',
        },
      },
      { path: '/api/v1/app_config/', language: 'ar', body: '{}' },
    ])!;
    expect(filled).toContain(
      '<link rel="preload" as="image" fetchpriority="high" href="/a-480w.webp" imagesrcset="/a-480w.webp 480w, /a-960w.webp 960w" imagesizes="78vw">',
    );
  });

  it('leaves a page without a head alone', () => {
    expect(
      withFirstAnswer('<p>no head</p>', [{ path: '/x', language: 'en', body: '{}' }]),
    ).toBeNull();
  });
});
