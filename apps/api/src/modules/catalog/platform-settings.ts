import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appSettings } from '../../db/schema/catalog';
import { seedPlatformSettings } from '../../db/seed/catalog-data';

export type PlatformSettings = typeof seedPlatformSettings;

/** The settings stored under app_settings `platform` (or none), over the shipped defaults. */
export function platformSettingsOf(stored: unknown): PlatformSettings {
  return { ...seedPlatformSettings, ...(stored as Partial<PlatformSettings> | null | undefined) };
}

/** The platform settings admins edit (app_settings `platform`), over the shipped defaults. */
export async function readPlatformSettings(db: Db): Promise<PlatformSettings> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, 'platform'))
    .limit(1);
  return platformSettingsOf(row?.value);
}
