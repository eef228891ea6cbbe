import type { IncomingMessage, ServerResponse } from 'node:http';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { AppError } from '../lib/app-error';

export interface SecurityOptions {
  corsOrigins: string[];
  rateLimits: boolean;
  rateLimitMax: number;
  rateLimitWindow: string;
  /**
   * Sends Strict-Transport-Security: on when PUBLIC_URL is https, i.e. the site is served over
   * TLS (usually by a proxy in front; the header is only a promise browsers keep for that origin).
   */
  isHttpsOnly: boolean;
}

/** One year, without subdomains or preload: the operator's other hosts are not ours to promise. */
const HSTS = { maxAge: 31_536_000, includeSubDomains: false, preload: false };

const HELMET = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      // The door's QR reader is WebAssembly (zxing-wasm, served from this origin): compiling
      // it needs 'wasm-unsafe-eval', which allows WebAssembly only, never eval() of script.
      scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
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
} satisfies HelmetOptions;

/**
 * The headers helmet sets, computed once. (@fastify/helmet builds helmet's middleware anew on
 * every request, parsing the policy each time: a sixth of a cached read's CPU.) The answer is
 * the same for every request: no policy here depends on the request (no nonces).
 */
function headersOf(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = { 'x-robots-tag': 'noindex, nofollow' };
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown = null;
  helmet(options)(
    {} as IncomingMessage,
    response as unknown as ServerResponse,
    (error?: unknown) => {
      failure = error ?? null;
    },
  );
  if (failure) throw failure;
  return headers;
}

/** Page loads and static files (GET outside /api/) are not throttled; every call is. */
function isThrottled(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return true;
  return request.url.startsWith('/api/') || request.url.startsWith('/socket.io/');
}

/** Headers, CORS and throttling shared by every route. */
export const securityPlugin = fp<SecurityOptions>(
  async (app, options) => {
    const headers = headersOf({
      ...HELMET,
      strictTransportSecurity: options.isHttpsOnly ? HSTS : false,
    });
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(headers).header('x-request-id', request.id);
      done();
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
      // RATE_LIMITS=off lifts every limit, global and per route.
      allowList: (request) => !options.rateLimits || !isThrottled(request),
      errorResponseBuilder: (_request, context) => {
        const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
        return new AppError('throttled', {
          status: 429,
          params: { seconds },
          headers: { 'retry-after': String(seconds) },
        });
      },
    });
  },
  { name: 'security', dependencies: ['errors'] },
);
