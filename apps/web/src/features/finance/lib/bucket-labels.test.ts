import { describe, expect, it } from 'vitest';
import { bucketAxisLabel, bucketFullLabel } from './bucket-labels';

const LOCALES = { en: 'en', ar: 'ar-u-nu-latn' } as const;

describe('chart bucket labels', () => {
  it('names a day by its date, with the weekday and year in full', () => {
    const day = { start: '2026-12-05', end: '2026-12-05' };
    expect(bucketAxisLabel(day, 'day', LOCALES.en)).toBe('Dec 5');
    expect(bucketFullLabel(day, 'day', LOCALES.en)).toBe('Sat, Dec 5, 2026');
  });

  it('names a week by its first and last day, writing a shared month once', () => {
    expect(bucketAxisLabel({ start: '2026-12-05', end: '2026-12-11' }, 'week', LOCALES.en)).toMatch(
      /^Dec 5\s*–\s*11$/,
    );
    expect(bucketFullLabel({ start: '2026-11-28', end: '2026-12-04' }, 'week', LOCALES.en)).toMatch(
      /^Nov 28\s*–\s*Dec 4, 2026$/,
    );
    expect(bucketAxisLabel({ start: '2026-12-05', end: '2026-12-11' }, 'week', LOCALES.ar)).toMatch(
      /^5\s*–\s*11 ديسمبر$/,
    );
  });

  it('names a week clipped to one day by that day', () => {
    expect(bucketAxisLabel({ start: '2026-12-05', end: '2026-12-05' }, 'week', LOCALES.en)).toBe(
      'Dec 5',
    );
  });

  it('names a month by its name and year', () => {
    const month = { start: '2026-12-01', end: '2026-12-31' };
    expect(bucketAxisLabel(month, 'month', LOCALES.en)).toBe('Dec 2026');
    expect(bucketFullLabel(month, 'month', LOCALES.en)).toBe('December 2026');
  });

  it('writes Arabic month names with Latin digits, whatever the machine’s time zone', () => {
    const label = bucketAxisLabel({ start: '2026-12-05', end: '2026-12-05' }, 'day', LOCALES.ar);
    expect(label).toContain('5');
    expect(label).toContain('ديسمبر');
    expect(label).not.toMatch(/[٠-٩]/);
    expect(bucketFullLabel({ start: '2026-01-01', end: '2026-01-31' }, 'month', LOCALES.ar)).toBe(
      'يناير 2026',
    );
  });
});
