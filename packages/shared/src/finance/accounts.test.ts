import { describe, expect, it } from 'vitest';
import { asciiDigits, formatIban, normalizeIban, normalizeSwift } from './accounts';

describe('withdrawal account input', () => {
  it('reads Arabic-Indic and Eastern Arabic-Indic digits as ASCII', () => {
    expect(asciiDigits('٠١٢٣٤٥٦٧٨٩ ۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789 0123456789');
  });

  it('normalises an IBAN as typed to its electronic form', () => {
    expect(normalizeIban(' sa03 8000 ٠٠٠٠ 6080-1016 7519 ')).toBe('SA0380000000608010167519');
    expect(normalizeSwift(' ncbk sa jE ')).toBe('NCBKSAJE');
  });

  it('groups an IBAN by four for reading', () => {
    expect(formatIban('SA0380000000608010167519')).toBe('SA03 8000 0000 6080 1016 7519');
  });
});
