import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FollowState, OrganizerCard } from '@hafla/shared/social/follows';
import type { Page } from '@hafla/shared/common/pagination';
import { apiClient } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/session';
import { socialKeys } from './social-keys';

export type OrganizerCardList = Page<OrganizerCard>;

/** Like the wishlist, fetched whole: nobody follows more than a thousand organizers. */
export const FOLLOWING_PAGE = { limit: 1000, offset: 0 } as const;

export function getFollowing(userId: string, signal?: AbortSignal): Promise<OrganizerCardList> {
  return apiClient.get<OrganizerCardList>(
    `/api/v1/profile/${encodeURIComponent(userId)}/following/`,
    { query: FOLLOWING_PAGE, signal },
  );
}

export function followingQueryOptions(userId: string) {
  return queryOptions({
    queryKey: socialKeys.following(userId),
    queryFn: ({ signal }) => getFollowing(userId, signal),
  });
}

export function useFollowing() {
  const user = useCurrentUser();
  return useQuery({ ...followingQueryOptions(user?.id ?? ''), enabled: user !== null });
}

/** Set by a follow or unfollow answer; read by every count and button of that organizer. */
export function useFollowState(organizerId: string): FollowState | undefined {
  const { data } = useQuery<FollowState | null>({
    queryKey: socialKeys.followState(organizerId),
    // Never fetched: only the follow and unfollow answers write it.
    queryFn: () => null,
    enabled: false,
    staleTime: Infinity,
  });
  return data ?? undefined;
}

/** Whether the reader follows an organizer: the last answer, the following list, the page's flag. */
export function useIsFollowing(organizer: { id: string; is_following?: boolean }): boolean {
  const user = useCurrentUser();
  const state = useFollowState(organizer.id);
  const { data: isListed } = useQuery({
    ...followingQueryOptions(user?.id ?? ''),
    enabled: user !== null,
    select: (list) => list.results.some((item) => item.id === organizer.id),
  });
  if (!user) return false;
  return isListed ?? state?.is_following ?? organizer.is_following ?? false;
}

/** An organizer's follower count, kept current after the reader follows or unfollows. */
export function useFollowersCount(organizerId: string, fromPage: number): number {
  return useFollowState(organizerId)?.followers_count ?? fromPage;
}
