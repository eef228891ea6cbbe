import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';

export interface SecurityOptions {
  corsOrigins: string[];
  rateLimits: boolean;
  rateLimitMax: number;
  rateLimitWindow: string;
}

const THROTTLED_PREFIXES = ['/api/', '/monitoring', '/socket.io/'];

function isThrottledPath(url: string): boolean {
  return THROTTLED_PREFIXES.some((prefix) => url.startsWith(prefix));
}

/** Headers, CORS and throttling shared by every route. */
export const securityPlugin = fp<SecurityOptions>(
  async (app, options) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // Mantine writes its CSS variables in a <style> element at runtime.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", 'ws:', 'wss:'],
          // Session replay compresses in a worker created from a blob.
          workerSrc: ["'self'", 'blob:'],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: false,
    });

    await app.register(cors, {
      origin: options.corsOrigins.length > 0 ? options.corsOrigins : false,
      credentials: true,
      exposedHeaders: ['x-request-id', 'retry-after'],
    });

    await app.register(rateLimit, {
      global: options.rateLimits,
      max: options.rateLimitMax,
      timeWindow: options.rateLimitWindow,
      // Static files of the web app are not throttled; RATE_LIMITS=off lifts every limit.
      allowList: (request) => !options.rateLimits || !isThrottledPath(request.url),
      errorResponseBuilder: (_request, context) => {
        const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
        return new AppError('throttled', {
          status: 429,
          params: { seconds },
          headers: { 'retry-after': String(seconds) },
        });
      },
    });

    app.addHook('onSend', async (request, reply) => {
      reply.header('x-request-id', request.id);
      reply.header('x-robots-tag', 'noindex, nofollow');
    });
  },
  { name: 'security', dependencies: ['errors'] },
);
