import type { Language } from '@hafla/shared/common/i18n';

/**
 * Each language's font styles besides the entry's, by their source (the build's manifest key): a
 * page the server renders in that language links them, so its fonts are fetched with the page
 * rather than once the app has started (decision 0026). `loadLanguageFonts` imports the same file.
 */
export const LANGUAGE_FONT_STYLES: Readonly<Partial<Record<Language, string>>> = {
  ar: 'src/lib/arabic-fonts.css',
};

/**
 * The faces of those styles that a first screen's text is set in (body and headings; as Nunito's
 * in index.html), by their manifest keys: the page preloads them, so they are fetched beside its
 * styles rather than once its layout finds Arabic text.
 */
export const LANGUAGE_FONT_FACES: Readonly<Partial<Record<Language, readonly string[]>>> = {
  ar: [
    '../../node_modules/@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-400-normal.woff2',
    '../../node_modules/@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-700-normal.woff2',
  ],
};

/** Nunito has no Arabic glyphs; the Arabic face is fetched only by readers of the Arabic site. */
export async function loadLanguageFonts(language: Language): Promise<void> {
  if (language === 'ar') await import('./arabic-fonts.css');
}
