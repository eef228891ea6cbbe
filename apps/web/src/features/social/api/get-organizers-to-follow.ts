import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/session';
import type { OrganizerCardList } from './get-following';
import { socialKeys } from './social-keys';

export function getOrganizersToFollow(limit: number, signal?: AbortSignal) {
  return apiClient.get<OrganizerCardList>('/api/v1/profile/organizers-to-follow/', {
    query: { limit, offset: 0 },
    signal,
  });
}

export function organizersToFollowQueryOptions(userId: string | null, limit = 12) {
  return queryOptions({
    // Per reader: the answer leaves out whom they already follow.
    queryKey: [...socialKeys.organizersToFollow(), userId, limit],
    queryFn: ({ signal }) => getOrganizersToFollow(limit, signal),
  });
}

export function useOrganizersToFollow(limit?: number) {
  const user = useCurrentUser();
  return useQuery(organizersToFollowQueryOptions(user?.id ?? null, limit));
}
