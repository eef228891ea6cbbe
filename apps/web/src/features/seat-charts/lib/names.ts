import type { ChartCategory } from '@hafla/shared/charts/chart-format';

/** A section's, area's or stage's name in the reader's language. */
export function sectionName(
  named: { label_en: string; label_ar: string },
  language: string,
): string {
  return language === 'ar' ? named.label_ar : named.label_en;
}

export function categoryName(category: ChartCategory, language: string): string {
  return sectionName(category, language);
}
