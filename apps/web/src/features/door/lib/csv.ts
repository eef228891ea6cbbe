/**
 * RFC 4180 CSV: every field quoted, quotes doubled, CRLF between rows, and a byte-order mark so
 * spreadsheet programs read Arabic names as UTF-8. A field that starts like a formula is
 * prefixed with an apostrophe, so a holder's name can never run as one when the file is opened.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

export function toCsv(
  rows: ReadonlyArray<ReadonlyArray<string | number | null | undefined>>,
): string {
  return `\uFEFF${rows.map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}
