import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { ErrorEnvelope } from '@hafla/shared/common/errors';
import { APP_VERSION } from '@hafla/shared/common/version';

type Transform = NonNullable<FastifyDynamicSwaggerOptions['transform']>;
type TransformObject = NonNullable<FastifyDynamicSwaggerOptions['transformObject']>;
type Operation = { operationId?: string; security?: unknown[] };

/**
 * A route's operation as generated clients need it: `security` says what it takes — a bearer
 * token where the route's `auth` rule asks for one, nothing (`[]`) on public routes (a token sent
 * there is still checked and may personalise the answer) — and a wildcard is a named parameter.
 */
const transform: Transform = (input) => {
  const { schema, url } = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]);
  const rule = (input.route as { config?: { auth?: unknown } } | undefined)?.config?.auth;
  const guarded = rule === true || Array.isArray(rule);
  const out: Record<string, unknown> = { ...schema };
  out.security ??= guarded ? [{ bearer: [] }] : [];
  const params = out.params as { properties?: Record<string, unknown> } | undefined;
  if (!url.endsWith('*') || !params?.properties?.['*']) return { schema: out, url };
  // `/uploads/*` → `/uploads/{key}`, its `*` parameter named `key`.
  const { '*': wildcard, ...rest } = params.properties;
  out.params = {
    ...params,
    properties: {
      ...rest,
      key: { ...(wildcard as object), description: 'The rest of the path (may contain slashes)' },
    },
    required: ['key'],
  };
  return { schema: out, url: `${url.slice(0, -1)}{key}` };
};

/** `GET /api/v1/events_read/{id}/` → `getEventsReadById`; unique in the document. */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/api\/(v1\/)?/, '/')
    .replace(/\{([^}]+)\}/g, (_, name: string) => `by ${name}`)
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return [method.toLowerCase(), ...words]
    .map((word, index) =>
      index === 0 ? word : word.charAt(0).toUpperCase() + word.slice(1).toLowerCase(),
    )
    .join('');
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/**
 * Every operation gets an `operationId` from its method and path. The seed's paths come with and
 * without a trailing slash; the form without one is named `…NoSlash`, so the slash form (the
 * seed's own) keeps the plain name.
 */
const transformObject: TransformObject = (input) => {
  const document = jsonSchemaTransformObject(
    input as Parameters<typeof jsonSchemaTransformObject>[0],
  ) as { paths?: Record<string, Record<string, Operation>> };
  const paths = document.paths ?? {};
  const taken = new Set<string>();
  // Slash forms first, so they take the plain names.
  const order = Object.keys(paths).sort(
    (a, b) => Number(b.endsWith('/')) - Number(a.endsWith('/')) || a.localeCompare(b),
  );
  for (const path of order) {
    for (const [method, operation] of Object.entries(paths[path]!)) {
      if (!METHODS.has(method) || operation.operationId) continue;
      const base = operationIdOf(method, path);
      let id = base;
      if (taken.has(id)) id = `${base}NoSlash`;
      for (let n = 2; taken.has(id); n++) id = `${base}${n}`;
      taken.add(id);
      operation.operationId = id;
    }
  }
  return document as ReturnType<TransformObject>;
};

/** OpenAPI 3.1 generated from the routes' zod schemas; every route is listed. */
export const openapiPlugin = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Hafla API',
          description:
            'Event ticketing and booking. Errors use one envelope: {type, errors: [{code, detail, attr}]}; `detail` follows Accept-Language (en, ar).',
          version: APP_VERSION,
          license: { name: 'MIT', identifier: 'MIT' },
        },
        // Relative: the document describes the server that serves it.
        servers: [{ url: '/', description: 'This server' }],
        components: {
          securitySchemes: {
            bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          },
        },
      },
      transform,
      transformObject,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs' });

    app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'openapi' },
);

/** Every route documents the error envelope next to its success schema. */
export const errorResponses = {
  '4xx': ErrorEnvelope.describe('Client error: see errors[].code and errors[].attr'),
  '5xx': ErrorEnvelope.describe('Server error; details are logged with the request id'),
} as const;
