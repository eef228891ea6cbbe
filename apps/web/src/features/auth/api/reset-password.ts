import { useMutation } from '@tanstack/react-query';
import type { Detail, PasswordResetRequest } from '@hafla/shared/auth/requests';
import { apiClient } from '../../../lib/api-client';

export function resetPassword(body: PasswordResetRequest): Promise<Detail> {
  return apiClient.request<Detail>('/auth/password_reset/', {
    method: 'POST',
    body,
    authenticate: false,
  });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
