import { describe, expect, it } from 'vitest';
import { directionOf, languageOfCookieHeader, negotiateLanguage } from './i18n';

describe('negotiateLanguage', () => {
  it('picks the best supported language by q-value and order', () => {
    expect(negotiateLanguage('ar')).toBe('ar');
    expect(negotiateLanguage('ar-SA,ar;q=0.9')).toBe('ar');
    expect(negotiateLanguage('fr-FR,fr;q=0.9,ar;q=0.8,en;q=0.7')).toBe('ar');
    expect(negotiateLanguage('en;q=0.2, ar;q=0.9')).toBe('ar');
    expect(negotiateLanguage('AR')).toBe('ar');
  });

  it('falls back to English for anything else', () => {
    for (const header of [undefined, null, '', 'fr', '*', 'ar;q=0', ';;;', 'ar;q=abc']) {
      expect(negotiateLanguage(header), String(header)).toBe('en');
    }
  });

  it('gives Arabic the right-to-left direction', () => {
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('en')).toBe('ltr');
  });
});

describe('languageOfCookieHeader', () => {
  it("reads the app's language cookie among others, and falls back to the default", () => {
    expect(languageOfCookieHeader('a=1; hafla_language=ar; b=2')).toBe('ar');
    expect(languageOfCookieHeader('hafla_language=en')).toBe('en');
    expect(languageOfCookieHeader('hafla_language=fr')).toBe('en');
    expect(languageOfCookieHeader('language=ar')).toBe('en');
    expect(languageOfCookieHeader(undefined)).toBe('en');
  });
});
