import { describe, expect, it, vi } from 'vitest';
import {
  applyDocumentLanguage,
  LANGUAGE_STORAGE_KEY,
  readStoredLanguage,
  switchLanguage,
} from './language';

describe('readStoredLanguage', () => {
  it('defaults to English', () => {
    expect(readStoredLanguage()).toBe('en');
  });

  it('ignores a language the app does not support', () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'fr');
    expect(readStoredLanguage()).toBe('en');
  });

  it('returns the stored choice', () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'ar');
    expect(readStoredLanguage()).toBe('ar');
  });
});

describe('switchLanguage', () => {
  it('stores the choice, tells the server, sets lang and dir, then reloads', () => {
    const reload = vi.fn();

    switchLanguage('ar', { reload });

    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ar');
    // The reloaded page's first screen is rendered by the server in the new language.
    expect(document.cookie).toContain('hafla_language=ar');
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(reload).toHaveBeenCalledOnce();
  });

  it('sets ltr for English', () => {
    applyDocumentLanguage('ar');
    switchLanguage('en', { reload: () => {} });
    expect(document.documentElement.dir).toBe('ltr');
    expect(document.documentElement.lang).toBe('en');
  });
});
