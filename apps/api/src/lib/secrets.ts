import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';

/** A URL-safe random token (refresh, reset); only its SHA-256 is stored. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Six random digits, zero-padded. */
export function newOtp(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * A one-time code has only a million values, so a plain hash would fall to brute force if the
 * table leaked; the HMAC key (the server secret) keeps it useless without the key.
 */
export function hashOtp(secret: string, scope: string, otp: string): string {
  return createHmac('sha256', secret).update(`${scope}:${otp}`).digest('hex');
}
