import { useMutation } from '@tanstack/react-query';
import type { OtpSent, RegisterRequest } from '@hafla/shared/auth/requests';
import { apiClient } from '../../../lib/api-client';

export function register(body: RegisterRequest): Promise<OtpSent> {
  return apiClient.request<OtpSent>('/register/', {
    method: 'POST',
    body,
    authenticate: false,
  });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
