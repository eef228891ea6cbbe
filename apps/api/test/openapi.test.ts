import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

interface Operation {
  operationId?: string;
  security?: unknown[];
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
      ['get', '/api/v1/charts/'],
      ['post', '/api/v1/charts/'],
      ['get', '/api/v1/charts/{id}'],
      ['patch', '/api/v1/charts/{id}/'],
      ['post', '/api/v1/charts/{id}/publish/'],
      ['get', '/api/v1/charts/{id}/versions/{version}/'],
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

  it('publishes the seat chart format as a component, read and written', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const document = response.json() as {
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
      paths: Record<string, Record<string, Operation>>;
    };
    const written = document.components.schemas.SeatChartInput;
    const read = document.components.schemas.SeatChart;
    for (const schema of [written, read]) {
      expect(Object.keys(schema?.properties ?? {})).toEqual([
        'version',
        'venue',
        'stage',
        'focal_point',
        'categories',
        'sections',
        'areas',
      ]);
    }
    expect(
      JSON.stringify(
        document.paths['/api/v1/charts/']?.post?.requestBody?.content?.['application/json']?.schema,
      ),
    ).toContain('#/components/schemas/SeatChartInput');
    expect(
      JSON.stringify(
        document.paths['/api/v1/charts/{id}']?.get?.responses?.['200']?.content?.[
          'application/json'
        ]?.schema,
      ),
    ).toContain('#/components/schemas/SeatChart"');
  });

  it('documents every registered route but its own documentation', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const paths = (response.json() as { paths: Record<string, Record<string, unknown>> }).paths;
    const undocumented: string[] = [];
    for (const [url, methods] of ctx.app.knownRoutes) {
      if (url.startsWith('/api/docs') || url === '/api/openapi.json') continue;
      const path = url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{key}');
      for (const method of methods) {
        if (method === 'HEAD') continue;
        if (!paths[path]?.[method.toLowerCase()]) undocumented.push(`${method} ${url}`);
      }
    }
    expect(ctx.app.knownRoutes.size).toBeGreaterThan(10);
    expect(undocumented).toEqual([]);
  });

  it('names every operation, says which take a token, and passes Redocly’s recommended lint', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const document = response.json() as {
      servers?: unknown[];
      info: { license?: { name: string } };
      paths: Record<string, Record<string, Operation>>;
    };
    const ids = Object.values(document.paths).flatMap((methods) =>
      Object.values(methods).map((operation) => operation.operationId),
    );
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z0-9]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(document.paths['/api/v1/events_read/{id}']?.get?.operationId).toBe('getEventsReadById');
    expect(document.paths['/api/v1/categories/']?.get?.security).toEqual([]);
    expect(document.paths['/api/v1/bookings/']?.get?.security).toEqual([{ bearer: [] }]);
    expect(document.paths['/uploads/{key}']?.get?.parameters?.map((p) => p.name)).toEqual(['key']);
    expect(document.servers).toHaveLength(1);
    expect(document.info.license?.name).toBe('MIT');

    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
    const folder = mkdtempSync(path.join(os.tmpdir(), 'hafla-openapi-'));
    try {
      const file = path.join(folder, 'openapi.json');
      writeFileSync(file, response.body);
      const lint = await promisify(execFile)(
        path.join(root, 'node_modules', '.bin', 'redocly'),
        ['lint', file, '--config', path.join(root, 'redocly.yaml'), '--format', 'json'],
        {
          cwd: root,
          timeout: 120_000,
          env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        },
      ).catch((error: { stdout?: string; stderr?: string }) => {
        throw new Error(`redocly lint failed:\n${error.stdout ?? ''}${error.stderr ?? ''}`);
      });
      const report = JSON.parse(lint.stdout) as {
        totals: { errors: number; warnings: number };
        problems: unknown[];
      };
      expect(report.problems).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 150_000);

  it('serves Swagger UI at /api/docs', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('swagger');
  });
});
