import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
  parameters?: Array<{ name: string; in: string }>;
  requestBody?: { content?: Record<string, { schema?: unknown }> };
}

describe('GET /api/openapi.json', () => {
  it('is OpenAPI 3.1 and lists every API route with its schemas', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json() as {
      openapi: string;
      paths: Record<string, Record<string, Operation>>;
    };
    expect(document.openapi).toBe('3.1.0');

    const expected = [
      ['get', '/api/v1/app_config/'],
      ['get', '/api/v1/app_config/home-page-config/'],
      ['get', '/api/v1/categories/'],
      ['get', '/api/v1/categories/{id}'],
      ['get', '/api/v1/event_types/'],
      ['get', '/api/v1/faq/'],
      ['get', '/api/v1/configuration/{id}'],
      ['post', '/api/v1/problem-reports/'],
      ['post', '/monitoring'],
      ['post', '/register/'],
      ['post', '/otp/verify_email/'],
      ['post', '/otp/resend_otp/'],
      ['patch', '/complete_registration/'],
      ['post', '/auth/login/'],
      ['post', '/auth/token/refresh/'],
      ['post', '/auth/logout/'],
      ['post', '/auth/forgot_password/'],
      ['post', '/otp/verify/'],
      ['post', '/auth/password_reset/'],
      ['post', '/auth/password/change/'],
      ['get', '/api/v1/profile/{id}/'],
      ['patch', '/api/v1/profile/{id}/'],
      ['get', '/healthz'],
      ['get', '/readyz'],
    ] as const;
    for (const [method, path] of expected) {
      const operation = document.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      const success = Object.entries(operation?.responses ?? {}).find(([status]) =>
        status.startsWith('2'),
      );
      expect(
        success?.[1].content?.['application/json']?.schema,
        `${method} ${path} response`,
      ).toBeDefined();
      expect(
        operation?.responses?.['4XX'] ?? operation?.responses?.['4xx'],
        `${method} ${path} errors`,
      ).toBeDefined();
    }
    expect(document.paths['/api/v1/categories/']?.get?.parameters?.map((p) => p.name)).toEqual([
      'limit',
      'offset',
    ]);
    expect(
      document.paths['/api/v1/problem-reports/']?.post?.requestBody?.content?.['application/json']
        ?.schema,
    ).toBeDefined();
  });

  it('documents every registered route but its own documentation', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const paths = (response.json() as { paths: Record<string, Record<string, unknown>> }).paths;
    const undocumented: string[] = [];
    for (const [url, methods] of ctx.app.knownRoutes) {
      if (url.startsWith('/api/docs') || url === '/api/openapi.json') continue;
      const path = url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}');
      for (const method of methods) {
        if (method === 'HEAD') continue;
        if (!paths[path]?.[method.toLowerCase()]) undocumented.push(`${method} ${url}`);
      }
    }
    expect(ctx.app.knownRoutes.size).toBeGreaterThan(10);
    expect(undocumented).toEqual([]);
  });

  it('serves Swagger UI at /api/docs', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('swagger');
  });
});
