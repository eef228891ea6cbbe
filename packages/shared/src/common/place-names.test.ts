import { describe, expect, it } from 'vitest';
import { searchAlternatives } from './place-names';

describe('searchAlternatives', () => {
  it('widens a city typed in one language with its name in the other', () => {
    expect(searchAlternatives('Cairo')).toEqual(['Cairo', 'القاهرة']);
    expect(searchAlternatives('القاهرة')).toEqual(['القاهرة', 'Cairo']);
    expect(searchAlternatives('دبي')).toEqual(['دبي', 'Dubai']);
    expect(searchAlternatives('الكويت')).toContain('Kuwait City');
    expect(searchAlternatives('Riyadh')).toEqual(['Riyadh', 'الرياض']);
    // Without the article, with other letter forms, in another case.
    expect(searchAlternatives('رياض')).toEqual(['رياض', 'Riyadh']);
    expect(searchAlternatives('jeddah')).toEqual(['jeddah', 'جدة']);
    expect(searchAlternatives('جده')).toEqual(['جده', 'Jeddah']);
  });

  it('keeps the other words and matches names of several words', () => {
    expect(searchAlternatives('jazz in Cairo')).toEqual(['jazz in Cairo', 'jazz in القاهرة']);
    expect(searchAlternatives('Abu Dhabi concerts')).toEqual([
      'Abu Dhabi concerts',
      'أبوظبي concerts',
    ]);
    expect(searchAlternatives('حفلات أبو ظبي')).toEqual(['حفلات أبو ظبي', 'حفلات Abu Dhabi']);
  });

  it('leaves a search without a known city as it is', () => {
    expect(searchAlternatives('oud night')).toEqual(['oud night']);
    expect(searchAlternatives('')).toEqual(['']);
    // A city's name only as a whole word: "Cairomania" is not Cairo.
    expect(searchAlternatives('Cairomania')).toEqual(['Cairomania']);
  });
});
