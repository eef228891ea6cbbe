import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorEnvelope } from '@hafla/shared/common/errors';
import { bearer, createTestContext, demoUserId, type TestContext } from './helpers';

/**
 * Every operation the OpenAPI document lists, sent what clients and attackers send by mistake or
 * on purpose: a multipart body the parser cannot read, and path parameters longer than any id
 * (just under, just over and far over the router's limit). Anonymously and with an admin's and
 * an organizer's token, so guards do not hide the handlers. Nothing answers 5xx, and every
 * non-2xx answer is the envelope.
 */

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
type Method = (typeof METHODS)[number];

/** The router's maxParamLength (app.ts). */
const ROUTER_PARAM_LIMIT = 200;

let ctx: TestContext;
let operations: Array<{ method: Method; path: string }>;
const callers: Record<string, Record<string, string>> = {};

beforeAll(async () => {
  // Throttling would answer 429 long before the handlers are reached.
  ctx = await createTestContext({ RATE_LIMITS: 'off' });
  const document = (await ctx.app.inject({ url: '/api/openapi.json' })).json() as {
    paths: Record<string, Partial<Record<Method, unknown>>>;
  };
  operations = Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method] !== undefined).map((method) => ({ method, path })),
  );
  const admin = await demoUserId(ctx, 'admin@hafla.test');
  const organizer = await demoUserId(ctx, 'organizer@hafla.test');
  callers.anonymous = {};
  callers.admin = {
    authorization: await bearer(ctx.config, { userId: admin, roles: ['attendee', 'admin'] }),
  };
  callers.organizer = {
    authorization: await bearer(ctx.config, {
      userId: organizer,
      roles: ['attendee', 'organizer'],
    }),
  };
});
afterAll(() => ctx?.close());

const withParams = (path: string, value: (name: string) => string) =>
  path.replace(/\{(\w+)\}/g, (_match, name: string) => value(name));

interface Probe {
  method: Method;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

/** Sends each probe; answers the ones that broke the rule, described. */
async function failuresOf(probes: Probe[]): Promise<string[]> {
  const failures: string[] = [];
  for (const probe of probes) {
    const response = await ctx.app.inject({
      method: probe.method.toUpperCase() as Uppercase<Method>,
      url: probe.url,
      headers: probe.headers,
      ...(probe.payload === undefined ? {} : { payload: probe.payload }),
    });
    const where = `${probe.method.toUpperCase()} ${probe.url.slice(0, 80)} (${probe.headers['content-type'] ?? 'no body'})`;
    if (response.statusCode >= 500) {
      failures.push(`${where}: ${response.statusCode} ${response.body.slice(0, 200)}`);
    } else if (response.statusCode >= 300) {
      const envelope = ErrorEnvelope.safeParse(safeJson(response.body));
      if (!envelope.success) {
        failures.push(
          `${where}: ${response.statusCode} not an envelope: ${response.body.slice(0, 200)}`,
        );
      }
    }
  }
  return failures;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const MALFORMED_MULTIPART = [
  { 'content-type': 'multipart/form-data', payload: 'no boundary was given' },
  { 'content-type': 'multipart/form-data; boundary=hafla', payload: 'no boundary line at all' },
  {
    'content-type': 'multipart/form-data; boundary=hafla',
    payload: '--hafla\r\nContent-Disposition: form-data; name="cover"; filename="a.png"\r\n\r\ncut',
  },
];

describe('every operation of GET /api/openapi.json', () => {
  it('lists the operations to probe, the upload routes among them', () => {
    expect(operations.length).toBeGreaterThan(50);
    expect(operations).toContainEqual({ method: 'post', path: '/api/v1/events/{id}/cover/' });
    expect(operations).toContainEqual({ method: 'patch', path: '/api/v1/profile/{id}/' });
  });

  it.each(['anonymous', 'admin', 'organizer'])(
    'answers a malformed multipart body with the envelope, never 5xx (%s)',
    async (caller) => {
      const probes = operations.flatMap(({ method, path }) =>
        MALFORMED_MULTIPART.map(({ payload, ...headers }) => ({
          method,
          url: withParams(path, () => '1'),
          headers: { ...callers[caller], ...headers },
          payload,
        })),
      );
      expect(await failuresOf(probes)).toEqual([]);
    },
  );

  it.each(['anonymous', 'admin', 'organizer'])(
    'answers over-long path parameters with the envelope, never 5xx (%s)',
    async (caller) => {
      const parametric = operations.filter(({ path }) => path.includes('{'));
      expect(parametric.length).toBeGreaterThan(20);
      const probes = parametric.flatMap(({ method, path }) =>
        [ROUTER_PARAM_LIMIT, ROUTER_PARAM_LIMIT + 1, 5000].map((length) => ({
          method,
          url: withParams(path, () => '1'.repeat(length)),
          headers: { ...callers[caller], 'content-type': 'application/json' },
          payload: method === 'get' || method === 'delete' ? undefined : '{}',
        })),
      );
      expect(await failuresOf(probes)).toEqual([]);
    },
  );
});

describe('path parameters over the router limit', () => {
  it('answer not_found in the reader language', async () => {
    const response = await ctx.app.inject({
      url: `/api/v1/events_read/${'7'.repeat(ROUTER_PARAM_LIMIT + 1)}`,
      headers: { 'accept-language': 'ar' },
    });
    expect(response.statusCode).toBe(404);
    expect(ErrorEnvelope.parse(response.json())).toEqual({
      type: 'client_error',
      errors: [{ code: 'not_found', detail: 'غير موجود.', attr: null }],
    });
    expect(response.headers['x-request-id']).toBeDefined();
  });

  it('a path whose percent-encoding does not decode answers invalid', async () => {
    const response = await ctx.app.inject({ url: '/api/v1/events_read/%E0%A4%A' });
    expect(response.statusCode).toBe(400);
    expect(ErrorEnvelope.parse(response.json()).errors[0]).toMatchObject({
      code: 'invalid',
      attr: null,
    });
  });
});
