import { useMutation } from '@tanstack/react-query';
import type { AuthTokens, PasswordChangeRequest } from '@hafla/shared/auth/requests';
import { apiClient } from '../../../lib/api-client';
import { signIn } from '../../../lib/session';

/** Ends every other session and answers fresh tokens for this one (PRODUCT.md section 2). */
export function changePassword(body: PasswordChangeRequest): Promise<AuthTokens> {
  return apiClient.request<AuthTokens>('/auth/password/change/', {
    method: 'POST',
    body,
    credentials: 'same-origin',
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: changePassword,
    onSuccess: (tokens) => signIn(tokens),
  });
}
