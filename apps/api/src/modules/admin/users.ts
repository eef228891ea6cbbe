import type {
  AdminUser,
  AdminUserDetail,
  AdminUserQuery,
  RolesPatch,
  SuspendRequest,
} from '@hafla/shared/admin/users';
import { and, asc, count, desc, eq, ilike, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { bookings } from '../../db/schema/bookings';
import { events } from '../../db/schema/events';
import { AppError, notFound } from '../../lib/app-error';
import type { SessionChange, SessionState } from '../../lib/session-state';
import { changeRoles, endAllSessions } from '../auth/session-changes';
import { rolesOf, type UserRow } from '../auth/users';
import { recordAudit, type AuditActor } from './audit';
import { likePattern } from './content';

export interface UsersDeps {
  db: Db;
  /** This process's view of sessions: a change is applied here as soon as it commits. */
  sessions: SessionState;
  /** After the commit: close the user's sockets on every process. */
  disconnect: (userId: string) => void;
}

function toAdminUser(row: UserRow): AdminUser {
  return {
    id: row.id,
    email: row.email,
    name: `${row.first_name} ${row.last_name}`.trim(),
    organization_name: row.organization_name,
    roles: rolesOf(row),
    is_verified: row.is_verified,
    is_suspended: row.suspended_at !== null,
    suspension_reason: row.suspension_reason,
    suspended_at: row.suspended_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
  };
}

/** What the audit log keeps of an account: its rights, never its secrets. */
const auditStateOf = (user: AdminUser) => ({
  roles: user.roles,
  is_suspended: user.is_suspended,
  suspension_reason: user.suspension_reason,
});

export async function listUsers(db: Db, query: AdminUserQuery) {
  const name = sql`${users.first_name} || ' ' || ${users.last_name}`;
  const where = and(
    query.search
      ? or(
          ilike(users.email, likePattern(query.search)),
          ilike(name, likePattern(query.search)),
          ilike(users.organization_name, likePattern(query.search)),
        )
      : undefined,
    query.role === 'organizer' ? eq(users.user_type, 'organizer') : undefined,
    query.role === 'admin' ? eq(users.is_admin, true) : undefined,
    query.suspended === undefined
      ? undefined
      : query.suspended
        ? isNotNull(users.suspended_at)
        : isNull(users.suspended_at),
  );
  const column = query.ordering.endsWith('email') ? users.email : users.created_at;
  const direction = query.ordering.startsWith('-') ? desc : asc;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(direction(column), direction(users.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { count: total?.n ?? 0, results: rows.map(toAdminUser) };
}

async function findUser(db: Db | Tx, id: string, lock = false): Promise<UserRow> {
  const query = db.select().from(users).where(eq(users.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

/** One account with its roles, its latest events and bookings (ten of each) and their totals. */
export async function getUser(db: Db, id: string): Promise<AdminUserDetail> {
  const user = await findUser(db, id);
  const [ownEvents, [eventTotal], ownBookings, [bookingTotal]] = await Promise.all([
    db
      .select({
        id: events.id,
        title: events.title,
        status: events.status,
        created_at: events.created_at,
      })
      .from(events)
      .where(eq(events.organizer_id, id))
      .orderBy(desc(events.created_at), desc(events.id))
      .limit(10),
    db.select({ n: count() }).from(events).where(eq(events.organizer_id, id)),
    db
      .select({
        id: bookings.id,
        status: bookings.status,
        total: bookings.total,
        currency: bookings.currency,
        created_at: bookings.created_at,
        event_id: events.id,
        event_title: events.title,
      })
      .from(bookings)
      .innerJoin(events, eq(events.id, bookings.event_id))
      .where(eq(bookings.user_id, id))
      .orderBy(desc(bookings.created_at), desc(bookings.id))
      .limit(10),
    db.select({ n: count() }).from(bookings).where(eq(bookings.user_id, id)),
  ]);
  return {
    ...toAdminUser(user),
    events_count: eventTotal?.n ?? 0,
    bookings_count: bookingTotal?.n ?? 0,
    events: ownEvents.map((event) => ({ ...event, created_at: event.created_at.toISOString() })),
    bookings: ownBookings.map((booking) => ({
      id: booking.id,
      event: { id: booking.event_id, title: booking.event_title },
      status: booking.status,
      total: booking.total,
      currency: booking.currency,
      created_at: booking.created_at.toISOString(),
    })),
  };
}

function refuseSelf(actor: AuditActor, id: string) {
  if (actor.userId === id) throw new AppError('cannot_change_own_account', { status: 409 });
}

/** Runs a change of one account in a transaction; applies its session change here after the commit. */
async function changeUser(
  deps: UsersDeps,
  id: string,
  work: (tx: Tx, user: UserRow) => Promise<SessionChange | null>,
): Promise<{ change: SessionChange | null }> {
  const change = await deps.db.transaction(async (tx) => work(tx, await findUser(tx, id, true)));
  if (change) deps.sessions.apply(change);
  return { change };
}

/**
 * Suspends an account: every session ends at once (refresh tokens revoked, access tokens
 * refused from the commit on, in every process by NOTIFY), its sockets close, and signing in
 * answers `account_suspended` with the reason until an admin reinstates it.
 */
export async function suspendUser(
  deps: UsersDeps,
  actor: AuditActor,
  id: string,
  input: SuspendRequest,
): Promise<AdminUser> {
  refuseSelf(actor, id);
  const now = new Date();
  await changeUser(deps, id, async (tx, user) => {
    const [updated] = await tx
      .update(users)
      .set({ suspended_at: now, suspension_reason: input.reason, updated_at: now })
      .where(eq(users.id, id))
      .returning();
    const change = await endAllSessions(tx, id, now);
    await recordAudit(tx, actor, {
      action: 'user.suspend',
      targetType: 'user',
      targetId: id,
      before: auditStateOf(toAdminUser(user)),
      after: auditStateOf(toAdminUser(updated!)),
    });
    return change;
  });
  deps.disconnect(id);
  return toAdminUser(await findUser(deps.db, id));
}

export async function reinstateUser(
  deps: UsersDeps,
  actor: AuditActor,
  id: string,
): Promise<AdminUser> {
  const now = new Date();
  await changeUser(deps, id, async (tx, user) => {
    const [updated] = await tx
      .update(users)
      .set({ suspended_at: null, suspension_reason: null, updated_at: now })
      .where(eq(users.id, id))
      .returning();
    await recordAudit(tx, actor, {
      action: 'user.reinstate',
      targetType: 'user',
      targetId: id,
      before: auditStateOf(toAdminUser(user)),
      after: auditStateOf(toAdminUser(updated!)),
    });
    return null;
  });
  return toAdminUser(await findUser(deps.db, id));
}

/**
 * Grants or removes the organizer role, promotes or demotes an admin. The account's tokens act
 * with the new roles at once (decision 0008). An admin cannot remove their own admin role.
 */
export async function changeUserRoles(
  deps: UsersDeps,
  actor: AuditActor,
  id: string,
  patch: RolesPatch,
): Promise<AdminUser> {
  if (patch.is_admin === false) refuseSelf(actor, id);
  const now = new Date();
  await changeUser(deps, id, async (tx, user) => {
    const [updated] = await tx
      .update(users)
      .set({
        ...(patch.is_organizer !== undefined && {
          user_type: patch.is_organizer ? 'organizer' : 'attendee',
        }),
        ...(patch.is_admin !== undefined && { is_admin: patch.is_admin }),
        updated_at: now,
      })
      .where(eq(users.id, id))
      .returning();
    const before = toAdminUser(user);
    const after = toAdminUser(updated!);
    await recordAudit(tx, actor, {
      action: 'user.roles',
      targetType: 'user',
      targetId: id,
      before: auditStateOf(before),
      after: auditStateOf(after),
    });
    return before.roles.join() === after.roles.join() ? null : changeRoles(tx, id, now);
  });
  return toAdminUser(await findUser(deps.db, id));
}
