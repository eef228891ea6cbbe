import { eq, sql, type SQL } from 'drizzle-orm';
import type { RatingSummary } from '@hafla/shared/social/ratings';
import type { Db } from '../../db/client';
import { eventRatings } from '../../db/schema/ratings';

/**
 * The ratings module's public surface: the average and count that profiles show. An
 * organizer's figures are over the ratings of all their events (one index: organizer_id).
 */

/** One decimal, computed from integers so both engines round alike; null without ratings. */
export function averageOf(sum: number, count: number): number | null {
  return count === 0 ? null : Math.round((sum * 10) / count) / 10;
}

export async function summarizeRatings(db: Db, where: SQL): Promise<RatingSummary> {
  const stars = (value: number) =>
    sql<number>`(count(*) filter (where ${eventRatings.rating} = ${value}))::int`;
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      sum: sql<number>`coalesce(sum(${eventRatings.rating}), 0)::int`,
      one: stars(1),
      two: stars(2),
      three: stars(3),
      four: stars(4),
      five: stars(5),
    })
    .from(eventRatings)
    .where(where);
  const count = row?.count ?? 0;
  return {
    average: averageOf(row?.sum ?? 0, count),
    count,
    distribution: {
      1: row?.one ?? 0,
      2: row?.two ?? 0,
      3: row?.three ?? 0,
      4: row?.four ?? 0,
      5: row?.five ?? 0,
    },
  };
}

export async function organizerRating(
  db: Db,
  organizerId: string,
): Promise<{ average: number | null; count: number }> {
  const { average, count } = await summarizeRatings(db, eq(eventRatings.organizer_id, organizerId));
  return { average, count };
}
