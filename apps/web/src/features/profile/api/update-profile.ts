import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OwnProfile, ProfileUpdateRequest } from '@hafla/shared/profile/profile';
import type { Language } from '@hafla/shared/common/i18n';
import { apiClient } from '../../../lib/api-client';
import { setSessionUser } from '../../../lib/session';
import { ownProfileQueryOptions } from './get-profile';

export interface UpdateProfileInput {
  userId: string;
  /** JSON fields, or multipart form data carrying the same fields and the `avatar` file. */
  body: ProfileUpdateRequest | FormData;
  keepalive?: boolean;
}

export function updateProfile({
  userId,
  body,
  keepalive,
}: UpdateProfileInput): Promise<OwnProfile> {
  return apiClient.request<OwnProfile>(`/api/v1/profile/${encodeURIComponent(userId)}/`, {
    method: 'PATCH',
    body,
    keepalive,
  });
}

/** Saves the reader's language on the account, so emails arrive in it too. */
export function saveProfileLanguage(
  userId: string,
  language: Language,
  options: { keepalive?: boolean } = {},
): Promise<OwnProfile> {
  return updateProfile({ userId, body: { language }, keepalive: options.keepalive });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData(ownProfileQueryOptions(profile.id).queryKey, profile);
      setSessionUser(profile);
    },
  });
}
