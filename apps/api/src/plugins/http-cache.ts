import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { etagOf, matchesEtag, type CachedAnswer } from '../lib/read-cache';

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
        if (shared) reply.header('vary', 'Accept-Language, Authorization');
      }
      let etag = reply.getHeader('etag');
      if (typeof etag !== 'string') {
        etag = etagOf(payload);
        reply.header('etag', etag);
      }
      if (matchesEtag(request.headers['if-none-match'], etag)) {
        reply.code(304);
        reply.removeHeader('content-length');
        return '';
      }
      return payload;
    });
  },
  { name: 'http-cache', dependencies: ['auth'] },
);

/** Sends a cached answer as it was serialized, with its precomputed ETag. */
export function sendCached<T>(reply: FastifyReply, answer: CachedAnswer<T>): FastifyReply {
  return reply
    .header('etag', answer.etag)
    .header('x-read-cache', answer.isHit ? 'hit' : 'miss')
    .type('application/json; charset=utf-8')
    .send(answer.body);
}

/** The language and address an answer is kept under (links in pages carry the host). */
export function cacheKeyOf(request: FastifyRequest, publicUrl: string | undefined): string {
  const origin = publicUrl ?? `${request.protocol}://${request.host}`;
  return `${request.language} ${origin}${request.url}`;
}
