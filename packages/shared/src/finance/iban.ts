/**
 * IBAN and SWIFT/BIC input as people type it, without zod: the web's wallet imports this alone
 * (zod stays out of its chunks, as with `bookings/cards.ts`).
 */

/** Arabic-Indic (U+0660–0669) and Eastern Arabic-Indic (U+06F0–06F9) digits to ASCII. */
export function asciiDigits(value: string): string {
  return value.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (digit) => {
    const code = digit.charCodeAt(0);
    return String(code >= 0x06f0 ? code - 0x06f0 : code - 0x0660);
  });
}

/**
 * An IBAN as people type it (spaces, dashes, lower case, Arabic-Indic digits) in its electronic
 * form: `SA03 8000 ٠٠٠٠ ...` → `SA0380000000...`. Validity (country length, check digits) is the
 * API's, which answers a field error `iban_invalid` on `iban`.
 */
export function normalizeIban(value: string): string {
  return asciiDigits(value)
    .replace(/[\s\u00a0\u200e\u200f-]+/g, '')
    .toUpperCase();
}

/** A SWIFT/BIC code upper-cased without spaces; 8 or 11 characters (checked by the API: `swift_invalid`). */
export function normalizeSwift(value: string): string {
  return asciiDigits(value).replace(/\s+/g, '').toUpperCase();
}

/** The IBAN grouped by four for reading: `SA03 8000 0000 6080 1016 7519`. */
export function formatIban(iban: string): string {
  return iban.replace(/(.{4})(?=.)/g, '$1 ');
}
