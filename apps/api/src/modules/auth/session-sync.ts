import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { PgListener } from '../../db/listener';
import { parseSessionChange, type SessionState } from '../../lib/session-state';
import { loadSessionChanges, SESSIONS_CHANNEL } from './session-changes';

export interface SessionSyncOptions {
  database: Database;
  /** PostgreSQL's URL, for a LISTEN connection of its own. */
  databaseUrl: string | undefined;
  state: SessionState;
  log: FastifyBaseLogger;
}

const PRUNE_EVERY_MS = 60_000;

/**
 * Keeps this process's SessionState in step with every process's changes (decision 0008): it
 * loads the recent ones, then hears each as it commits. On PostgreSQL a dedicated LISTEN
 * connection that reconnects and reloads after every break (what was sent meanwhile is lost);
 * on PGlite, one process, PGlite's own LISTEN, which hears each commit as it happens.
 */
export async function startSessionSync({
  database,
  databaseUrl,
  state,
  log,
}: SessionSyncOptions): Promise<{ close(): Promise<void> }> {
  const hear = (payload: string) => {
    const change = parseSessionChange(payload);
    if (change) state.apply(change);
    else log.warn({ payload }, 'ignored a malformed session change');
  };
  const reload = async () => {
    for (const change of await loadSessionChanges(database.db)) state.apply(change);
  };
  const pruning = setInterval(() => state.prune(Date.now()), PRUNE_EVERY_MS);
  pruning.unref();

  if (database.kind === 'pglite') {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const unlisten = await client.listen(SESSIONS_CHANNEL, hear);
    await reload();
    return {
      async close() {
        clearInterval(pruning);
        if (!client.closed) await unlisten();
      },
    };
  }

  if (!databaseUrl) throw new Error('session sync on PostgreSQL needs its URL');
  const listener = new PgListener({
    connectionString: databaseUrl,
    channels: [SESSIONS_CHANNEL],
    onNotification: (_channel, payload) => hear(payload),
    onConnect: reload,
    log,
  });
  if (!(await listener.start())) {
    log.warn('session changes are not heard yet; the LISTEN connection keeps retrying');
  }
  return {
    async close() {
      clearInterval(pruning);
      await listener.close();
    },
  };
}
