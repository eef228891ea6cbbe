import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../src/lib/db-rows';
import { withFirstAnswer } from '../src/plugins/web';
import { createTestContext, type TestContext } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  // A minimal built SPA in a temporary folder, served as the real build would be.
  const root = path.join(process.env.TMPDIR ?? '/tmp', `hafla-web-${process.pid}-${Date.now()}`);
  mkdirSync(path.join(root, 'assets'), { recursive: true });
  writeFileSync(
    path.join(root, 'index.html'),
    '<!doctype html><html><head><title>Hafla</title></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(root, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(root, 'robots.txt'), 'User-agent: *\nDisallow: /\n');
  ctx = await createTestContext({ WEB_DIST: root });
});
afterAll(() => ctx.close());

const html = { accept: 'text/html,application/xhtml+xml' };

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

  it('sends the home page with its home answer inside, for the app to use instead of asking', async () => {
    for (const language of ['en', 'ar']) {
      const page = await ctx.app.inject({
        method: 'GET',
        url: '/',
        headers: { ...html, 'accept-language': language },
      });
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('no-cache');
      const script =
        /<script type="application\/json" id="hafla-first-answer">(.*?)<\/script>/s.exec(page.body);
      expect(script, language).not.toBeNull();
      const embedded = JSON.parse(script![1]!) as unknown;
      const [home, appInfo] = await Promise.all(
        ['/api/v1/home', '/api/v1/app_config/'].map((url) =>
          ctx.app.inject({ method: 'GET', url, headers: { 'accept-language': language } }),
        ),
      );
      // The page's own answer, then the application information every app start waits for.
      expect(embedded).toEqual([
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
      const page = await ctx.app.inject({
        method: 'GET',
        url: `/events/${id}`,
        headers: { ...html, 'accept-language': language },
      });
      expect(page.statusCode).toBe(200);
      const script = /id="hafla-first-answer">(.*?)<\/script>/s.exec(page.body);
      expect(script, language).not.toBeNull();
      const api = await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/events_read/${id}`,
        headers: { 'accept-language': language },
      });
      const answers = JSON.parse(script![1]!) as { path: string }[];
      expect(answers[0]).toEqual({ path: `/api/v1/events_read/${id}`, language, body: api.json() });
      expect(answers.map((answer) => answer.path)).toEqual([
        `/api/v1/events_read/${id}`,
        '/api/v1/app_config/',
      ]);
    }
    // Two pages sent (not counted) and two reads by the API (counted); the app's HEAD counts too.
    expect(await views(id)).toBe(before + 2);
    const head = await ctx.app.inject({ method: 'HEAD', url: `/api/v1/events_read/${id}` });
    expect(head.statusCode).toBe(200);
    expect(await views(id)).toBe(before + 3);
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
