import { and, asc, count, desc, eq, ne, notExists, sql, type SQL } from 'drizzle-orm';
import type { OrganizerCard } from '@hafla/shared/social/follows';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { events } from '../../db/schema/events';
import { follows } from '../../db/schema/social';
import type { FileStorage } from '../../lib/storage';

/**
 * The social module's public surface for lists of organizers (organizers to follow on the
 * home page, the following page) and for how an organizer is named.
 */

export interface CardDeps {
  db: Db;
  storage: FileStorage;
}

interface Window {
  limit: number;
  offset: number;
}

/** The name an organizer goes by: the organization, else the person. */
export function organizerName(
  user: Pick<typeof users.$inferSelect, 'organization_name' | 'first_name' | 'last_name'>,
): string {
  return user.organization_name?.trim() || `${user.first_name} ${user.last_name}`.trim();
}

/** Organizers anyone may see: finished, verified accounts. */
export const isVisibleOrganizer: SQL = and(
  eq(users.user_type, 'organizer'),
  eq(users.is_verified, true),
  eq(users.is_profile_complete, true),
)!;

// Drizzle leaves columns unqualified in the select list of a one-table query, where a bare
// "id" inside these subqueries would mean the inner table's: the outer row is named in full.
const outerUserId = sql.raw('"users"."id"');

function cardColumns(now: Date) {
  return {
    id: users.id,
    organization_name: users.organization_name,
    first_name: users.first_name,
    last_name: users.last_name,
    avatar_key: users.avatar_key,
    bio: users.bio,
    followers_count: sql<number>`(select count(*)::int from ${follows} where ${follows.organizer_id} = ${outerUserId})`,
    upcoming_events_count: sql<number>`(select count(*)::int from ${events} where ${events.organizer_id} = ${outerUserId} and ${events.status} = 'published' and ${events.last_end_at} >= ${now.toISOString()}::timestamptz)`,
  };
}

function hasUpcomingEvents(now: Date): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${events} where ${events.organizer_id} = ${outerUserId} and ${events.status} = 'published' and ${events.last_end_at} >= ${now.toISOString()}::timestamptz)`;
}

interface CardRow {
  id: string;
  organization_name: string | null;
  first_name: string;
  last_name: string;
  avatar_key: string | null;
  bio: string | null;
  followers_count: number;
  upcoming_events_count: number;
}

function toCard(row: CardRow, storage: FileStorage, isFollowing: boolean): OrganizerCard {
  return {
    id: row.id,
    name: organizerName(row),
    avatar: row.avatar_key ? storage.url(row.avatar_key) : null,
    bio: row.bio,
    followers_count: Number(row.followers_count),
    upcoming_events_count: Number(row.upcoming_events_count),
    is_following: isFollowing,
  };
}

/**
 * Organizers the reader does not follow yet (nor the reader themselves), most followed first,
 * then those with upcoming events. Anyone may ask; anonymous readers see every organizer.
 */
export async function findOrganizersToFollow(
  deps: CardDeps,
  viewerId: string | null,
  window: Window,
  now: Date,
): Promise<{ count: number; results: OrganizerCard[] }> {
  const conditions: SQL[] = [isVisibleOrganizer];
  if (viewerId) {
    conditions.push(
      ne(users.id, viewerId),
      notExists(
        deps.db
          .select({ one: sql`1` })
          .from(follows)
          .where(and(eq(follows.follower_id, viewerId), eq(follows.organizer_id, users.id))),
      ),
    );
  }
  const columns = cardColumns(now);
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    deps.db
      .select(columns)
      .from(users)
      .where(where)
      // Ranking by whether an organizer has anything coming up (an EXISTS that stops at the
      // first row) rather than by how much lets PostgreSQL count upcoming events only for the
      // page it returns, not for every organizer.
      .orderBy(desc(columns.followers_count), desc(hasUpcomingEvents(now)), asc(users.id))
      .limit(window.limit)
      .offset(window.offset),
    deps.db.select({ value: count() }).from(users).where(where),
  ]);
  return {
    count: total?.value ?? 0,
    results: rows.map((row) => toCard(row, deps.storage, false)),
  };
}

/** The organizers someone follows, the most recently followed first. */
export async function findFollowedOrganizers(
  deps: CardDeps,
  followerId: string,
  window: Window,
  now: Date,
): Promise<{ count: number; results: OrganizerCard[] }> {
  const mine = eq(follows.follower_id, followerId);
  const [rows, [total]] = await Promise.all([
    deps.db
      .select(cardColumns(now))
      .from(follows)
      .innerJoin(users, eq(users.id, follows.organizer_id))
      .where(mine)
      .orderBy(desc(follows.created_at), asc(users.id))
      .limit(window.limit)
      .offset(window.offset),
    deps.db.select({ value: count() }).from(follows).where(mine),
  ]);
  return {
    count: total?.value ?? 0,
    results: rows.map((row) => toCard(row, deps.storage, true)),
  };
}
