import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { etagOf, matchesEtag, type CachedAnswer, type Encoding } from '../lib/read-cache';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A public answer a shared cache (a CDN, nginx, Varnish) may keep when the reader is
     * anonymous: `s-maxage` seconds fresh, then served stale for `staleWhileRevalidate` more
     * while the cache fetches it anew. Signed-in readers' answers stay private.
     */
    sharedCache?: { sMaxAge: number; staleWhileRevalidate: number };
  }
}

/**
 * HTTP caching of GET answers (decision 0017): every 200 JSON (or text) answer gets an ETag
 * and answers 304 to a matching If-None-Match; its Cache-Control says who may keep it — anyone
 * for an anonymous answer of a route marked `sharedCache`, revalidate-always for other
 * anonymous answers, nobody else for a signed-in reader's. Answers that set their own headers
 * (uploads, the web app, ticket PDFs) keep them.
 */
export const httpCachePlugin = fp(
  async (app) => {
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return payload;
      if (reply.statusCode !== 200) return payload;
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
      if (!reply.hasHeader('cache-control')) {
        const shared = request.routeOptions.config.sharedCache;
        if (request.auth) reply.header('cache-control', 'private, no-store');
        else if (shared) {
          reply.header(
            'cache-control',
            `public, max-age=0, s-maxage=${shared.sMaxAge}, stale-while-revalidate=${shared.staleWhileRevalidate}`,
          );
        } else reply.header('cache-control', 'no-cache');
        if (shared) {
          const vary = reply.getHeader('vary');
          reply.header(
            'vary',
            vary
              ? `Accept-Language, Authorization, ${String(vary)}`
              : 'Accept-Language, Authorization',
          );
        }
      }
      let etag = reply.getHeader('etag');
      if (typeof etag !== 'string') {
        etag = etagOf(payload);
        reply.header('etag', etag);
      }
      if (matchesEtag(request.headers['if-none-match'], etag)) {
        reply.code(304);
        reply.removeHeader('content-length');
        reply.removeHeader('content-encoding');
        return '';
      }
      return payload;
    });
  },
  { name: 'http-cache', dependencies: ['auth'] },
);

/** Bodies smaller than this are sent as they are. */
const COMPRESS_FROM_BYTES = 1024;

/** The codings an Accept-Encoding header accepts, lower case (a q=0 refuses one). */
export function acceptedEncodings(acceptEncoding: string | undefined): Set<string> {
  if (!acceptEncoding) return new Set();
  return new Set(
    acceptEncoding
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || !/^\s*q=0(\.0*)?\s*$/.test(q))
      .flatMap(([name]) => (name ? [name.trim().toLowerCase()] : [])),
  );
}

/** brotli, else gzip, when the client accepts it (a q=0 refuses). */
export function encodingFor(acceptEncoding: string | undefined): Encoding | null {
  const accepted = acceptedEncodings(acceptEncoding);
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

/**
 * Sends a cached answer as it was serialized, with its precomputed ETag; compressed once per
 * answer (not per request) for clients that accept brotli or gzip.
 */
export function sendCached<T>(reply: FastifyReply, answer: CachedAnswer<T>): FastifyReply {
  reply
    .header('etag', answer.etag)
    .header('x-read-cache', answer.isHit ? 'hit' : 'miss')
    .type('application/json; charset=utf-8');
  const encoding =
    answer.body.length >= COMPRESS_FROM_BYTES
      ? encodingFor(reply.request.headers['accept-encoding'])
      : null;
  if (!encoding) return reply.send(answer.body);
  const vary = reply.getHeader('vary');
  return reply
    .header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding')
    .header('content-encoding', encoding)
    .send(answer.encoded(encoding));
}

/**
 * The language and address an answer is kept under (links in pages carry the host); `url` when
 * the answer is made for another request (a page's first answer, plugins/web.ts).
 */
export function cacheKeyOf(
  request: FastifyRequest,
  publicUrl: string | undefined,
  url = request.url,
): string {
  const origin = publicUrl ?? `${request.protocol}://${request.host}`;
  return `${request.language} ${origin}${url}`;
}
