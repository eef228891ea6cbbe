import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { Server } from 'socket.io';
import { createAdapter } from '@socket.io/postgres-adapter';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adapterOptions } from '../src/plugins/realtime';
import { createScratchDatabase, type ScratchDatabase } from './harness';

/**
 * The adapter as the API configures it carries every message between processes, whatever its
 * size: below PostgreSQL's NOTIFY limit in the notification itself, at and above it through the
 * attachments table. Two socket.io servers on one database stand for two API processes.
 */

const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) {
  throw new Error(
    'The realtime adapter test needs PostgreSQL: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test)',
  );
}

let scratch: ScratchDatabase;
let pool: pg.Pool;
const servers: Server[] = [];
const adapterErrors: unknown[] = [];
const log = {
  warn: (context: { err: unknown }) => adapterErrors.push(context.err),
} as unknown as FastifyBaseLogger;

const serverOnTheDatabase = () => {
  const server = new Server({ adapter: createAdapter(pool, adapterOptions(log)) });
  servers.push(server);
  return server;
};

beforeAll(async () => {
  scratch = await createScratchDatabase(adminUrl);
  pool = new pg.Pool({ connectionString: scratch.url, max: 4 });
  // An idle connection that breaks counts against the test instead of ending the run.
  pool.on('error', (error) => adapterErrors.push(error));
}, 90_000);

afterAll(async () => {
  // The servers have no HTTP server to close: their adapters let go of the database.
  await Promise.all(servers.map((server) => server.of('/').adapter.close()));
  await pool?.end();
  await scratch?.drop();
}, 30_000);

describe('messages between API processes (@socket.io/postgres-adapter)', () => {
  it('arrive at every size around the NOTIFY limit of 8000 bytes, the limit itself included', async () => {
    const sender = serverOnTheDatabase();
    const receiver = serverOnTheDatabase();
    const received = new Set<number>();
    receiver.on('probe', (length: number) => received.add(length));
    // Both have listened once a message from one reaches the other.
    await expect
      .poll(
        () => {
          sender.serverSideEmit('probe', 0);
          return received.has(0);
        },
        { timeout: 10_000 },
      )
      .toBe(true);

    // The adapter's JSON message around the padding is about 60 bytes: these sizes cross 8000.
    const lengths = Array.from({ length: 160 }, (_, index) => 7_860 + index);
    for (const length of lengths) sender.serverSideEmit('probe', length, 'x'.repeat(length));
    await expect
      .poll(() => lengths.filter((length) => !received.has(length)), { timeout: 15_000 })
      .toEqual([]);
    expect(adapterErrors).toEqual([]);
  });
});
