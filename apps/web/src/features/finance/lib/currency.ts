import { intlLocale } from '../../../lib/format';

/** "Saudi riyal" / "ريال سعودي" for `SAR`; the code itself where the runtime has no name. */
export function currencyName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([intlLocale(language)], { type: 'currency' }).of(code) ?? code;
  } catch {
    return code;
  }
}
