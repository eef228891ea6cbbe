import type { FastifyError, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import fp from 'fastify-plugin';
import FindMyWay from 'find-my-way';
import { negotiateLanguage } from '@hafla/shared/common/i18n';
import { sendEnvelope } from './errors';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every registered path with its methods (HEAD and OPTIONS aside). */
    knownRoutes: ReadonlyMap<string, ReadonlySet<string>>;
  }
}

export interface NotFoundOptions {
  /** Answers a browser's page request with the SPA's index.html; false when there is no build. */
  spaFallback?: (request: FastifyRequest, reply: FastifyReply) => boolean;
}

const API_PREFIXES = ['/api/', '/healthz', '/readyz', '/monitoring', '/socket.io/'];

/**
 * Unknown paths answer `not_found`; a known path asked with the wrong method answers 405 with
 * `Allow`. Fastify's router only says "no route", so a second router indexes every path.
 */
export const notFoundPlugin = fp<NotFoundOptions>(
  async (app, options) => {
    const index = FindMyWay({ ignoreTrailingSlash: true, ignoreDuplicateSlashes: true });
    const methodsByPath = new Map<string, Set<string>>();
    app.decorate('knownRoutes', methodsByPath);

    app.addHook('onRoute', (route) => {
      // CORS answers preflights on every path; that says nothing about which methods exist.
      const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter(
        (m) => m !== 'OPTIONS',
      );
      if (methods.length === 0) return;
      let known = methodsByPath.get(route.url);
      if (!known) {
        known = new Set();
        methodsByPath.set(route.url, known);
        try {
          index.on('GET', route.url, () => undefined, { url: route.url });
        } catch {
          // The same path spelled with a trailing slash: already indexed.
        }
      }
      for (const method of methods) known.add(method);
    });

    app.setNotFoundHandler((request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      // Pages of the SPA share paths with API calls of other methods (GET /auth/login is a
      // screen, POST /auth/login/ signs in), so a browser asking for HTML gets the app first.
      const isApi = API_PREFIXES.some(
        (prefix) => pathname === prefix.replace(/\/$/, '') || pathname.startsWith(prefix),
      );
      const wantsPage =
        !isApi &&
        (request.method === 'GET' || request.method === 'HEAD') &&
        request.headers.accept?.includes('text/html') === true;
      if (wantsPage && options.spaFallback?.(request, reply)) return reply;

      const match = index.find('GET', pathname);
      const url = (match?.store as { url?: string } | undefined)?.url;
      const allowed = url ? methodsByPath.get(url) : undefined;
      if (allowed && !allowed.has(request.method as HTTPMethods)) {
        reply.header('allow', [...allowed].sort().join(', '));
        return sendEnvelope(request, reply, 405, 'client_error', [
          { code: 'method_not_allowed', attr: null, params: { method: request.method } },
        ]);
      }
      return sendEnvelope(request, reply, 404, 'client_error', [{ code: 'not_found', attr: null }]);
    });
  },
  { name: 'not-found', dependencies: ['errors'] },
);

/**
 * Fastify's `frameworkErrors`: what the router refuses before any route or hook runs, answered
 * as the envelope instead of Fastify's own body. A path parameter longer than the router's
 * `maxParamLength` names nothing that exists (ids and slugs are far shorter): `not_found`. A path
 * whose percent-encoding does not decode: `invalid`.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  // No onRequest hook has run, so the language is read here.
  request.language = negotiateLanguage(request.headers['accept-language']);
  reply.header('x-request-id', request.id);
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    sendEnvelope(request, reply, 404, 'client_error', [{ code: 'not_found', attr: null }]);
  } else if (error.code === 'FST_ERR_BAD_URL') {
    sendEnvelope(request, reply, 400, 'client_error', [{ code: 'invalid', attr: null }]);
  } else {
    request.log.error({ err: error }, 'router error');
    sendEnvelope(request, reply, 500, 'server_error', [{ code: 'server_error', attr: null }]);
  }
}
