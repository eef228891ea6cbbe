import { ACCESS_TOKEN_TTL_SECONDS, type AccessClaims, type Role } from './tokens';

/**
 * A change to a user's sessions, as NOTIFY carries it between processes (decision 0008). `at` is
 * when it happened (milliseconds since the epoch): access tokens issued before it all expire
 * within one access-token lifetime, after which the change can be forgotten.
 */
export type SessionChange =
  | {
      kind: 'user';
      userId: string;
      /** The user's session version after the change. */
      version: number;
      /** Tokens issued under an older version are refused (every session ended). */
      validFrom: number;
      /** The roles from this version on: older tokens of sessions that go on use these. */
      roles: Role[];
      at: number;
    }
  | {
      kind: 'families';
      userId: string;
      /** Refresh-token families (sessions) that ended. */
      families: string[];
      at: number;
    };

/** What ended, for those who hold connections of those sessions (open sockets). */
export interface SessionsEnded {
  userId: string;
  /** These sessions ended. */
  families: string[];
  /** Every session issued under a version below this ended (absent: none by version). */
  validFrom?: number;
}

interface UserEntry {
  version: number;
  validFrom: number;
  roles: Role[];
  at: number;
}

interface FamilyEntry {
  userId: string;
  at: number;
}

/** How long a change is kept: the access-token lifetime, and a minute for clocks and commits. */
export const SESSION_CHANGE_RETENTION_MS = (ACCESS_TOKEN_TTL_SECONDS + 60) * 1000;

/**
 * What each API process knows of recently ended sessions and changed roles, so the auth guard
 * decides with two map lookups and no database read. It only ever learns more: applying the
 * same change twice, or an older one after a newer, changes nothing, so the change can come
 * from the causing request, from NOTIFY and from a reload in any order.
 */
export class SessionState {
  private readonly users = new Map<string, UserEntry>();
  private readonly families = new Map<string, FamilyEntry>();
  private readonly listeners = new Set<(ended: SessionsEnded) => void>();

  /**
   * The claims to act on: null when the token's session has ended; the user's current roles
   * when they changed after the token was issued; otherwise the claims as they are. Tokens
   * without `sid`/`sv` (issued before these existed) are taken as they are.
   */
  check(claims: AccessClaims): AccessClaims | null {
    const { sessionId, sessionVersion } = claims;
    if (sessionId !== undefined && this.families.has(sessionId)) return null;
    if (sessionVersion === undefined) return claims;
    const user = this.users.get(claims.userId);
    if (!user || sessionVersion >= user.version) return claims;
    if (sessionVersion < user.validFrom) return null;
    return { ...claims, roles: user.roles };
  }

  apply(change: SessionChange): void {
    if (change.kind === 'families') {
      const ended = change.families.filter((family) => !this.families.has(family));
      for (const family of ended)
        this.families.set(family, { userId: change.userId, at: change.at });
      if (ended.length > 0) this.emit({ userId: change.userId, families: ended });
      return;
    }
    const known = this.users.get(change.userId);
    const validFrom = Math.max(known?.validFrom ?? 0, change.validFrom);
    if (!known || change.version >= known.version) {
      this.users.set(change.userId, {
        version: change.version,
        validFrom,
        roles: change.roles,
        at: Math.max(known?.at ?? 0, change.at),
      });
    } else {
      known.validFrom = validFrom;
    }
    if (validFrom > (known?.validFrom ?? 0)) {
      this.emit({ userId: change.userId, families: [], validFrom });
    }
  }

  /** Forgets what no unexpired access token can be affected by any more. */
  prune(now: number): void {
    const before = now - SESSION_CHANGE_RETENTION_MS;
    for (const [id, user] of this.users) if (user.at < before) this.users.delete(id);
    for (const [id, family] of this.families) if (family.at < before) this.families.delete(id);
  }

  /** Called for every session that ends from now on; answers the unsubscribe. */
  onEnded(listener: (ended: SessionsEnded) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Entries held (tests and logs). */
  size(): { users: number; families: number } {
    return { users: this.users.size, families: this.families.size };
  }

  private emit(ended: SessionsEnded): void {
    for (const listener of this.listeners) listener(ended);
  }
}

const ROLES: readonly string[] = ['attendee', 'organizer', 'usher', 'admin'];

/** A NOTIFY payload as a change, or null for anything malformed (it is logged, not trusted). */
export function parseSessionChange(payload: string): SessionChange | null {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const change = value as Record<string, unknown>;
  const isText = (item: unknown): item is string => typeof item === 'string';
  if (!isText(change.userId) || !Number.isFinite(change.at)) return null;
  const at = change.at as number;
  if (change.kind === 'families') {
    const families = change.families;
    if (!Array.isArray(families) || !families.every(isText)) return null;
    return { kind: 'families', userId: change.userId, families, at };
  }
  if (change.kind === 'user') {
    const { version, validFrom, roles } = change;
    if (!Number.isSafeInteger(version) || !Number.isSafeInteger(validFrom)) return null;
    if (!Array.isArray(roles) || !roles.every((role) => isText(role) && ROLES.includes(role))) {
      return null;
    }
    return {
      kind: 'user',
      userId: change.userId,
      version: version as number,
      validFrom: validFrom as number,
      roles: roles as Role[],
      at,
    };
  }
  return null;
}
