import { useMutation } from '@tanstack/react-query';
import type { CompleteRegistrationRequest } from '@hafla/shared/auth/requests';
import type { User } from '@hafla/shared/auth/users';
import { apiClient } from '../../../lib/api-client';
import { setSessionUser } from '../../../lib/session';

export function completeRegistration(body: CompleteRegistrationRequest): Promise<User> {
  return apiClient.request<User>('/complete_registration/', { method: 'PATCH', body });
}

export function useCompleteRegistration() {
  return useMutation({
    mutationFn: completeRegistration,
    onSuccess: (user) => setSessionUser(user),
  });
}
