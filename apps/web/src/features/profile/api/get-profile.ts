import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OwnProfile } from '@hafla/shared/profile/profile';
import { apiClient } from '../../../lib/api-client';

export const profileKeys = {
  all: ['profile'] as const,
  own: (userId: string) => [...profileKeys.all, userId] as const,
};

export interface GetOwnProfileOptions {
  signal?: AbortSignal;
  /** While restoring a session at boot a failure just means "signed out", with no redirect. */
  quiet?: boolean;
}

/** The signed-in account's own profile; a 404 here means the account is gone, so sign out. */
export function getOwnProfile(
  userId: string,
  { signal, quiet = false }: GetOwnProfileOptions = {},
): Promise<OwnProfile> {
  return apiClient.get<OwnProfile>(`/api/v1/profile/${encodeURIComponent(userId)}/`, {
    signal,
    signOutOnNotFound: !quiet,
    signOutOnAuthError: !quiet,
  });
}

export function ownProfileQueryOptions(userId: string) {
  return queryOptions({
    queryKey: profileKeys.own(userId),
    queryFn: ({ signal }) => getOwnProfile(userId, { signal }),
  });
}

export function useOwnProfile(userId: string) {
  return useQuery(ownProfileQueryOptions(userId));
}
