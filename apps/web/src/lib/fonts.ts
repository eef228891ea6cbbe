import type { Language } from '@hafla/shared/common/i18n';

/** Nunito has no Arabic glyphs; the Arabic face is fetched only by readers of the Arabic site. */
export async function loadLanguageFonts(language: Language): Promise<void> {
  if (language === 'ar') await import('./arabic-fonts.css');
}
