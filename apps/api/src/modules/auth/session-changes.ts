import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { refreshTokens, users } from '../../db/schema/accounts';
import { SESSION_CHANGE_RETENTION_MS, type SessionChange } from '../../lib/session-state';
import { rolesOf } from './users';

/**
 * Changes to sessions, written in the transaction that causes them and announced with NOTIFY
 * from that same transaction, so every API process hears it exactly when it commits (and never
 * when it rolls back). Decision 0008. Other modules call `changeRoles` and `endAllSessions`.
 */
export const SESSIONS_CHANNEL = 'hafla_sessions';

/** NOTIFY payloads are limited to 8000 bytes: a family id takes about 40 of them. */
const FAMILIES_PER_NOTICE = 100;

async function announce(tx: Tx | Db, change: SessionChange): Promise<void> {
  await tx.execute(sql`select pg_notify(${SESSIONS_CHANNEL}, ${JSON.stringify(change)})`);
}

/** Raises the user's session version (and with `endAll`, the oldest version still valid). */
async function bumpVersion(
  tx: Tx,
  userId: string,
  endAll: boolean,
  now: Date,
): Promise<SessionChange | null> {
  const [row] = await tx
    .update(users)
    .set({
      session_version: sql`${users.session_version} + 1`,
      // On the right of SET a column is its old value: this is the new version.
      ...(endAll && { sessions_valid_from: sql`${users.session_version} + 1` }),
      session_changed_at: now,
    })
    .where(eq(users.id, userId))
    .returning();
  if (!row) return null;
  const change: SessionChange = {
    kind: 'user',
    userId,
    version: row.session_version,
    validFrom: row.sessions_valid_from,
    roles: rolesOf(row),
    at: now.getTime(),
  };
  await announce(tx, change);
  return change;
}

/**
 * Call in the transaction that changed what a user's roles derive from (their account type,
 * admin, later usher assignments): their sessions go on, and every access token they hold acts
 * with the new roles at once. Answers the change (to apply locally after the commit), or null
 * for an unknown user.
 */
export function changeRoles(
  tx: Tx,
  userId: string,
  now = new Date(),
): Promise<SessionChange | null> {
  return bumpVersion(tx, userId, false, now);
}

/**
 * Ends every session of the user (password reset, suspension): refresh tokens are revoked and
 * access tokens are refused from the commit on, sockets closed.
 */
export async function endAllSessions(
  tx: Tx,
  userId: string,
  now = new Date(),
): Promise<SessionChange | null> {
  await tx
    .update(refreshTokens)
    .set({ revoked_at: now })
    .where(and(eq(refreshTokens.user_id, userId), isNull(refreshTokens.revoked_at)));
  return bumpVersion(tx, userId, true, now);
}

/** Families with a token issued this recently may have access tokens still alive. */
const mayHaveLiveAccess = (createdAt: Date, now: Date) =>
  createdAt.getTime() > now.getTime() - SESSION_CHANGE_RETENTION_MS;

/**
 * Revokes sessions (refresh-token families) of the user: all but `keep` (all when null), or only
 * `only`; and announces those that may still have access tokens alive.
 */
export async function endFamilies(
  tx: Tx,
  userId: string,
  which: { keep: string | null } | { only: string },
  now = new Date(),
): Promise<SessionChange[]> {
  const revoked = await tx
    .update(refreshTokens)
    .set({ revoked_at: now })
    .where(
      and(
        eq(refreshTokens.user_id, userId),
        isNull(refreshTokens.revoked_at),
        'only' in which
          ? eq(refreshTokens.family_id, which.only)
          : which.keep === null
            ? undefined
            : ne(refreshTokens.family_id, which.keep),
      ),
    )
    .returning({ family: refreshTokens.family_id, created_at: refreshTokens.created_at });
  const families = [
    ...new Set(
      revoked.filter((row) => mayHaveLiveAccess(row.created_at, now)).map((row) => row.family),
    ),
  ];
  const changes: SessionChange[] = [];
  for (let start = 0; start < families.length; start += FAMILIES_PER_NOTICE) {
    const change: SessionChange = {
      kind: 'families',
      userId,
      families: families.slice(start, start + FAMILIES_PER_NOTICE),
      at: now.getTime(),
    };
    await announce(tx, change);
    changes.push(change);
  }
  return changes;
}

/**
 * What a process must know at start and after each reconnection of its LISTEN connection: the
 * changes of the last access-token lifetime, read from the rows they wrote.
 */
export async function loadSessionChanges(db: Db, now = new Date()): Promise<SessionChange[]> {
  const since = new Date(now.getTime() - SESSION_CHANGE_RETENTION_MS);
  const [changedUsers, revokedFamilies] = await Promise.all([
    db.select().from(users).where(gt(users.session_changed_at, since)),
    db
      .select({
        family: refreshTokens.family_id,
        userId: refreshTokens.user_id,
        at: sql<Date>`max(${refreshTokens.revoked_at})`.mapWith(refreshTokens.revoked_at),
      })
      .from(refreshTokens)
      .where(gt(refreshTokens.revoked_at, since))
      .groupBy(refreshTokens.family_id, refreshTokens.user_id),
  ]);
  return [
    ...changedUsers.map((row): SessionChange => ({
      kind: 'user',
      userId: row.id,
      version: row.session_version,
      validFrom: row.sessions_valid_from,
      roles: rolesOf(row),
      at: row.session_changed_at?.getTime() ?? now.getTime(),
    })),
    ...revokedFamilies.map((row): SessionChange => ({
      kind: 'families',
      userId: row.userId,
      families: [row.family],
      at: row.at.getTime(),
    })),
  ];
}
