import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { events } from '../../db/schema/events';
import { follows, wishlistItems } from '../../db/schema/social';

interface Window {
  limit: number;
  offset: number;
}

const isVisibleEvent = inArray(events.status, ['published', 'cancelled']);

/** A published (ended or not) or cancelled event, with its wishlist count; never a draft. */
export async function findVisibleEvent(db: Db, id: number) {
  const [row] = await db
    .select({ id: events.id, wishlist_count: events.wishlist_count })
    .from(events)
    .where(and(eq(events.id, id), isVisibleEvent))
    .limit(1);
  return row ?? null;
}

export async function findWishlistCount(db: Db, eventId: number): Promise<number> {
  const [row] = await db
    .select({ value: events.wishlist_count })
    .from(events)
    .where(eq(events.id, eventId));
  return row?.value ?? 0;
}

/** Idempotent: a second add changes nothing (and the count trigger does not fire). */
export async function addToWishlist(db: Db, userId: string, eventId: number): Promise<void> {
  await db
    .insert(wishlistItems)
    .values({ user_id: userId, event_id: eventId })
    .onConflictDoNothing({ target: [wishlistItems.user_id, wishlistItems.event_id] });
}

export async function removeFromWishlist(db: Db, userId: string, eventId: number): Promise<void> {
  await db
    .delete(wishlistItems)
    .where(and(eq(wishlistItems.user_id, userId), eq(wishlistItems.event_id, eventId)));
}

/** A page of the wishlist's visible events, the most recently added first. */
export async function findWishlistEventIds(db: Db, userId: string, window: Window) {
  const where = and(eq(wishlistItems.user_id, userId), isVisibleEvent);
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: wishlistItems.event_id })
      .from(wishlistItems)
      .innerJoin(events, eq(events.id, wishlistItems.event_id))
      .where(where)
      .orderBy(desc(wishlistItems.created_at), desc(wishlistItems.event_id))
      .limit(window.limit)
      .offset(window.offset),
    db
      .select({ value: count() })
      .from(wishlistItems)
      .innerJoin(events, eq(events.id, wishlistItems.event_id))
      .where(where),
  ]);
  return { ids: rows.map((row) => row.id), count: total?.value ?? 0 };
}

/** Idempotent, like the wishlist. */
export async function addFollow(db: Db, followerId: string, organizerId: string): Promise<void> {
  await db
    .insert(follows)
    .values({ follower_id: followerId, organizer_id: organizerId })
    .onConflictDoNothing({ target: [follows.follower_id, follows.organizer_id] });
}

export async function removeFollow(db: Db, followerId: string, organizerId: string): Promise<void> {
  await db
    .delete(follows)
    .where(and(eq(follows.follower_id, followerId), eq(follows.organizer_id, organizerId)));
}

/** An organizer's followers, the most recent first. */
export async function findFollowers(db: Db, organizerId: string, window: Window) {
  const where = eq(follows.organizer_id, organizerId);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: users.id,
        first_name: users.first_name,
        last_name: users.last_name,
        avatar_key: users.avatar_key,
        followed_at: follows.created_at,
      })
      .from(follows)
      .innerJoin(users, eq(users.id, follows.follower_id))
      .where(where)
      .orderBy(desc(follows.created_at), desc(follows.follower_id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ value: count() }).from(follows).where(where),
  ]);
  return { rows, count: total?.value ?? 0 };
}
