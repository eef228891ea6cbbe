import { describe, expect, it } from 'vitest';
import {
  foldForSearch,
  gmtOffsetText,
  timeZoneCountry,
  timeZoneLabel,
  timeZoneSearchText,
} from './time-zone-names';

const june = new Date('2026-06-15T12:00:00Z');
const january = new Date('2026-01-15T12:00:00Z');

describe('time zones as people read them', () => {
  it('names a mapped zone by its city and offset in both languages', () => {
    expect(timeZoneLabel('Asia/Riyadh', 'en', june)).toBe('Riyadh time (GMT+3)');
    expect(timeZoneLabel('Asia/Riyadh', 'ar', june)).toBe('توقيت الرياض (غرينتش+3)');
    expect(timeZoneLabel('Asia/Qatar', 'en', june)).toBe('Doha time (GMT+3)');
    expect(timeZoneLabel('Africa/Casablanca', 'ar', june)).toContain('توقيت الدار البيضاء');
  });

  it('follows summer time at the instant asked about, and half hours', () => {
    expect(timeZoneLabel('America/New_York', 'en', january)).toBe('New York time (GMT-5)');
    expect(timeZoneLabel('America/New_York', 'en', june)).toBe('New York time (GMT-4)');
    expect(gmtOffsetText('Asia/Kolkata', 'en', june)).toBe('GMT+5:30');
    expect(gmtOffsetText('Europe/London', 'ar', january)).toBe('غرينتش');
  });

  it('never shows a raw IANA name, even for a zone the map does not know', () => {
    for (const language of ['en', 'ar'] as const) {
      for (const zone of ['America/Argentina/Buenos_Aires', 'Pacific/Auckland', 'UTC']) {
        const label = timeZoneLabel(zone, language, june);
        expect(label).not.toContain('/');
        expect(label).not.toContain('_');
      }
    }
    expect(timeZoneLabel('America/Argentina/Buenos_Aires', 'en', june)).toBe(
      'Buenos Aires time (GMT-3)',
    );
    expect(timeZoneLabel('UTC', 'en', june)).toBe('UTC (GMT)');
    expect(timeZoneLabel('UTC', 'ar', june)).toBe('التوقيت العالمي (غرينتش)');
  });

  it('names countries through Intl and finds zones by Arabic city or country names', () => {
    expect(timeZoneCountry('Asia/Riyadh', 'en')).toBe('Saudi Arabia');
    expect(timeZoneCountry('Pacific/Auckland', 'en')).toBeNull();
    const riyadh = timeZoneSearchText('Asia/Riyadh');
    expect(riyadh).toContain(foldForSearch('الرياض'));
    expect(riyadh).toContain(foldForSearch(timeZoneCountry('Asia/Riyadh', 'ar')!));
    // Alef with hamza, taa marbuta and diacritics fold away.
    expect(timeZoneSearchText('Europe/Istanbul')).toContain(foldForSearch('اسطنبول'));
    expect(timeZoneSearchText('Asia/Gaza')).toContain(foldForSearch('غزه'));
    expect(timeZoneSearchText('Asia/Amman')).toContain(foldForSearch('عمان'));
  });
});
