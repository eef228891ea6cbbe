import { eq } from 'drizzle-orm';
import type { Db } from '../client';
import { seedDemoAccounts } from './demo-accounts';
import {
  appSettings,
  categories,
  configurationPages,
  eventTypes,
  faqEntries,
} from '../schema/catalog';
import {
  seedCategories,
  seedConfigurationPages,
  seedEventTypes,
  seedFaq,
  seedHomeSections,
  seedPlatformSettings,
} from './catalog-data';

export const SEED_MARKER = 'seed_version';
const SEED_VERSION = 2;

/** Whether the database has never been seeded (npm start seeds only then). */
export async function isSeeded(db: Db): Promise<boolean> {
  const rows = await db.select().from(appSettings).where(eq(appSettings.key, SEED_MARKER)).limit(1);
  return rows.length > 0;
}

/**
 * Inserts the platform content, and the demo data when asked. Idempotent: rows are keyed by slug (or, for FAQ, by the
 * English question), so running it twice changes nothing and never duplicates.
 */
export async function seedDatabase(db: Db, options: { demo: boolean }): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(categories)
      .values(seedCategories.map((row, index) => ({ ...row, position: index + 1 })))
      .onConflictDoNothing({ target: categories.slug });
    await tx
      .insert(eventTypes)
      .values(seedEventTypes.map((row, index) => ({ ...row, position: index + 1 })))
      .onConflictDoNothing({ target: eventTypes.slug });
    await tx
      .insert(configurationPages)
      .values(seedConfigurationPages)
      .onConflictDoNothing({ target: configurationPages.slug });

    const existingFaq = new Set(
      (await tx.select({ q: faqEntries.question_en }).from(faqEntries)).map((r) => r.q),
    );
    const newFaq = seedFaq
      .map((row, index) => ({ ...row, position: index + 1 }))
      .filter((row) => !existingFaq.has(row.question_en));
    if (newFaq.length > 0) await tx.insert(faqEntries).values(newFaq);

    await tx
      .insert(appSettings)
      .values([
        { key: 'home-page-config', value: seedHomeSections },
        { key: 'platform', value: seedPlatformSettings },
        { key: SEED_MARKER, value: SEED_VERSION },
      ])
      .onConflictDoNothing({ target: appSettings.key });
  });
  // Demo accounts (and, as features arrive, their demo data) for trying Hafla out.
  if (options.demo) await seedDemoAccounts(db);
}
