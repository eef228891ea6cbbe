import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Follower } from '@hafla/shared/social/follows';
import type { Page } from '@hafla/shared/common/pagination';
import { apiClient } from '../../../lib/api-client';
import { nextPageOffset } from '../../../lib/pagination';
import { socialKeys } from './social-keys';

export type FollowerList = Page<Follower>;

export const FOLLOWERS_PAGE_SIZE = 24;

export function getFollowers(
  organizerId: string,
  offset: number,
  signal?: AbortSignal,
): Promise<FollowerList> {
  return apiClient.get<FollowerList>(
    `/api/v1/profile/${encodeURIComponent(organizerId)}/followers/`,
    { query: { limit: FOLLOWERS_PAGE_SIZE, offset }, signal },
  );
}

export function followersQueryOptions(organizerId: string) {
  return infiniteQueryOptions({
    queryKey: socialKeys.followers(organizerId),
    queryFn: ({ pageParam, signal }) => getFollowers(organizerId, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: nextPageOffset,
    staleTime: 60_000,
  });
}

export function useFollowers(organizerId: string) {
  return useInfiniteQuery(followersQueryOptions(organizerId));
}
