import type { Language } from '@hafla/shared/common/i18n';

/**
 * Each language's font styles besides the entry's, by their source (the build's manifest key): a
 * page the server renders in that language links them, so its fonts are fetched with the page
 * rather than once the app has started (decision 0026). `loadLanguageFonts` imports the same file.
 */
export const LANGUAGE_FONT_STYLES: Readonly<Partial<Record<Language, string>>> = {
  ar: 'src/lib/arabic-fonts.css',
};

/** Nunito has no Arabic glyphs; the Arabic face is fetched only by readers of the Arabic site. */
export async function loadLanguageFonts(language: Language): Promise<void> {
  if (language === 'ar') await import('./arabic-fonts.css');
}
