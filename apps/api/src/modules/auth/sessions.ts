import { createHmac, randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { refreshTokens } from '../../db/schema/accounts';
import { AppError } from '../../lib/app-error';
import type { SessionChange } from '../../lib/session-state';
import { newOpaqueToken, sha256 } from '../../lib/secrets';
import { signAccessToken } from '../../lib/tokens';
import { endFamilies } from './session-changes';
import { rolesOf, type UserRow } from './users';

export const REFRESH_TTL_SECONDS = 30 * 24 * 60 * 60;
/**
 * How long the token just replaced is still taken, answering the same successor: a client whose
 * answer was lost (a navigation, a dropped connection) retries with the token it still holds.
 */
export const REFRESH_GRACE_SECONDS = 30;

export interface SessionTokens {
  access: string;
  refresh: string;
}

export interface SessionKeys {
  /** Signs access tokens. */
  jwtSecret: string;
  /** Derives each refresh token's successor (see `successorOf`). */
  refreshKey: Buffer;
}

/** The key successors are derived with, from the server secret, for nothing else. */
export function refreshKeyOf(secret: string): Buffer {
  return createHmac('sha256', secret).update('hafla/refresh-successor/v1').digest();
}

/**
 * The refresh token that replaces `presented`: derived, not drawn, so a retry of the same
 * exchange finds the same successor while only hashes are stored. Without the server key it is
 * as unpredictable as a random one.
 */
function successorOf(key: Buffer, presented: string): string {
  return createHmac('sha256', key).update(presented).digest('base64url');
}

type SessionUser = Pick<UserRow, 'id' | 'user_type' | 'is_admin' | 'session_version'>;

function accessFor(secret: string, user: SessionUser, familyId: string, now: Date) {
  return signAccessToken(
    secret,
    {
      userId: user.id,
      roles: rolesOf(user),
      sessionId: familyId,
      sessionVersion: user.session_version,
    },
    now,
  );
}

async function insertRefreshToken(
  db: Db | Tx,
  refresh: string,
  userId: string,
  familyId: string,
  userAgent: string | null,
  now: Date,
): Promise<void> {
  await db
    .insert(refreshTokens)
    .values({
      user_id: userId,
      family_id: familyId,
      token_hash: sha256(refresh),
      expires_at: new Date(now.getTime() + REFRESH_TTL_SECONDS * 1000),
      user_agent: userAgent?.slice(0, 300) ?? null,
      created_at: now,
    })
    // A concurrent use of the same token derived the same successor.
    .onConflictDoNothing({ target: refreshTokens.token_hash });
}

/** Signs a user in: a new access token and the first refresh token of a new family (session). */
export async function startSession(
  db: Db | Tx,
  keys: SessionKeys,
  user: SessionUser,
  userAgent: string | null,
  now = new Date(),
): Promise<SessionTokens> {
  const familyId = randomUUID();
  const refresh = newOpaqueToken();
  await insertRefreshToken(db, refresh, user.id, familyId, userAgent, now);
  return { access: await accessFor(keys.jwtSecret, user, familyId, now), refresh };
}

const invalidRefresh = () => new AppError('token_not_valid', { status: 401, attr: 'refresh' });

type TokenRow = typeof refreshTokens.$inferSelect;

async function findToken(db: Db, token: string): Promise<TokenRow | undefined> {
  const [row] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.token_hash, sha256(token)))
    .limit(1);
  return row;
}

/** A refresh-token exchange: the new pair, or the family it ended (a replay). */
export type Rotation = { tokens: SessionTokens } | { ended: SessionChange[] };

/**
 * Exchanges a refresh token for a new pair. The old token is marked replaced by a conditional
 * UPDATE, so of two concurrent uses only one rotates; the other, like a client retrying an
 * exchange whose answer it lost, is answered the same successor while the old token is the
 * immediate predecessor of the family's live token and was replaced less than
 * REFRESH_GRACE_SECONDS ago. Any other use of a replaced token revokes its whole family (it was
 * stolen, or the legitimate copy was).
 */
export async function rotateSession(
  db: Db,
  keys: SessionKeys,
  presented: string,
  loadUser: (id: string) => Promise<SessionUser | null>,
  userAgent: string | null,
  now = new Date(),
): Promise<Rotation> {
  const successor = successorOf(keys.refreshKey, presented);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const token = await findToken(db, presented);
    if (!token || token.revoked_at) throw invalidRefresh();
    const user = await loadUser(token.user_id);
    if (!user) throw invalidRefresh();
    const answer = async () => ({
      tokens: {
        access: await accessFor(keys.jwtSecret, user, token.family_id, now),
        refresh: successor,
      },
    });

    if (token.replaced_at) {
      const age = now.getTime() - token.replaced_at.getTime();
      if (age <= REFRESH_GRACE_SECONDS * 1000) {
        const next = await findToken(db, successor);
        if (next && !next.replaced_at && !next.revoked_at) return answer();
        // Replaced by something other than this exchange (a password change): refused, but
        // nothing suggests a copy is in other hands.
        if (!next) throw invalidRefresh();
      }
      const ended = await db.transaction((tx) =>
        endFamilies(tx, token.user_id, { only: token.family_id }, now),
      );
      return { ended };
    }
    if (token.expires_at.getTime() <= now.getTime()) throw invalidRefresh();

    const rotated = await db.transaction(async (tx) => {
      const [claimed] = await tx
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
      if (!claimed) return false;
      await insertRefreshToken(tx, successor, user.id, token.family_id, userAgent, now);
      return true;
    });
    if (rotated) return answer();
    // A concurrent use rotated it first (it has committed: the UPDATE waited for it); read again.
  }
  throw invalidRefresh();
}

/**
 * Ends the session a refresh token belongs to; unknown tokens are ignored (logout is
 * idempotent). Answers what ended.
 */
export async function endSession(
  db: Db,
  presented: string,
  now = new Date(),
): Promise<SessionChange[]> {
  const token = await findToken(db, presented);
  if (!token) return [];
  return db.transaction((tx) => endFamilies(tx, token.user_id, { only: token.family_id }, now));
}

/**
 * The session `familyId` goes on with a new refresh token (the one it had is replaced), for an
 * answer that hands out new tokens while keeping the session, e.g. a password change. Null when
 * that session has no live token any more.
 */
export async function renewSession(
  tx: Tx,
  keys: SessionKeys,
  user: SessionUser,
  familyId: string,
  userAgent: string | null,
  now = new Date(),
): Promise<SessionTokens | null> {
  const replaced = await tx
    .update(refreshTokens)
    .set({ replaced_at: now })
    .where(
      and(
        eq(refreshTokens.family_id, familyId),
        eq(refreshTokens.user_id, user.id),
        isNull(refreshTokens.replaced_at),
        isNull(refreshTokens.revoked_at),
      ),
    )
    .returning({ expires_at: refreshTokens.expires_at });
  if (!replaced.some((row) => row.expires_at.getTime() > now.getTime())) return null;
  const refresh = newOpaqueToken();
  await insertRefreshToken(tx, refresh, user.id, familyId, userAgent, now);
  return { access: await accessFor(keys.jwtSecret, user, familyId, now), refresh };
}
