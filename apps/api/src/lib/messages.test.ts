import { describe, expect, it } from 'vitest';
import { catalogs, translate } from './messages';

describe('error messages', () => {
  it('exist in English and Arabic for every code, with the same placeholders', () => {
    expect(Object.keys(catalogs.ar).sort()).toEqual(Object.keys(catalogs.en).sort());
    for (const [code, text] of Object.entries(catalogs.en)) {
      const placeholders = (value: string) => (value.match(/\{\w+\}/g) ?? []).sort();
      expect(placeholders(catalogs.ar[code]!), code).toEqual(placeholders(text));
    }
  });

  it('fills placeholders and falls back to English, then to invalid', () => {
    expect(translate('ar', 'throttled', { seconds: 30 })).toContain('30');
    expect(translate('en', 'min_length', { minimum: 8 })).toBe(
      'Ensure this value has at least 8 characters.',
    );
    expect(translate('en', 'some_future_code')).toBe('This value is not valid.');
  });
});
