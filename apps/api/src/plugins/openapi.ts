import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { ErrorEnvelope } from '@hafla/shared/common/errors';
import { APP_VERSION } from '@hafla/shared/common/version';

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
        },
        components: {
          securitySchemes: {
            bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          },
        },
      },
      transform: jsonSchemaTransform,
      transformObject: jsonSchemaTransformObject,
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
