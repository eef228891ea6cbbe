import { useMutation } from '@tanstack/react-query';
import type { AuthTokens, VerifyEmailRequest } from '@hafla/shared/auth/requests';
import { apiClient } from '../../../lib/api-client';

export function verifyEmail(body: VerifyEmailRequest): Promise<AuthTokens> {
  return apiClient.request<AuthTokens>('/otp/verify_email/', {
    method: 'POST',
    body,
    authenticate: false,
    credentials: 'same-origin',
  });
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}
