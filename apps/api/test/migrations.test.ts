import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client';
import { isSeeded, seedDatabase } from '../src/db/seed/seed';
import { categories } from '../src/db/schema/catalog';
import { MIGRATIONS_DIR } from '../src/paths';
import { createScratchDatabaseUrl } from './scratch-database';

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
  const scratch = await createScratchDatabaseUrl(
    adminUrl,
    inject('scratchDatabasePrefix'),
    'migrate',
  );
  const handles = await Promise.all(
    Array.from({ length: count }, () =>
      openDatabase({ databaseUrl: scratch.url, dataDir: os.tmpdir(), poolMax: 2 }),
    ),
  );
  return {
    handles,
    async drop() {
      try {
        await Promise.all(handles.map((handle) => handle.close()));
      } finally {
        await scratch.drop();
      }
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
