import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client';
import { isSeeded, seedDatabase } from '../src/db/seed/seed';
import { categories } from '../src/db/schema/catalog';
import { MIGRATIONS_DIR } from '../src/paths';

const journal = JSON.parse(
  readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8'),
) as { entries: unknown[] };

/** Several processes may start together: each opens its own connection and migrates. */
async function openFreshDatabases(
  count: number,
): Promise<{ handles: Database[]; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    // PGlite is one process per folder: the same handle stands in for every "process".
    const database = await openDatabase({ dataDir: os.tmpdir(), inMemory: true });
    return { handles: Array.from({ length: count }, () => database), drop: () => database.close() };
  }
  const name = `hafla_migrate_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handles = await Promise.all(
    Array.from({ length: count }, () =>
      openDatabase({ databaseUrl: url.toString(), dataDir: os.tmpdir(), poolMax: 2 }),
    ),
  );
  return {
    handles,
    async drop() {
      await Promise.all(handles.map((handle) => handle.close()));
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

describe('starting several processes at once', () => {
  it('migrates once and seeds idempotently', async () => {
    const { handles, drop } = await openFreshDatabases(3);
    try {
      await Promise.all(handles.map((handle) => handle.migrate()));
      const first = handles[0]!;
      // Both drivers answer { rows }; Drizzle types the two differently.
      const applied = (await first.db.execute(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      )) as unknown as {
        rows: Array<{ n: number }>;
      };
      expect(applied.rows[0]?.n).toBe(journal.entries.length);

      expect(await isSeeded(first.db)).toBe(false);
      await seedDatabase(first.db, { demo: true });
      await seedDatabase(first.db, { demo: true });
      expect(await isSeeded(first.db)).toBe(true);
      const rows = await first.db.select().from(categories);
      expect(rows).toHaveLength(8);
    } finally {
      await drop();
    }
    // Three migrations and two demo seeds (covers, bookings): seconds alone, far more when
    // the machine is busy with the rest of the suite.
  }, 90_000);
});
