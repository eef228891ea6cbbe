import { createHmac, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ISSUER = 'hafla';
const AUDIENCE = 'hafla-api';

export type Role = 'attendee' | 'organizer' | 'usher' | 'admin';

export interface AccessClaims {
  userId: string;
  roles: Role[];
  /** When the token stops being valid, in seconds since the epoch (set on verified tokens). */
  expiresAt?: number;
  /** `sid`: the session (refresh-token family) it belongs to; absent on tokens issued before. */
  sessionId?: string;
  /** `sv`: the user's session version when it was issued; absent on tokens issued before. */
  sessionVersion?: number;
}

function key(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

export async function signAccessToken(
  secret: string,
  claims: AccessClaims,
  now: Date = new Date(),
  ttlSeconds: number = ACCESS_TOKEN_TTL_SECONDS,
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({
    roles: claims.roles,
    typ: 'access',
    ...(claims.sessionId !== undefined && { sid: claims.sessionId }),
    ...(claims.sessionVersion !== undefined && { sv: claims.sessionVersion }),
  })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ttlSeconds)
    .sign(key(secret));
}

const BASE64URL = /^[A-Za-z0-9_-]*$/;

/** A base64url JSON object, or null for anything else. */
function jsonPart(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * The payload of a compact HS256 JWS signed with `secret`, or null. Verified with node:crypto
 * rather than jose, whose WebCrypto path costs about ten times the CPU (an asynchronous job per
 * request): every request that carries a token pays it. Only the canonical encoding of the
 * signature is accepted, `alg` must be HS256, and a header naming extensions (`crit`) is refused,
 * as jose does.
 */
function verifiedPayload(secret: string, token: string): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((part) => BASE64URL.test(part))) return null;
  const [header = '', payload = '', signature = ''] = parts;
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || given.toString('base64url') !== signature) return null;
  if (!timingSafeEqual(given, expected)) return null;
  const protectedHeader = jsonPart(header);
  if (protectedHeader?.alg !== 'HS256' || 'crit' in protectedHeader) return null;
  return jsonPart(payload);
}

const isTime = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/** Returns the claims, or null for any token that is forged, malformed, expired or not an access token. */
export async function verifyAccessToken(
  secret: string,
  token: string,
  now: Date = new Date(),
): Promise<AccessClaims | null> {
  const payload = verifiedPayload(secret, token);
  if (!payload) return null;
  const seconds = Math.floor(now.getTime() / 1000);
  const { exp, nbf, iat, iss, aud, typ, sub, roles, sid, sv } = payload;
  if (!isTime(exp) || exp <= seconds) return null;
  if (nbf !== undefined && (!isTime(nbf) || nbf > seconds)) return null;
  if (iat !== undefined && !isTime(iat)) return null;
  if (iss !== ISSUER) return null;
  if (!(aud === AUDIENCE || (Array.isArray(aud) && aud.includes(AUDIENCE)))) return null;
  if (typ !== 'access' || typeof sub !== 'string') return null;
  const granted = Array.isArray(roles)
    ? (roles.filter((role) => typeof role === 'string') as Role[])
    : [];
  if (sid !== undefined && typeof sid !== 'string') return null;
  if (sv !== undefined && !Number.isSafeInteger(sv)) return null;
  const claims: AccessClaims = { userId: sub, roles: granted, expiresAt: exp };
  if (sid !== undefined) claims.sessionId = sid;
  if (sv !== undefined) claims.sessionVersion = sv as number;
  return claims;
}
