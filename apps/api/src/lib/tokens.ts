import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ISSUER = 'hafla';
const AUDIENCE = 'hafla-api';

export type Role = 'attendee' | 'organizer' | 'usher' | 'admin';

export interface AccessClaims {
  userId: string;
  roles: Role[];
  /** When the token stops being valid, in seconds since the epoch (set on verified tokens). */
  expiresAt?: number;
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
  return new SignJWT({ roles: claims.roles, typ: 'access' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ttlSeconds)
    .sign(key(secret));
}

/** Returns the claims, or null for any token that is forged, malformed, expired or not an access token. */
export async function verifyAccessToken(
  secret: string,
  token: string,
): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
    });
    if (payload.typ !== 'access' || typeof payload.sub !== 'string') return null;
    const roles = Array.isArray(payload.roles)
      ? (payload.roles.filter((r) => typeof r === 'string') as Role[])
      : [];
    return { userId: payload.sub, roles, expiresAt: payload.exp };
  } catch (error) {
    if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null;
    throw error;
  }
}
