import { createHmac, timingSafeEqual } from 'node:crypto';

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
