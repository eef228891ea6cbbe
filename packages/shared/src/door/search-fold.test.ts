import { describe, expect, it } from 'vitest';
import { foldForSearch } from '../common/time-zone-names';

// The app's own folding agrees with the database's hafla_fold_search_text (migration 0018) on
// Arabic letter forms: searches in the browser and on the server find the same names.
describe('foldForSearch on Arabic names', () => {
  it('folds the hamza seats ؤ and ئ to their bare letters', () => {
    expect(foldForSearch('مؤمن علي')).toBe('مومن علي');
    expect(foldForSearch('هائل')).toBe('هايل');
    expect(foldForSearch('مؤتمر الرئيس')).toBe(foldForSearch('موتمر الرييس'));
  });

  it('folds alef forms, ta marbuta, alef maqsura, diacritics and tatweel', () => {
    expect(foldForSearch('أحمد إسلام آمنة ٱلله')).toBe('احمد اسلام امنه الله');
    expect(foldForSearch('مُصطَفى')).toBe('مصطفي');
    expect(foldForSearch('فـاطِمة')).toBe('فاطمه');
  });
});
