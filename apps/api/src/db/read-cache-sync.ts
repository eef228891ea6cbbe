import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './client';
import { PgListener } from './listener';
import { ALL, ReadCache } from '../lib/read-cache';

/** The channel the triggers of migration 0011 notify on, in the changing transaction. */
export const READ_CHANNEL = 'hafla_read';

/**
 * Tags of one notice. The payload names what changed: `e:<event id>` (an event, its slots or
 * ticket categories), `o:<user id>` (an organizer's name, avatar, bio or followers),
 * `r:<user id>` (the ratings of an organizer's events, which only their profile shows), `*`
 * (catalog content: categories, event types, home sections, pages). Anything else drops all.
 */
export function tagsOfNotice(payload: string): string[] {
  const tags: string[] = [];
  for (const part of payload.split(',')) {
    const token = part.trim();
    if (token.startsWith('e:') && /^\d+$/.test(token.slice(2)))
      tags.push(`event:${token.slice(2)}`, 'lists');
    else if (token.startsWith('o:') && token.length > 2)
      tags.push(`organizer:${token.slice(2)}`, 'lists');
    else if (token.startsWith('r:') && token.length > 2) tags.push(`ratings:${token.slice(2)}`);
    else tags.push(ALL);
  }
  return tags;
}

export interface ReadCacheSyncOptions {
  database: Database;
  databaseUrl: string | undefined;
  enabled: boolean;
  maxEntries: number;
  log: FastifyBaseLogger;
}

/**
 * This process's read cache, kept in step with every process's changes. On PostgreSQL a LISTEN
 * connection of its own: each lookup first makes a round trip on it (so every change committed
 * before the request has been heard), and a lost connection drops the whole cache when it comes
 * back (notices sent meanwhile are lost); while it is down, reads are computed. On PGlite (one
 * process) PGlite's own LISTEN, which hears each commit before the committing query returns.
 */
export async function startReadCache({
  database,
  databaseUrl,
  enabled,
  maxEntries,
  log,
}: ReadCacheSyncOptions): Promise<{ cache: ReadCache; close(): Promise<void> }> {
  if (!enabled) return { cache: new ReadCache({ enabled: false }), close: async () => undefined };

  if (database.kind === 'pglite') {
    const cache = new ReadCache({ enabled: true, maxEntries });
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const unlisten = await client.listen(READ_CHANNEL, (payload) =>
      cache.invalidate(tagsOfNotice(payload)),
    );
    return {
      cache,
      async close() {
        if (!client.closed) await unlisten();
      },
    };
  }

  if (!databaseUrl) throw new Error('the read cache on PostgreSQL needs its URL');
  let listener: PgListener | null = null;
  const cache = new ReadCache({
    enabled: true,
    maxEntries,
    barrier: () => listener?.roundTrip() ?? Promise.resolve(false),
  });
  listener = new PgListener({
    connectionString: databaseUrl,
    channels: [READ_CHANNEL],
    onNotification: (_channel, payload) => cache.invalidate(tagsOfNotice(payload)),
    // Whatever changed while no connection listened is unknown: everything goes.
    onConnect: async () => cache.clear(),
    log,
  });
  if (!(await listener.start())) {
    log.warn('read cache: not listening yet; reads are computed until the connection is back');
  }
  return {
    cache,
    async close() {
      await listener?.close();
    },
  };
}
