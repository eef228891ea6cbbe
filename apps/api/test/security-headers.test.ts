import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers';

describe('Strict-Transport-Security', () => {
  let behindTls: TestContext;
  let plain: TestContext;
  beforeAll(async () => {
    behindTls = await createTestContext({
      PUBLIC_URL: 'https://tickets.example.com',
      TRUST_PROXY: '1',
    });
    plain = await createTestContext({ PUBLIC_URL: 'http://localhost:3000' });
  });
  afterAll(async () => {
    await behindTls?.close();
    await plain?.close();
  });

  it('is sent on API answers and errors when PUBLIC_URL is https', async () => {
    for (const url of ['/api/v1/categories/', '/api/v1/nothing-here/', '/healthz']) {
      const response = await behindTls.app.inject({
        url,
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(response.headers['strict-transport-security'], url).toBe('max-age=31536000');
    }
  });

  it('is not sent when PUBLIC_URL is http', async () => {
    const response = await plain.app.inject({ url: '/api/v1/categories/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('security headers', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestContext();
  });
  afterAll(async () => {
    await context?.close();
  });

  it('are on every answer — success, error, not found and a page — with its own request id', async () => {
    const ids = new Set<string>();
    for (const url of ['/api/v1/categories/', '/api/v1/events_read/abc', '/api/v1/nothing/', '/']) {
      const response = await context.app.inject({ url });
      const csp = String(response.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("script-src 'self' 'wasm-unsafe-eval'");
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).not.toContain('upgrade-insecure-requests');
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(response.headers['referrer-policy'], url).toBe('no-referrer');
      expect(response.headers['x-robots-tag'], url).toBe('noindex, nofollow');
      expect(response.headers['cross-origin-embedder-policy'], url).toBeUndefined();
      expect(response.headers['x-powered-by'], url).toBeUndefined();
      ids.add(String(response.headers['x-request-id']));
    }
    expect(ids.size).toBe(4);
  });
});
