import { formatDateTime, intlLocale } from '../../../lib/format';

export function formatCount(value: number, language: string): string {
  return new Intl.NumberFormat(intlLocale(language)).format(value);
}

/** An instant in the reader's own time zone (staff read times where they are). */
export function formatWhen(iso: string | null, language: string): string {
  if (!iso) return '';
  return formatDateTime(iso, Intl.DateTimeFormat().resolvedOptions().timeZone, language);
}
