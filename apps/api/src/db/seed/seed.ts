import { eq } from 'drizzle-orm';
import type { FileStorage } from '../../lib/storage';
import type { Db } from '../client';
import { seedDemoAccounts } from './demo-accounts';
import { seedDemoBookings } from './demo-bookings';
import { seedDemoEvents } from './demo-events';
import { seedDemoSeatChart } from './demo-seat-chart';
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
// Raised when the seed gains content: a database seeded by an older version is seeded again
// (every step is idempotent), so existing installations get the new content on their next start.
const SEED_VERSION = 5;

/** Whether the database was seeded by this version or a later one (npm start seeds otherwise). */
export async function isSeeded(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, SEED_MARKER))
    .limit(1);
  return typeof row?.value === 'number' && row.value >= SEED_VERSION;
}

export interface SeedOptions {
  /** Also the demo accounts, organizers and events. */
  demo: boolean;
  /** Where demo event covers are stored; without it the demo events have no cover. */
  storage?: FileStorage;
  /** The seed's "now" (demo dates are relative to it). */
  now?: Date;
}

/**
 * Inserts the platform content, and the demo data when asked. Idempotent: rows are keyed by slug (or, for FAQ, by the
 * English question), so running it twice changes nothing and never duplicates.
 */
export async function seedDatabase(db: Db, options: SeedOptions): Promise<void> {
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
      ])
      .onConflictDoNothing({ target: appSettings.key });
  });
  // Demo accounts, organizers and events for trying Hafla out.
  if (options.demo) {
    await seedDemoAccounts(db);
    await seedDemoEvents(db, { storage: options.storage, now: options.now });
    await seedDemoSeatChart(db, options.now ?? new Date());
    await seedDemoBookings(db, options.now ?? new Date());
  }
  // Last, so a seed cut short runs again on the next start.
  await db
    .insert(appSettings)
    .values({ key: SEED_MARKER, value: SEED_VERSION })
    .onConflictDoUpdate({
      target: appSettings.key,
      set: { value: SEED_VERSION, updated_at: new Date() },
    });
}
