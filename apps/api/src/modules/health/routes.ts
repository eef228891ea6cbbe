import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import type { App } from '../../lib/types';
import { errorResponses } from '../../plugins/openapi';

const tags = ['health'];

export async function healthRoutes(app: App) {
  app.get('/healthz', {
    config: { auth: 'ignore', rateLimit: false },
    schema: {
      tags,
      summary: 'The process is alive',
      response: { 200: z.object({ status: z.literal('ok') }), ...errorResponses },
    },
    handler: async () => ({ status: 'ok' as const }),
  });

  app.get('/readyz', {
    config: { auth: 'ignore', rateLimit: false },
    schema: {
      tags,
      summary: 'The database answers',
      response: {
        200: z.object({ status: z.literal('ok'), database: z.enum(['postgres', 'pglite']) }),
        ...errorResponses,
      },
    },
    handler: async (request) => {
      try {
        await app.database.ping();
      } catch (error) {
        request.log.warn({ err: error }, 'database ping failed');
        throw new AppError('service_unavailable', { status: 503, headers: { 'retry-after': '5' } });
      }
      return { status: 'ok' as const, database: app.database.kind };
    },
  });
}
