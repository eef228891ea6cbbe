import { timeZoneLabel } from '@hafla/shared/common/time-zone-names';

// Apart from lib/format.ts: the zone names (cities and countries in two languages) are for the
// pages that show a slot's zone, not for every card on the home page's first load.

/**
 * "Riyadh time (GMT+3)" / "توقيت الرياض (غرينتش+3)": a zone as people read it, with its offset at
 * `at` (a slot's start), never the raw IANA name.
 */
export function formatTimeZone(timeZone: string, language: string, at?: string | Date): string {
  const instant = at === undefined ? new Date() : new Date(at);
  return timeZoneLabel(timeZone, language === 'ar' ? 'ar' : 'en', instant);
}
