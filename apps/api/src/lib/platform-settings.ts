import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appSettings } from '../db/schema/catalog';
import { seedPlatformSettings } from '../db/seed/catalog-data';

export type PlatformSettings = typeof seedPlatformSettings;

/** The platform settings admins edit (app_settings `platform`), over the shipped defaults. */
export async function readPlatformSettings(db: Db): Promise<PlatformSettings> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, 'platform'))
    .limit(1);
  return { ...seedPlatformSettings, ...(row?.value as Partial<PlatformSettings> | undefined) };
}
