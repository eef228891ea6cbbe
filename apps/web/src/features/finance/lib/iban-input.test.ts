import { describe, expect, it } from 'vitest';
import { reformatIban } from './iban-input';

describe('reformatIban', () => {
  it('shows a pasted IBAN grouped by four in ASCII capitals, caret at its end', () => {
    expect(reformatIban('sa0380000000608010167519')).toEqual({
      value: 'SA03 8000 0000 6080 1016 7519',
      caret: 29,
    });
  });

  it('reads Arabic-Indic and Persian digits, dashes and odd spacing as the bank prints them', () => {
    expect(reformatIban('SA٠٣ ٨٠٠٠-۰۰۰۰  6080\u00a01016 7519').value).toBe(
      'SA03 8000 0000 6080 1016 7519',
    );
  });

  it('keeps the caret after the character it followed when typing in the middle', () => {
    // "SA03 8000" with "1" typed after "SA03 8": the box held "SA03 81000", caret after the 1.
    const typed = 'SA03 81000';
    expect(reformatIban(typed, 7)).toEqual({ value: 'SA03 8100 0', caret: 7 });
  });

  it('steps over the group space it adds when a group fills', () => {
    expect(reformatIban('SA038', 5)).toEqual({ value: 'SA03 8', caret: 6 });
  });

  it('puts back a deleted group space and leaves the caret before it', () => {
    // Backspace over the space of "SA03 8000": the box held "SA038000", caret after "SA03".
    expect(reformatIban('SA038000', 4)).toEqual({ value: 'SA03 8000', caret: 4 });
  });

  it('leaves an empty box empty', () => {
    expect(reformatIban('  ', 2)).toEqual({ value: '', caret: 0 });
  });
});
