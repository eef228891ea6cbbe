export const LANGUAGES = ['en', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function directionOf(language: Language): 'rtl' | 'ltr' {
  return language === 'ar' ? 'rtl' : 'ltr';
}

/**
 * Picks the first supported language from an Accept-Language header, honouring q-values;
 * anything unsupported falls back to English (PRODUCT.md section 1).
 */
export function negotiateLanguage(header: string | undefined | null): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const qParam = params.find((p) => p.trim().startsWith('q='));
      const q = qParam ? Number(qParam.trim().slice(2)) : 1;
      return { base: tag.trim().toLowerCase().split('-')[0], q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const entry of ranked) {
    if (isLanguage(entry.base)) return entry.base;
  }
  return DEFAULT_LANGUAGE;
}

/**
 * The cookie that tells the server the language the web app shows (it mirrors the app's stored
 * choice), so a page rendered on the server is in the language the app will hydrate it in.
 */
export const LANGUAGE_COOKIE = 'hafla_language';

/** The app's language by its cookie; the app's default when there is none (as the app does). */
export function languageOfCookieHeader(header: string | undefined | null): Language {
  for (const part of (header ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === LANGUAGE_COOKIE && isLanguage(value)) return value;
  }
  return DEFAULT_LANGUAGE;
}
