import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import type { App } from '../../lib/types';
import { errorResponses } from '../../plugins/openapi';
import { checkEnvelope, envelopeUrl, parseDsn } from './tunnel';

export const MAX_ENVELOPE_BYTES = 1024 * 1024;
const UPSTREAM_TIMEOUT_MS = 10_000;

/**
 * Same-origin tunnel for browser error reports (PRODUCT.md section 10): ad blockers leave it
 * alone, and it forwards only to the configured project's ingest host.
 */
export async function monitoringRoutes(app: App) {
  const configured = app.config.SENTRY_DSN ? parseDsn(app.config.SENTRY_DSN) : null;

  // The SDK posts envelopes as text/plain or application/x-sentry-envelope: keep the raw bytes.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: MAX_ENVELOPE_BYTES },
    (_request, body, done) => {
      done(null, body);
    },
  );

  app.post('/monitoring', {
    bodyLimit: MAX_ENVELOPE_BYTES,
    config: { auth: 'ignore', rateLimit: { max: 120, timeWindow: '1 minute' } },
    schema: {
      tags: ['monitoring'],
      summary: 'Tunnel for browser error-report envelopes to the configured DSN',
      consumes: ['application/x-sentry-envelope', 'text/plain'],
      response: { 200: z.object({ id: z.string().optional() }), ...errorResponses },
    },
    handler: async (request, reply) => {
      if (!configured) throw new AppError('monitoring_unavailable', { status: 404 });
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0)
        throw new AppError('monitoring_rejected', { status: 400 });
      checkEnvelope(body, configured);

      let upstream: Response;
      try {
        upstream = await fetch(envelopeUrl(configured), {
          method: 'POST',
          headers: {
            'content-type': 'application/x-sentry-envelope',
            'x-forwarded-for': request.ip,
          },
          body,
          signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
        });
      } catch (error) {
        request.log.warn({ err: error }, 'monitoring upstream unreachable');
        throw new AppError('bad_gateway', { status: 502 });
      }
      const text = await upstream.text();
      if (!upstream.ok) {
        request.log.warn({ status: upstream.status }, 'monitoring upstream refused the envelope');
        throw new AppError(upstream.status === 429 ? 'throttled' : 'bad_gateway', {
          status: upstream.status === 429 ? 429 : 502,
          params: { seconds: 60 },
        });
      }
      return reply.code(200).send(parseUpstreamAnswer(text));
    },
  });
}

function parseUpstreamAnswer(text: string): { id?: string } {
  try {
    const parsed: unknown = JSON.parse(text);
    const id = (parsed as { id?: unknown } | null)?.id;
    return typeof id === 'string' ? { id } : {};
  } catch {
    return {};
  }
}
