import type { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from './client';

/**
 * A transaction whose statements are sent without waiting for each other's answers. On
 * PostgreSQL, everything queued in one tick goes out in one write on one connection (pg's
 * pipeline mode, each statement with its own Sync, so a failure is reported where it happened
 * and leaves the transaction aborted for the ones behind it); the server runs them in order. On
 * this machine a round trip costs the API far more than a statement costs PostgreSQL, and a
 * booking needs two (decision 0005). PGlite, one connection in this process, runs the same
 * statements one after the other.
 */
export interface Pipeline {
  /**
   * Queues a statement and answers its rows. `name` makes it a prepared statement on each
   * connection (its text must then never change); the values are bound, never spliced in.
   */
  query<R>(statement: Statement, values?: unknown[]): Promise<R[]>;
  /**
   * Queues a statement written with drizzle's `sql`; `prepare` makes it a prepared statement
   * named after its text (for statements of a few fixed shapes whose planning costs more than
   * their run).
   */
  sql<R>(query: SQL, options?: { prepare?: boolean }): Promise<R[]>;
  /**
   * Queues the COMMIT behind everything queued so far: it settles once the server has
   * committed, and rejects when the transaction rolled back instead (a statement before it
   * failed).
   */
  commit(): Promise<void>;
}

export interface Statement {
  /** A prepared statement's name, unique across the process. */
  name?: string;
  text: string;
}

/** COMMIT found the transaction aborted by an earlier statement, and rolled it back. */
export class RolledBack extends Error {
  override name = 'RolledBack';
}

const ignore = () => undefined;

const dialect = new PgDialect();

/** Names given to statements prepared by their text; bounded, past it they go unprepared. */
const preparedTexts = new Map<string, string>();
const MAX_PREPARED_TEXTS = 256;

/** A drizzle `sql` statement as text and values, named when it is to be prepared. */
export function compile(query: SQL, options?: { prepare?: boolean }): [Statement, unknown[]] {
  const { sql: text, params } = dialect.sqlToQuery(query);
  if (!options?.prepare) return [{ text }, params];
  let name = preparedTexts.get(text);
  if (name === undefined && preparedTexts.size < MAX_PREPARED_TEXTS) {
    name = `by_text_${preparedTexts.size}`;
    preparedTexts.set(text, name);
  }
  return [{ name, text }, params];
}

type Client = pg.Pool | PGlite;

const clientOf = (db: Db) => (db as unknown as { $client: Client }).$client;

/**
 * One statement on its own (a transaction of one): a single round trip, prepared once per
 * connection on PostgreSQL when `statement.name` is set.
 */
export async function queryOnce<R>(
  db: Db,
  statement: Statement,
  values: unknown[] = [],
): Promise<R[]> {
  const client = clientOf(db);
  if (client instanceof pg.Pool) {
    const result = await client.query({ name: statement.name, text: statement.text, values });
    return result.rows as R[];
  }
  return (await client.query<R>(statement.text, values)).rows;
}

/**
 * Runs `work` in a transaction on one connection. It commits only through `tx.commit()`; when
 * `work` answers without committing, or throws, the transaction rolls back. Every statement
 * queued has been answered before the connection goes back to the pool.
 */
export async function inPipeline<T>(db: Db, work: (tx: Pipeline) => Promise<T>): Promise<T> {
  const client = clientOf(db);
  return client instanceof pg.Pool ? onPostgres(client, work) : onPglite(client, work);
}

async function onPostgres<T>(pool: pg.Pool, work: (tx: Pipeline) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  // Pipeline mode for this checkout only: the pool's other users keep one query at a time.
  const mode = client as unknown as { pipeline: boolean };
  mode.pipeline = true;
  const stream = client.connection.stream;
  const sent: Array<Promise<unknown>> = [];
  let corked = false;
  let broken = false;
  let ended = false;
  const send = (config: pg.QueryConfig) => {
    // Statements queued in the same tick leave in one write.
    if (!corked) {
      corked = true;
      stream.cork();
      process.nextTick(() => {
        corked = false;
        stream.uncork();
      });
    }
    const result = client.query(config);
    const settled = result.then(ignore, (error: unknown) => {
      // A server's refusal leaves the connection usable; anything else (a lost socket) does not.
      if (!(error instanceof pg.DatabaseError)) broken = true;
    });
    sent.push(settled);
    return result;
  };
  send({ text: 'begin' });
  const tx: Pipeline = {
    query: <R>(statement: Statement, values: unknown[] = []) => {
      const rows = send({ name: statement.name, text: statement.text, values }).then(
        (result) => result.rows as R[],
      );
      rows.catch(ignore);
      return rows;
    },
    sql: (query, options) => tx.query(...compile(query, options)),
    commit: () => {
      ended = true;
      const committed = send({ text: 'commit' }).then((result) => {
        if (result.command !== 'COMMIT') throw new RolledBack('the transaction rolled back');
      });
      committed.catch(ignore);
      return committed;
    },
  };
  try {
    return await work(tx);
  } finally {
    if (!ended) send({ text: 'rollback' });
    await Promise.all(sent);
    mode.pipeline = false;
    client.release(broken);
  }
}

async function onPglite<T>(client: PGlite, work: (tx: Pipeline) => Promise<T>): Promise<T> {
  return client.transaction(async (pglite) => {
    let last: Promise<unknown> = Promise.resolve();
    let failed = false;
    let committing = false;
    const queue = <R>(run: () => Promise<R>) => {
      const result = last.then(run);
      last = result.then(ignore, () => {
        failed = true;
      });
      result.catch(ignore);
      return result;
    };
    const tx: Pipeline = {
      query: <R>(statement: Statement, values: unknown[] = []) =>
        queue(async () => (await pglite.query<R>(statement.text, values)).rows),
      sql: (query, options) => tx.query(...compile(query, options)),
      // PGlite's own transaction commits once `work` answers; this only reports the outcome.
      commit: () => {
        committing = true;
        return queue(async () => {
          if (failed) throw new RolledBack('the transaction rolled back');
        });
      },
    };
    try {
      const answer = await work(tx);
      await last;
      if (!committing || failed) await pglite.rollback();
      return answer;
    } catch (error) {
      await last;
      throw error;
    }
  });
}
