import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bidiRuns, hasRightToLeftLetters, visualText } from './bidi-text';

const reversed = (text: string) => [...text].reverse().join('');

describe('visualText', () => {
  it('leaves Latin text in a left-to-right line alone', () => {
    expect(visualText('Jazz night (live) 2026', 'ltr')).toBe('Jazz night (live) 2026');
  });

  it('reverses Arabic words and keeps their order right to left', () => {
    expect(visualText('حفلة جاز', 'rtl')).toBe(reversed('حفلة جاز'));
  });

  it('keeps numbers and Latin words left to right inside Arabic', () => {
    expect(visualText('تذكرة 12:30 رقم', 'rtl')).toBe(
      `${reversed('رقم')} 12:30 ${reversed('تذكرة')}`,
    );
    expect(visualText('حفلة Jazz Night', 'rtl')).toBe('Jazz Night ' + reversed('حفلة'));
    expect(visualText('السعر 1,500.00 ر.س.', 'rtl')).toBe(
      `${reversed('ر.س.')} 1,500.00 ${reversed('السعر')}`,
    );
  });

  it('keeps an Arabic phrase right to left inside an English line', () => {
    expect(visualText('Venue: قاعة الملك 3', 'ltr')).toBe(`Venue: 3 ${reversed('قاعة الملك')}`);
  });

  it('keeps a sign or currency with a number that stands on its own', () => {
    expect(visualText('#17', 'rtl')).toBe('#17');
    expect(visualText('$5 - 10%', 'rtl')).toBe('10% - $5');
  });

  it('treats digits after Arabic letters as Arabic numbers, as browsers do', () => {
    // UAX #9 W2: after an Arabic letter "#17" is "17" with a neutral "#" on its right.
    expect(visualText('رقم #17', 'rtl')).toBe(`17# ${reversed('رقم')}`);
  });

  it('mirrors brackets that end up right to left', () => {
    expect(visualText('(حفلة)', 'rtl')).toBe(`(${reversed('حفلة')})`);
  });

  it('drops bidi marks that Intl puts around Arabic amounts', () => {
    expect(visualText('\u200f150.00\u00a0ر.س.\u200f', 'rtl')).toBe(
      `${reversed('ر.س.')}\u00a0150.00`,
    );
  });

  it('never loses or invents a character', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'ab 12.,:()-حفلة٣٤ ') }),
        fc.constantFrom('ltr' as const, 'rtl' as const),
        (text, base) => {
          const runs = bidiRuns(text, base);
          expect([...runs.map((run) => run.text).join('')].sort()).toEqual([...text].sort());
          expect(runs.every((run) => run.level >= 0 && run.level <= 2)).toBe(true);
        },
      ),
    );
  });

  it('lays out text without Arabic letters in a left-to-right line as it is', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'ab Z 12.,:-/') }), (text) => {
        expect(visualText(text, 'ltr')).toBe(text);
      }),
    );
  });
});

describe('hasRightToLeftLetters', () => {
  it('tells Arabic and Hebrew words from numbers, punctuation and Latin', () => {
    expect(hasRightToLeftLetters('حفلة')).toBe(true);
    expect(hasRightToLeftLetters('שלום')).toBe(true);
    expect(hasRightToLeftLetters('Jazz ١٢٣ ، . )')).toBe(false);
  });
});
