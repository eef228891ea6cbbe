import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('CSV export', () => {
  it('quotes every field, doubles quotes and ends rows with CRLF after a BOM', () => {
    expect(
      toCsv([
        ['Name', 'Note'],
        ['Sara "S" Haddad', 'a,b'],
        ['سارة', null],
      ]),
    ).toBe('\uFEFF"Name","Note"\r\n"Sara ""S"" Haddad","a,b"\r\n"سارة",""\r\n');
  });

  it('keeps a field that looks like a formula from running in a spreadsheet', () => {
    expect(toCsv([['=HYPERLINK("x")', '+1 555', '-2', '@SUM(A1)', 'ok']])).toBe(
      '\uFEFF"\'=HYPERLINK(""x"")","\'+1 555","\'-2","\'@SUM(A1)","ok"\r\n',
    );
  });
});
