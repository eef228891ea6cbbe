import { z } from 'zod';

/**
 * The platform settings admins edit (app_settings `platform`). Money amounts are whole units of
 * a currency, as the withdrawal minimum always was.
 */
export const PlatformSettingsFields = {
  /** The platform's cut of each paid ticket, in percent (two decimals at most). */
  platform_fee_percent: z.number().min(0).max(50).multipleOf(0.01),
  /** A fixed part of the platform's cut, in minor units. */
  platform_fee_fixed: z.number().int().min(0).max(100_000),
  /** Days after a slot ends before its earnings can be withdrawn. */
  payout_hold_days: z.number().int().min(0).max(90),
  /** The smallest withdrawal, in whole units of its currency. */
  withdrawal_minimum: z.number().int().min(1).max(1_000_000),
  /** Above this amount (whole units) a withdrawal needs the approval of two different admins. */
  withdrawal_second_approval_above: z.number().int().min(0).max(100_000_000),
  /** Events one organizer may publish in a calendar month. */
  events_published_per_month: z.number().int().min(1).max(1000),
  /** Minutes an unpaid booking holds its tickets. */
  hold_minutes: z.number().int().min(1).max(60),
  /**
   * What one whole unit of each currency is worth in the platform's default currency (four
   * decimals at most), for the price filter across currencies. Sent whole: a currency left out
   * has no rate, and its events are not compared with prices typed in another currency.
   */
  exchange_rates: z.record(
    z.string().regex(/^[A-Z]{3}$/),
    z.number().positive().max(1_000_000).multipleOf(0.0001),
  ),
};

export const AdminPlatformSettings = z.object(PlatformSettingsFields);
export type AdminPlatformSettings = z.infer<typeof AdminPlatformSettings>;

/** PATCH /api/v1/admin/app_config/platform/ — only these fields; any other is refused. */
export const PlatformSettingsPatch = z.strictObject(AdminPlatformSettings.partial().shape);
export type PlatformSettingsPatch = z.infer<typeof PlatformSettingsPatch>;
