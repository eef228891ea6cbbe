import type { AdminPlatformSettings, PlatformSettingsPatch } from '@hafla/shared/admin/settings';
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { READ_CHANNEL } from '../../db/read-cache-sync';
import { appSettings } from '../../db/schema/catalog';
import { fieldError } from '../../lib/app-error';
import { platformSettingsOf, type PlatformSettings } from '../catalog/platform-settings';
import { recordAudit, type AuditActor } from './audit';

const PLATFORM_KEY = 'platform';

async function findStored(db: Db | Tx, lock = false): Promise<Record<string, unknown> | null> {
  const query = db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, PLATFORM_KEY));
  const [row] = lock ? await query.for('update') : await query;
  return (row?.value as Record<string, unknown> | undefined) ?? null;
}

function editableOf(settings: PlatformSettings): AdminPlatformSettings {
  return {
    platform_fee_percent: settings.platform_fee_percent,
    platform_fee_fixed: settings.platform_fee_fixed,
    payout_hold_days: settings.payout_hold_days,
    withdrawal_minimum: settings.withdrawal_minimum,
    withdrawal_second_approval_above: settings.withdrawal_second_approval_above,
    events_published_per_month: settings.events_published_per_month,
    hold_minutes: settings.hold_minutes,
    exchange_rates: settings.exchange_rates,
  };
}

export async function getPlatformSettings(db: Db): Promise<AdminPlatformSettings> {
  return editableOf(platformSettingsOf(await findStored(db)));
}

/** Changes the given settings (the rest stay), under a row lock, with its audit row. */
export async function updatePlatformSettings(
  db: Db,
  actor: AuditActor,
  patch: PlatformSettingsPatch,
): Promise<AdminPlatformSettings> {
  return db.transaction(async (tx) => {
    const stored = await findStored(tx, true);
    if (patch.exchange_rates) {
      const known = new Set(platformSettingsOf(stored).currencies.map(({ code }) => code));
      const unknown = Object.keys(patch.exchange_rates).find((code) => !known.has(code));
      if (unknown) throw fieldError('currency_not_supported', `exchange_rates.${unknown}`);
    }
    const before = editableOf(platformSettingsOf(stored));
    const next = { ...(stored ?? {}), ...patch };
    await tx
      .insert(appSettings)
      .values({ key: PLATFORM_KEY, value: next })
      .onConflictDoUpdate({
        target: appSettings.key,
        set: { value: next, updated_at: new Date() },
      });
    // Lists filtered by price across currencies were computed with the old rates: the read
    // caches of every process drop what they hold when this commits.
    await tx.execute(sql`select pg_notify(${READ_CHANNEL}, '*')`);
    const after = editableOf(platformSettingsOf(next));
    await recordAudit(tx, actor, {
      action: 'platform_settings.update',
      targetType: 'platform_settings',
      targetId: PLATFORM_KEY,
      before,
      after,
    });
    return after;
  });
}
