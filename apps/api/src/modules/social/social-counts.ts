import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { follows } from '../../db/schema/social';

/**
 * The social module's public surface for profiles and event pages: how many follow an
 * organizer, and whether the reader is one of them.
 */

export interface FollowStats {
  followers_count: number;
  /** False for an anonymous reader. */
  is_following: boolean;
}

export async function followStats(
  db: Db,
  organizerId: string,
  viewerId: string | null,
): Promise<FollowStats> {
  const [[total], own] = await Promise.all([
    db.select({ value: count() }).from(follows).where(eq(follows.organizer_id, organizerId)),
    viewerId && viewerId !== organizerId
      ? db
          .select({ organizer_id: follows.organizer_id })
          .from(follows)
          .where(and(eq(follows.follower_id, viewerId), eq(follows.organizer_id, organizerId)))
          .limit(1)
      : Promise.resolve([]),
  ]);
  return { followers_count: total?.value ?? 0, is_following: own.length > 0 };
}
