import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import {
  CODE_HASH_HEX_LENGTH,
  CROCKFORD_ALPHABET,
  SHORT_CODE_MAC_LENGTH,
  formatShortCode,
  normalizeShortCode,
  splitShortCode,
} from '@hafla/shared/door/short-code';

/**
 * The payload a ticket's QR code carries: `H1.<ticket id>.<ticket secret>.<mac>`. The MAC is an
 * HMAC-SHA256 of everything before it under a key only the server holds, so a code typed up by
 * hand (or with a guessed secret) is refused at the door before any database read; the random
 * per-ticket secret lets a reissue void the old code. Only URL-safe characters, short enough
 * for a QR code a phone camera reads from a dim screen.
 */

const VERSION = 'H1';
/** 128 bits of the HMAC: forgery stays out of reach and the QR stays small. */
const MAC_BYTES = 16;
const MAX_TICKET_ID = 2 ** 31 - 1;
const SECRET_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
const ID_PATTERN = /^[1-9][0-9]{0,9}$/;
const MAC_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export interface TicketCode {
  id: number;
  secret: string;
}

/** A key of its own for QR codes, so a leaked QR key says nothing about session tokens. */
export function ticketQrKey(jwtSecret: string): Buffer {
  return createHmac('sha256', jwtSecret).update('hafla/ticket-qr/v1').digest();
}

function macOf(key: Buffer, signed: string): Buffer {
  return createHmac('sha256', key).update(signed).digest().subarray(0, MAC_BYTES);
}

export function signTicketCode(key: Buffer, ticket: TicketCode): string {
  if (!Number.isInteger(ticket.id) || ticket.id < 1 || ticket.id > MAX_TICKET_ID)
    throw new RangeError('a ticket id is a positive 32-bit integer');
  if (!SECRET_PATTERN.test(ticket.secret))
    throw new RangeError('a ticket secret is 16 to 64 base64url characters');
  const signed = `${VERSION}.${ticket.id}.${ticket.secret}`;
  return `${signed}.${macOf(key, signed).toString('base64url')}`;
}

/** The ticket a code names when the server signed it; null for anything else. */
export function verifyTicketCode(key: Buffer, payload: string): TicketCode | null {
  if (typeof payload !== 'string' || payload.length > 200) return null;
  const parts = payload.split('.');
  if (parts.length !== 4) return null;
  const [version, id, secret, mac] = parts as [string, string, string, string];
  if (version !== VERSION || !ID_PATTERN.test(id) || !SECRET_PATTERN.test(secret)) return null;
  if (!MAC_PATTERN.test(mac)) return null;
  const ticketId = Number(id);
  if (ticketId > MAX_TICKET_ID) return null;
  const given = Buffer.from(mac, 'base64url');
  // 22 base64url characters carry 132 bits; the last 4 must be zero or the text is not canonical.
  if (given.length !== MAC_BYTES || given.toString('base64url') !== mac) return null;
  const expected = macOf(key, `${version}.${id}.${secret}`);
  return timingSafeEqual(given, expected) ? { id: ticketId, secret } : null;
}

/** 40 bits of an HMAC in Crockford base32 (8 characters). */
function shortMacOf(key: Buffer, ticket: TicketCode): string {
  const mac = createHmac('sha256', key).update(`S1.${ticket.id}.${ticket.secret}`).digest();
  let bits = 0n;
  for (let i = 0; i < 5; i++) bits = (bits << 8n) | BigInt(mac[i]!);
  let text = '';
  for (let i = SHORT_CODE_MAC_LENGTH - 1; i >= 0; i--) {
    text += CROCKFORD_ALPHABET[Number((bits >> BigInt(i * 5)) & 31n)];
  }
  return text;
}

/**
 * The short code printed under the QR (`1234-ABCD-EFGH`): the ticket id and a 40-bit MAC of the
 * id and the ticket's secret, so a reissue voids it as it voids the QR code. Forty bits are
 * enough for a code typed at a door whose every attempt is recorded.
 */
export function shortTicketCode(key: Buffer, ticket: TicketCode): string {
  return formatShortCode(`${ticket.id}${shortMacOf(key, ticket)}`);
}

/** The ticket id a typed short code names, when its MAC matches the ticket's secret (given later). */
export function parseShortCode(typed: string): { id: number; mac: string } | null {
  const normalized = normalizeShortCode(typed);
  return normalized ? splitShortCode(normalized) : null;
}

export function shortCodeMatches(key: Buffer, ticket: TicketCode, mac: string): boolean {
  const expected = Buffer.from(shortMacOf(key, ticket));
  const given = Buffer.from(mac);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The offline list's name of a code: hex SHA-256, shortened (see door/short-code.ts). */
export function codeHash(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex').slice(0, CODE_HASH_HEX_LENGTH);
}

/** The hash of a ticket's QR payload and of its normalized short code. */
export function ticketCodeHashes(key: Buffer, ticket: TicketCode) {
  return {
    code_hash: codeHash(signTicketCode(key, ticket)),
    short_code_hash: codeHash(`${ticket.id}${shortMacOf(key, ticket)}`),
  };
}
