import { eq } from 'drizzle-orm';
import type {
  OwnProfile,
  PublicProfile,
  ProfileUpdateRequest,
} from '@hafla/shared/profile/profile';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { AppError, notFound } from '../../lib/app-error';
import { storeImage } from '../../lib/image-type';
import type { FileStorage } from '../../lib/storage';
import { avatarUrl, findUserById, toUser, type UserRow } from '../auth/users';
import { organizerRating } from '../ratings/rating-summary';
import { followStats, type FollowStats } from '../social/social-counts';

export interface ProfileDeps {
  db: Db;
  storage: FileStorage;
}

export interface AvatarUpload {
  content: Buffer;
}

/** Follows and the average rating of the account's events (empty for attendees). */
interface ProfileStats extends FollowStats {
  rating: { average: number | null; count: number };
}

async function profileStats(db: Db, user: UserRow, viewerId: string | null): Promise<ProfileStats> {
  const [follow, rating] = await Promise.all([
    followStats(db, user.id, viewerId),
    user.user_type === 'organizer'
      ? organizerRating(db, user.id)
      : Promise.resolve({ average: null, count: 0 }),
  ]);
  return { ...follow, rating };
}

function toOwnProfile(user: UserRow, storage: FileStorage, stats: ProfileStats): OwnProfile {
  return {
    ...toUser(user, storage),
    followers_count: stats.followers_count,
    rating: stats.rating,
  };
}

function toPublicProfile(user: UserRow, storage: FileStorage, stats: ProfileStats): PublicProfile {
  const isOrganizer = user.user_type === 'organizer';
  return {
    id: user.id,
    first_name: user.first_name,
    last_name: user.last_name,
    avatar: avatarUrl(user, storage),
    user_type: isOrganizer ? 'organizer' : 'attendee',
    organization_name: isOrganizer ? user.organization_name : null,
    bio: isOrganizer ? user.bio : null,
    ...stats,
  };
}

/** The own profile in full; anyone else sees the public part of a finished, verified account. */
export async function getProfile(
  deps: ProfileDeps,
  id: string,
  viewerId: string | null,
): Promise<OwnProfile | PublicProfile> {
  const user = await findUserById(deps.db, id);
  if (!user) throw notFound();
  const isOwn = user.id === viewerId;
  if (!isOwn && (!user.is_verified || !user.is_profile_complete)) throw notFound();
  const stats = await profileStats(deps.db, user, viewerId);
  return isOwn
    ? toOwnProfile(user, deps.storage, stats)
    : toPublicProfile(user, deps.storage, stats);
}

export async function updateProfile(
  deps: ProfileDeps,
  id: string,
  viewerId: string,
  input: ProfileUpdateRequest,
  avatar: AvatarUpload | null,
): Promise<OwnProfile> {
  if (id !== viewerId) throw new AppError('permission_denied', { status: 403 });
  const user = await findUserById(deps.db, id);
  if (!user) throw notFound();

  let avatarKey = user.avatar_key;
  if (avatar) {
    avatarKey = await storeImage(deps.storage, avatar.content, `avatars/${user.id}`, 'avatar');
  } else if (input.avatar === null) {
    avatarKey = null;
  }

  const isOrganizer = user.user_type === 'organizer';
  const [updated] = await deps.db
    .update(users)
    .set({
      ...(input.first_name !== undefined && { first_name: input.first_name }),
      ...(input.last_name !== undefined && { last_name: input.last_name }),
      ...(input.phone !== undefined && { phone: input.phone }),
      ...(input.bio !== undefined && { bio: input.bio }),
      ...(input.language !== undefined && { language: input.language }),
      ...(isOrganizer &&
        input.organization_name !== undefined && { organization_name: input.organization_name }),
      avatar_key: avatarKey,
      updated_at: new Date(),
    })
    .where(eq(users.id, user.id))
    .returning();
  if (!updated) throw notFound();
  // The previous image goes only once the row no longer points at it.
  if (user.avatar_key && user.avatar_key !== avatarKey) await deps.storage.delete(user.avatar_key);
  return toOwnProfile(updated, deps.storage, await profileStats(deps.db, updated, null));
}
