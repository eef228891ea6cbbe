import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../paths';
import { schema, type Schema } from './schema';

/** One query surface for both engines: services never know which one they run on. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** The handle inside `db.transaction(...)`: every statement on it is part of that transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'postgres' | 'pglite';
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * Told of every lost or refused connection the pool itself recovers from (PostgreSQL restarted,
   * failed over, or ended a backend): logged by the app; the caller of the query gets its error.
   */
  onConnectionError: (error: Error) => void;
}

// Any fixed number works; it only has to be the same in every process.
const MIGRATION_LOCK = 727_001;

export interface OpenOptions {
  databaseUrl?: string;
  dataDir: string;
  poolMax?: number;
  /** A PGlite data directory dump to start from (tests clone one migrated database). */
  loadDataDir?: Blob;
  /** Keep PGlite in memory instead of under dataDir (tests). */
  inMemory?: boolean;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  const database = options.databaseUrl
    ? await openPostgres(options.databaseUrl, options.poolMax ?? 10)
    : await openPglite(options);
  // Callers in one process share one run; across processes the advisory lock takes over.
  let migrating: Promise<void> | null = null;
  const migrateOnce = database.migrate;
  database.migrate = () =>
    (migrating ??= migrateOnce().catch((error: unknown) => {
      // A failed run (the database was away) may be tried again.
      migrating = null;
      throw error;
    }));
  return database;
}

async function openPostgres(connectionString: string, max: number): Promise<Database> {
  const pool = new pg.Pool({
    connectionString,
    max,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 5_000,
    keepAlive: true,
    application_name: 'hafla-api',
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const database: Database = {
    db,
    kind: 'postgres',
    onConnectionError: () => undefined,
    async migrate() {
      // Several processes may start at once; the advisory lock lets one migrate at a time.
      const lock = await pool.connect();
      try {
        await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migratePg(drizzlePg(pool), { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
        lock.release();
      }
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
  watchConnections(pool, (error) => database.onConnectionError(error));
  return database;
}

/**
 * A connection can be lost while idle in the pool or while checked out (mid-transaction, or held
 * for LISTEN): node-postgres then emits `error` on the pool or on the client, and an `error` with
 * no listener ends the process. The pool drops a broken client when it is released; the query
 * that was running rejects and its caller answers 503.
 */
export function watchConnections(pool: pg.Pool, onError: (error: Error) => void): void {
  pool.on('error', onError);
  pool.on('connect', (client) => client.on('error', onError));
}

async function openPglite(options: OpenOptions): Promise<Database> {
  let dataDir: string | undefined;
  if (!options.inMemory) {
    dataDir = path.join(options.dataDir, 'pglite');
    mkdirSync(dataDir, { recursive: true });
  }
  const client = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    onConnectionError: () => undefined,
    async migrate() {
      await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR });
    },
    async ping() {
      await client.query('select 1');
    },
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

/** The PGlite client behind a Database, for dumping a migrated template in tests. */
export async function dumpPglite(database: Database): Promise<Blob> {
  const client = (database.db as unknown as { $client: PGlite }).$client;
  return client.dumpDataDir('none');
}
