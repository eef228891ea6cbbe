import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  // A minimal built SPA in a temporary folder, served as the real build would be.
  const root = path.join(process.env.TMPDIR ?? '/tmp', `hafla-web-${process.pid}-${Date.now()}`);
  mkdirSync(path.join(root, 'assets'), { recursive: true });
  writeFileSync(
    path.join(root, 'index.html'),
    '<!doctype html><title>Hafla</title><div id="root"></div>',
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
});
