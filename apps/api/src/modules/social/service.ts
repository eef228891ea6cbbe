import type { Language } from '@hafla/shared/common/i18n';
import type { PaginationQuery } from '@hafla/shared/common/pagination';
import type { EventSummary } from '@hafla/shared/events/discovery';
import type { Follower, FollowState, OrganizerCard } from '@hafla/shared/social/follows';
import type { WishlistState } from '@hafla/shared/social/wishlist';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import type { FileStorage } from '../../lib/storage';
import { avatarUrl, findUserById } from '../auth/users';
import { loadEventSummaries } from '../discovery/event-summaries';
import { findFollowedOrganizers, findOrganizersToFollow } from './organizer-cards';
import * as queries from './queries';
import { followStats } from './social-counts';

export interface SocialDeps {
  db: Db;
  storage: FileStorage;
}

interface Page<T> {
  count: number;
  results: T[];
}

/** Wishlists and followed lists are private: only their owner reads or changes them. */
function assertOwn(profileId: string, viewerId: string) {
  if (profileId !== viewerId) throw new AppError('permission_denied', { status: 403 });
}

export async function listWishlist(
  deps: SocialDeps,
  reader: { language: Language; viewerId: string; now: Date },
  profileId: string,
  window: PaginationQuery,
): Promise<Page<EventSummary>> {
  assertOwn(profileId, reader.viewerId);
  const { ids, count } = await queries.findWishlistEventIds(deps.db, profileId, window);
  return { count, results: await loadEventSummaries({ ...deps, ...reader }, ids) };
}

/** Adds or removes an event (published, ended or cancelled; drafts are not_found). Idempotent. */
export async function setWishlisted(
  deps: SocialDeps,
  viewerId: string,
  profileId: string,
  eventId: number,
  isWishlisted: boolean,
): Promise<WishlistState> {
  assertOwn(profileId, viewerId);
  const event = await queries.findVisibleEvent(deps.db, eventId);
  if (!event) throw notFound('event');
  if (isWishlisted) await queries.addToWishlist(deps.db, viewerId, eventId);
  else await queries.removeFromWishlist(deps.db, viewerId, eventId);
  return {
    event: eventId,
    is_wishlisted: isWishlisted,
    wishlist_count: await queries.findWishlistCount(deps.db, eventId),
  };
}

/** An organizer anyone may see (finished, verified), else not_found like a missing account. */
async function findVisibleOrganizer(db: Db, id: string) {
  const user = await findUserById(db, id);
  if (!user || user.user_type !== 'organizer' || !user.is_verified || !user.is_profile_complete)
    throw notFound();
  return user;
}

export async function setFollowing(
  deps: SocialDeps,
  viewerId: string,
  organizerId: string,
  isFollowing: boolean,
): Promise<FollowState> {
  if (organizerId === viewerId) throw new AppError('cannot_follow_self', { status: 400 });
  await findVisibleOrganizer(deps.db, organizerId);
  if (isFollowing) await queries.addFollow(deps.db, viewerId, organizerId);
  else await queries.removeFollow(deps.db, viewerId, organizerId);
  const stats = await followStats(deps.db, organizerId, viewerId);
  return { organizer: organizerId, ...stats };
}

export async function listFollowing(
  deps: SocialDeps,
  viewerId: string,
  profileId: string,
  window: PaginationQuery,
  now: Date,
): Promise<Page<OrganizerCard>> {
  assertOwn(profileId, viewerId);
  return findFollowedOrganizers(deps, profileId, window, now);
}

/** An organizer's followers are public (PRODUCT.md section 3). */
export async function listFollowers(
  deps: SocialDeps,
  organizerId: string,
  window: PaginationQuery,
): Promise<Page<Follower>> {
  await findVisibleOrganizer(deps.db, organizerId);
  const { rows, count } = await queries.findFollowers(deps.db, organizerId, window);
  return {
    count,
    results: rows.map((row) => ({
      id: row.id,
      name: `${row.first_name} ${row.last_name}`.trim(),
      avatar: avatarUrl(row, deps.storage),
      followed_at: row.followed_at.toISOString(),
    })),
  };
}

export const listOrganizersToFollow = (
  deps: SocialDeps,
  viewerId: string | null,
  window: PaginationQuery,
  now: Date,
) => findOrganizersToFollow(deps, viewerId, window, now);
