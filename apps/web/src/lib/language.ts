import {
  DEFAULT_LANGUAGE,
  directionOf,
  isLanguage,
  LANGUAGE_COOKIE,
} from '@hafla/shared/common/i18n';
import type { Language } from '@hafla/shared/common/i18n';

export const LANGUAGE_STORAGE_KEY = 'language';

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

function defaultStorage(): KeyValueStorage | null {
  // Reading localStorage throws in some privacy modes; the app then runs in the default language.
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function readStoredLanguage(storage = defaultStorage()): Language {
  try {
    const stored = storage?.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

export function applyDocumentLanguage(
  language: Language,
  root: HTMLElement = document.documentElement,
): void {
  root.lang = language;
  root.dir = directionOf(language);
}

export interface SwitchLanguageOptions {
  storage?: KeyValueStorage | null;
  root?: HTMLElement;
  reload?: () => void;
}

/**
 * PRODUCT.md section 9: store the choice (the API client reads it for Accept-Language), set
 * lang/dir, then reload so every text, cached answer and font comes back in the new locale.
 */
export function switchLanguage(language: Language, options: SwitchLanguageOptions = {}): void {
  const { storage = defaultStorage(), root, reload = () => window.location.reload() } = options;
  try {
    storage?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Without storage the reload would come back in the default language; nothing else to do.
  }
  rememberLanguageForServer(language, root?.ownerDocument);
  applyDocumentLanguage(language, root);
  reload();
}

export function otherLanguage(language: Language): Language {
  return language === 'ar' ? 'en' : 'ar';
}

/**
 * Mirrors the language in a cookie the server reads (decision 0026), so the first screen it
 * renders is in the language this app will show; a year, like the stored choice itself.
 */
export function rememberLanguageForServer(language: Language, doc: Document = document): void {
  doc.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; samesite=lax`;
}
