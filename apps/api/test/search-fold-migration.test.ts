import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../src/paths';

interface Journal {
  entries: Array<{ tag: string }>;
}

/**
 * Migration 0018 folds ؤ and ئ in hafla_fold_search_text: events written before it must be
 * found by the folded words afterwards, so it recomputes their search documents.
 */
describe('migration 0018 (hamza seats in search)', () => {
  it('recomputes the search documents of events stored before it', async () => {
    const journal = JSON.parse(
      readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8'),
    ) as Journal;
    const upTo = journal.entries.findIndex((entry) => entry.tag === '0018_search_hamza_seats');
    expect(upTo).toBeGreaterThan(0);
    // The migrations before 0018, in a folder of their own.
    const before = mkdtempSync(path.join(os.tmpdir(), 'hafla-migrations-'));
    const client = await PGlite.create();
    try {
      cpSync(MIGRATIONS_DIR, before, { recursive: true });
      writeFileSync(
        path.join(before, 'meta', '_journal.json'),
        JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo) }),
      );
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: before });

      await client.exec(`
        INSERT INTO categories (slug, name_en, name_ar) VALUES ('fold-test', 'Fold', 'طي');
        INSERT INTO event_types (slug, name_en, name_ar) VALUES ('fold-test', 'Fold', 'طي');
        INSERT INTO users (email, password_hash, organization_name)
          VALUES ('fold@example.com', 'x', 'هيئة المؤتمرات');
        INSERT INTO events (organizer_id, title, category_id, event_type_id, timezone, currency)
          SELECT u.id, 'مؤتمر الرئيس', c.id, t.id, 'Asia/Riyadh', 'SAR'
          FROM users u, categories c, event_types t
          WHERE u.email = 'fold@example.com' AND c.slug = 'fold-test' AND t.slug = 'fold-test';
      `);
      const found = async (text: string) =>
        (
          await client.query<{ n: number }>(
            'SELECT count(*)::int AS n FROM events WHERE search_document @@ hafla_search_query($1)',
            [text],
          )
        ).rows[0]!.n;
      // Before: the seats are kept, so only the written form finds the event.
      expect(await found('مؤتمر')).toBe(1);
      expect(await found('موتمر')).toBe(0);

      await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
      for (const text of ['موتمر', 'مؤتمر', 'رييس', 'الرئيس', 'هييه', 'موتمرات']) {
        expect(await found(text), text).toBe(1);
      }
    } finally {
      await client.close();
      rmSync(before, { recursive: true, force: true });
    }
  }, 60_000);
});
