import { useMutation } from '@tanstack/react-query';
import type { AuthTokens, LoginRequest } from '@hafla/shared/auth/requests';
import { apiClient } from '../../../lib/api-client';

export function login(body: LoginRequest): Promise<AuthTokens> {
  // The answer also sets the httpOnly refresh cookie, hence the explicit credentials.
  return apiClient.request<AuthTokens>('/auth/login/', {
    method: 'POST',
    body,
    authenticate: false,
    credentials: 'same-origin',
  });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
