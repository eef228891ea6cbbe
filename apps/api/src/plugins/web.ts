import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

export interface WebOptions {
  root: string;
}

export function hasWebBuild(root: string): boolean {
  return existsSync(path.join(root, 'index.html'));
}

/** Sends the SPA shell; the browser must revalidate it so a deploy is picked up at once. */
export function sendSpaIndex(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', 'no-cache').sendFile('index.html');
}

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated.
 * Unknown non-API paths fall back to index.html through the not-found handler.
 */
export const webPlugin = fp<WebOptions>(
  async (app, { root }) => {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The build writes .br and .gz next to every text file; send them to clients that accept them.
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, filePath) {
        const isHashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', isHashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    app.get('/', { schema: { hide: true } }, (_request, reply) => sendSpaIndex(reply));
  },
  { name: 'web' },
);
