import type { QueryClient } from '@tanstack/react-query';
import type { FollowState, OrganizerCard } from '@hafla/shared/social/follows';
import { apiClient } from '../../../lib/api-client';
import { followingQueryOptions } from './get-following';
import { changeListOptimistically, withItemFirst } from './optimistic-list';
import { socialKeys } from './social-keys';

export interface FollowTarget {
  id: string;
  name: string;
  avatar: string | null;
  bio?: string | null;
  followers_count?: number;
  upcoming_events_count?: number;
}

export interface ToggleFollowInput {
  userId: string;
  organizer: FollowTarget;
  /** The state wanted: true follows, false unfollows (both idempotent on the API). */
  isFollowing: boolean;
}

export function setFollowing({ organizer, isFollowing }: ToggleFollowInput): Promise<FollowState> {
  const action = isFollowing ? 'follow' : 'unfollow';
  return apiClient.request<FollowState>(
    `/api/v1/profile/${encodeURIComponent(organizer.id)}/${action}/`,
    { method: 'POST', body: {} },
  );
}

function toCard(organizer: FollowTarget): OrganizerCard {
  return {
    id: organizer.id,
    name: organizer.name,
    avatar: organizer.avatar,
    bio: organizer.bio ?? null,
    followers_count: organizer.followers_count ?? 0,
    upcoming_events_count: organizer.upcoming_events_count ?? 0,
    is_following: true,
  };
}

/**
 * Follows or unfollows at once and then asks the API; a refusal puts the button back. Like
 * the heart, fetched only when the button is pressed. The answer's follower count is kept
 * for every count of that organizer on screen.
 */
export async function toggleFollow(
  queryClient: QueryClient,
  input: ToggleFollowInput,
): Promise<FollowState> {
  try {
    const state = await changeListOptimistically(
      queryClient,
      followingQueryOptions(input.userId).queryKey,
      (list) => withItemFirst(list, toCard(input.organizer), input.isFollowing),
      () => setFollowing(input),
    );
    queryClient.setQueryData(socialKeys.followState(state.organizer), state);
    return state;
  } finally {
    void queryClient.invalidateQueries({ queryKey: socialKeys.followers(input.organizer.id) });
  }
}
