import Fastify from 'fastify';
import { SignJWT } from 'jose';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorEnvelope } from '@hafla/shared/common/errors';
import { problemReports } from '../src/db/schema/catalog';
import { errorsPlugin } from '../src/plugins/errors';
import { i18nPlugin } from '../src/plugins/i18n';
import { bearer, createTestContext, demoUserId, type TestContext } from './helpers';

let ctx: TestContext;
let attendee: { userId: string };
beforeAll(async () => {
  ctx = await createTestContext({ BODY_LIMIT: '2048' });
  attendee = { userId: await demoUserId(ctx) };
});
afterAll(() => ctx.close());

function envelope(response: { json(): unknown }) {
  return ErrorEnvelope.parse(response.json());
}

async function reportCount() {
  const [row] = await ctx.database.db.select({ value: count() }).from(problemReports);
  return row?.value ?? 0;
}

const validReport = { subject: 'Broken page', message: 'The FAQ page shows nothing at all.' };

describe('the error envelope', () => {
  it('answers malformed JSON with parse_error', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/problem-reports/',
      headers: {
        authorization: await bearer(ctx.config, attendee),
        'content-type': 'application/json',
      },
      payload: '{"subject": "x",',
    });
    expect(response.statusCode).toBe(400);
    expect(envelope(response)).toMatchObject({
      type: 'client_error',
      errors: [{ code: 'parse_error', attr: null }],
    });
  });

  it('answers an unknown API route with not_found', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/nothing-here/' });
    expect(response.statusCode).toBe(404);
    expect(envelope(response).errors[0]).toMatchObject({ code: 'not_found', attr: null });
  });

  it('answers a wrong method on a known path with 405 and Allow', async () => {
    const response = await ctx.app.inject({ method: 'DELETE', url: '/api/v1/categories/3' });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toContain('GET');
    expect(envelope(response).errors[0]).toMatchObject({ code: 'method_not_allowed', attr: null });
  });

  it('answers an oversized body with request_too_large and stores nothing', async () => {
    const before = await reportCount();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/problem-reports/',
      headers: {
        authorization: await bearer(ctx.config, attendee),
        'content-type': 'application/json',
      },
      payload: JSON.stringify({ ...validReport, message: 'x'.repeat(4096) }),
    });
    expect(response.statusCode).toBe(413);
    expect(envelope(response).errors[0]).toMatchObject({ code: 'request_too_large', attr: null });
    expect(await reportCount()).toBe(before);
  });

  it('answers a guarded route without a token with not_authenticated', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/problem-reports/',
      payload: validReport,
    });
    expect(response.statusCode).toBe(401);
    expect(envelope(response)).toMatchObject({
      type: 'client_error',
      errors: [{ code: 'not_authenticated', attr: null }],
    });
  });

  it('answers a forged token with token_not_valid', async () => {
    const forged = await new SignJWT({ roles: ['admin'], typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('4b0e3c2e-8f7a-4d8e-9a55-1f2b3c4d5e6f')
      .setIssuer('hafla')
      .setAudience('hafla-api')
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode('a-different-secret-of-sufficient-length!!'));
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/problem-reports/',
      headers: { authorization: `Bearer ${forged}` },
      payload: validReport,
    });
    expect(response.statusCode).toBe(401);
    expect(envelope(response).errors[0]).toMatchObject({ code: 'token_not_valid', attr: null });
  });

  it('answers an expired token and a garbage token with token_not_valid', async () => {
    const expired = await bearer(ctx.config, attendee, new Date(Date.now() - 60 * 60 * 1000));
    for (const authorization of [expired, 'Bearer not.a.jwt', 'Bearer']) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/problem-reports/',
        headers: { authorization },
        payload: validReport,
      });
      expect(response.statusCode).toBe(401);
      expect(envelope(response).errors[0]?.code).toBe('token_not_valid');
    }
  });

  it('refuses a bad token on public routes too, but not on sign-in calls that ignore it', async () => {
    const stale = { authorization: 'Bearer stale' };
    const listed = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/categories/',
      headers: stale,
    });
    expect(listed.statusCode).toBe(401);
    expect(envelope(listed).errors[0]?.code).toBe('token_not_valid');
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/auth/login/',
      headers: stale,
      payload: { email: 'attendee@hafla.test', password: 'hafla-demo-2026' },
    });
    expect(login.statusCode).toBe(200);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/healthz', headers: stale })).statusCode,
    ).toBe(200);
  });

  it('answers an invalid query parameter with a field code and attr', async () => {
    const cases = [
      { url: '/api/v1/categories/?limit=abc', code: 'not_a_number' },
      { url: '/api/v1/categories/?limit=0', code: 'min_value' },
      { url: '/api/v1/categories/?limit=100000', code: 'max_value' },
      { url: '/api/v1/faq/?offset=-3', code: 'min_value', attr: 'offset' },
      { url: '/api/v1/event_types/?limit=2.5', code: 'not_an_integer' },
    ];
    for (const { url, code, attr = 'limit' } of cases) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(envelope(response), url).toMatchObject({
        type: 'validation_error',
        errors: [{ code, attr }],
      });
    }
  });

  it('names every invalid body field and changes nothing', async () => {
    const before = await reportCount();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/problem-reports/',
      headers: { authorization: await bearer(ctx.config, attendee) },
      payload: { subject: 'x', event: 'seven', extra: true },
    });
    expect(response.statusCode).toBe(400);
    const { type, errors } = envelope(response);
    expect(type).toBe('validation_error');
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: 'min_length', attr: 'subject' }),
        expect.objectContaining({ code: 'required', attr: 'message' }),
        expect.objectContaining({ code: 'not_a_number', attr: 'event' }),
        expect.objectContaining({ code: 'unknown_field', attr: 'extra' }),
      ]),
    );
    expect(await reportCount()).toBe(before);
  });

  it('answers a body of the wrong media type with unsupported_media_type', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/problem-reports/',
      headers: {
        authorization: await bearer(ctx.config, attendee),
        'content-type': 'application/xml',
      },
      payload: '<report/>',
    });
    expect(response.statusCode).toBe(415);
    expect(envelope(response).errors[0]?.code).toBe('unsupported_media_type');
  });

  it('translates detail into Arabic by Accept-Language', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/categories/?limit=0',
      headers: { 'accept-language': 'ar-EG,ar;q=0.9,en;q=0.5' },
    });
    expect(envelope(response).errors[0]?.detail).toBe('يجب أن تكون هذه القيمة أكبر من أو تساوي 1.');
  });

  it('maps a database violation to a client error, not a 500', async () => {
    // A well-signed token whose user no longer exists reaches the reporter foreign key.
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/problem-reports/',
      headers: {
        authorization: await bearer(ctx.config, { userId: '4b0e3c2e-8f7a-4d8e-9a55-1f2b3c4d5e6f' }),
      },
      payload: validReport,
    });
    expect(response.statusCode).toBe(400);
    expect(envelope(response).errors[0]).toMatchObject({
      code: 'does_not_exist',
      attr: 'reporter_id',
    });
  });

  it('creates a problem report for a signed-in user', async () => {
    const before = await reportCount();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/problem-reports/',
      headers: { authorization: await bearer(ctx.config, attendee) },
      payload: { ...validReport, subject: '  Broken page  ' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ subject: 'Broken page', status: 'open', event: null });
    expect(await reportCount()).toBe(before + 1);
  });
});

