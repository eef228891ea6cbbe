import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { refreshTokens } from '../../db/schema/accounts';
import { AppError } from '../../lib/app-error';
import { newOpaqueToken, sha256 } from '../../lib/secrets';
import { signAccessToken } from '../../lib/tokens';
import { rolesOf, type UserRow } from './users';

export const REFRESH_TTL_SECONDS = 30 * 24 * 60 * 60;

export interface SessionTokens {
  access: string;
  refresh: string;
}

async function insertRefreshToken(
  db: Db,
  userId: string,
  familyId: string,
  userAgent: string | null,
  now: Date,
) {
  const refresh = newOpaqueToken();
  await db.insert(refreshTokens).values({
    user_id: userId,
    family_id: familyId,
    token_hash: sha256(refresh),
    expires_at: new Date(now.getTime() + REFRESH_TTL_SECONDS * 1000),
    user_agent: userAgent?.slice(0, 300) ?? null,
    created_at: now,
  });
  return refresh;
}

/** Signs a user in: a new access token and the first refresh token of a new family. */
export async function startSession(
  db: Db,
  secret: string,
  user: UserRow,
  userAgent: string | null,
  now = new Date(),
): Promise<SessionTokens> {
  const refresh = await insertRefreshToken(db, user.id, randomUUID(), userAgent, now);
  const access = await signAccessToken(secret, { userId: user.id, roles: rolesOf(user) }, now);
  return { access, refresh };
}

const invalidRefresh = () => new AppError('token_not_valid', { status: 401, attr: 'refresh' });

/**
 * Exchanges a refresh token for a new pair. The old token is marked replaced in the same
 * conditional UPDATE that checks it, so of two concurrent uses only one wins; a token used a
 * second time revokes its whole family (it was stolen, or the legitimate copy was).
 */
export async function rotateSession(
  db: Db,
  secret: string,
  presented: string,
  loadUser: (id: string) => Promise<UserRow | null>,
  userAgent: string | null,
  now = new Date(),
): Promise<SessionTokens> {
  const [token] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.token_hash, sha256(presented)))
    .limit(1);
  if (!token) throw invalidRefresh();
  if (token.revoked_at || token.replaced_at) {
    await revokeFamily(db, token.family_id, now);
    throw invalidRefresh();
  }
  if (token.expires_at.getTime() <= now.getTime()) throw invalidRefresh();

  const [claimed] = await db
    .update(refreshTokens)
    .set({ replaced_at: now })
    .where(
      and(
        eq(refreshTokens.id, token.id),
        isNull(refreshTokens.replaced_at),
        isNull(refreshTokens.revoked_at),
      ),
    )
    .returning({ id: refreshTokens.id });
  if (!claimed) {
    await revokeFamily(db, token.family_id, now);
    throw invalidRefresh();
  }
  const user = await loadUser(token.user_id);
  if (!user) throw invalidRefresh();
  const refresh = await insertRefreshToken(db, user.id, token.family_id, userAgent, now);
  const access = await signAccessToken(secret, { userId: user.id, roles: rolesOf(user) }, now);
  return { access, refresh };
}

export async function revokeFamily(db: Db, familyId: string, now = new Date()): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revoked_at: now })
    .where(and(eq(refreshTokens.family_id, familyId), isNull(refreshTokens.revoked_at)));
}

/** Ends the session a refresh token belongs to; unknown tokens are ignored (logout is idempotent). */
export async function endSession(db: Db, presented: string, now = new Date()): Promise<void> {
  const [token] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.token_hash, sha256(presented)))
    .limit(1);
  if (token) await revokeFamily(db, token.family_id, now);
}

export async function revokeAllSessions(db: Db, userId: string, now = new Date()): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revoked_at: now })
    .where(and(eq(refreshTokens.user_id, userId), isNull(refreshTokens.revoked_at)));
}
