import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Throwaway PostgreSQL databases for tests, beside the admin URL's database (TEST_DATABASE_URL).
 *
 * Every name starts with its run's prefix (`hafla_t<run>_`), made once by the run's global setup,
 * so the run's teardown can drop whatever a test left behind — one whose `close` threw or timed
 * out, or a worker that died — without touching another run's databases on the same server.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    scratchDatabasePrefix: string;
  }
}

/** A prefix no other run shares (PostgreSQL names are at most 63 bytes; ours stay near 30). */
export function newRunPrefix(): string {
  return `hafla_t${randomBytes(4).toString('hex')}_`;
}

async function withAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: adminUrl });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export interface ScratchDatabaseUrl {
  url: string;
  /** Drops it even while connections are open (`with (force)`). */
  drop(): Promise<void>;
}

/** Creates `<prefix><label>_<random>` and answers its URL; the caller migrates and seeds. */
export async function createScratchDatabaseUrl(
  adminUrl: string,
  prefix: string,
  label: string,
): Promise<ScratchDatabaseUrl> {
  const name = `${prefix}${label}_${randomBytes(5).toString('hex')}`;
  await withAdmin(adminUrl, (admin) => admin.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await withAdmin(adminUrl, (admin) =>
        admin.query(`drop database if exists ${name} with (force)`),
      );
    },
  };
}

/** Drops every database whose name starts with `prefix`; answers how many there were. */
export async function dropRunDatabases(adminUrl: string, prefix: string): Promise<number> {
  if (!/^hafla_t[0-9a-f]+_$/.test(prefix)) throw new Error(`not a run prefix: ${prefix}`);
  return withAdmin(adminUrl, async (admin) => {
    const { rows } = await admin.query<{ datname: string }>(
      `select datname from pg_database where starts_with(datname, $1)`,
      [prefix],
    );
    for (const { datname } of rows) {
      await admin.query(`drop database if exists ${datname} with (force)`);
    }
    return rows.length;
  });
}

/**
 * A global setup's part for scratch databases: provides the run's prefix and answers the teardown
 * that drops what is left with it (nothing, when every test closed what it opened).
 */
export function provideScratchDatabases(project: {
  provide(key: 'scratchDatabasePrefix', value: string): void;
}): () => Promise<void> {
  const prefix = newRunPrefix();
  project.provide('scratchDatabasePrefix', prefix);
  return async () => {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) return;
    const left = await dropRunDatabases(adminUrl, prefix);
    if (left > 0) console.warn(`dropped ${left} test database(s) a test left behind`);
  };
}