describe('throttling', () => {
  it('answers throttled with Retry-After past the limit', async () => {
    const limited = await createTestContext({ RATE_LIMIT_MAX: '3' });
    try {
      const statuses: number[] = [];
      let last;
      for (let i = 0; i < 4; i += 1) {
        last = await limited.app.inject({ method: 'GET', url: '/api/v1/faq/' });
        statuses.push(last.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
      expect(envelope(last!)).toMatchObject({
        type: 'client_error',
        errors: [{ code: 'throttled', attr: null }],
      });
    } finally {
      await limited.close();
    }
  });

  it('does not throttle when RATE_LIMITS=off', async () => {
    const open = await createTestContext({ RATE_LIMIT_MAX: '2', RATE_LIMITS: 'off' });
    try {
      for (let i = 0; i < 5; i += 1) {
        expect((await open.app.inject({ method: 'GET', url: '/api/v1/faq/' })).statusCode).toBe(
          200,
        );
      }
    } finally {
      await open.close();
    }
  });
});

describe('failures of our own', () => {
  it('answers 503 with Retry-After and no internals when the database is gone, and readyz says so', async () => {
    const broken = await createTestContext();
    await broken.database.close();
    try {
      const response = await broken.app.inject({ method: 'GET', url: '/api/v1/categories/' });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toEqual({
        type: 'server_error',
        errors: [
          {
            code: 'service_unavailable',
            detail: 'The service is temporarily unavailable.',
            attr: null,
          },
        ],
      });
      expect(response.body).not.toMatch(/stack|pglite|closed|at /i);
      const ready = await broken.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(envelope(ready).errors[0]?.code).toBe('service_unavailable');
    } finally {
      await broken.close().catch(() => undefined);
    }
  });

  it('answers an exhausted database pool with 503 and Retry-After, not a 500', async () => {
    // The pool's own error, as node-postgres raises it after connectionTimeoutMillis.
    const app = Fastify({ logger: false });
    await app.register(i18nPlugin);
    await app.register(errorsPlugin);
    app.get('/busy', async () => {
      throw new Error('timeout exceeded when trying to connect');
    });
    try {
      const response = await app.inject({ method: 'GET', url: '/busy' });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(envelope(response).errors[0]?.code).toBe('service_unavailable');
    } finally {
      await app.close();
    }
  });
});
