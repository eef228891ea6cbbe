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
