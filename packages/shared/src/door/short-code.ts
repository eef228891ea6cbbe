/**
 * The short code printed under a ticket's QR code, for typing at the door:
 * `<ticket id>-XXXX-XXXX` where the eight characters (Crockford base32: digits and capitals
 * without I, L, O, U) are a server-keyed MAC of the ticket. Typed input is normalized first:
 * case, spaces and dashes do not matter, and O/I/L read as 0/1/1.
 */
export const SHORT_CODE_MAC_LENGTH = 8;
export const CROCKFORD_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

const NORMALIZED = /^([1-9][0-9]{0,9})([0-9A-HJKMNP-TV-Z]{8})$/;

/** `1234-ab cd-efgh` → `1234ABCDEFGH`; null when it cannot be a short code. */
export function normalizeShortCode(typed: string): string | null {
  if (typeof typed !== 'string' || typed.length > 64) return null;
  const text = typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  return NORMALIZED.test(text) ? text : null;
}

/** The ticket id and MAC of a normalized short code. */
export function splitShortCode(normalized: string): { id: number; mac: string } | null {
  const match = NORMALIZED.exec(normalized);
  if (!match) return null;
  const id = Number(match[1]);
  if (id > 2_147_483_647) return null;
  return { id, mac: match[2]! };
}

/** `1234ABCDEFGH` → `1234-ABCD-EFGH`, as printed. */
export function formatShortCode(normalized: string): string {
  const idPart = normalized.slice(0, -SHORT_CODE_MAC_LENGTH);
  const mac = normalized.slice(-SHORT_CODE_MAC_LENGTH);
  return `${idPart}-${mac.slice(0, 4)}-${mac.slice(4)}`;
}

/**
 * How the offline check-in list names a ticket without giving its code away: the lowercase hex
 * SHA-256 of the UTF-8 text, first 32 characters. `code_hash` hashes the QR payload exactly as
 * scanned; `short_code_hash` hashes the normalized short code (`normalizeShortCode`). A device
 * hashes what it scans the same way (crypto.subtle.digest('SHA-256', …)) and looks it up.
 */
export const CODE_HASH_HEX_LENGTH = 32;
