export interface TokenClaims {
  sub?: string;
  exp?: number;
  iat?: number;
}

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
  const bytes = Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/**
 * Reads an access token's payload without verifying it: the API verifies every call, the
 * client only needs the user id and the lifetime. Null for anything that is not a JWT.
 */
export function readTokenClaims(token: string): TokenClaims | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const parsed: unknown = JSON.parse(decodeBase64Url(payload));
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { sub, exp, iat } = parsed as Record<string, unknown>;
    return {
      sub: typeof sub === 'string' ? sub : undefined,
      exp: typeof exp === 'number' ? exp : undefined,
      iat: typeof iat === 'number' ? iat : undefined,
    };
  } catch {
    return null;
  }
}
