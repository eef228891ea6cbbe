import { useMutation } from '@tanstack/react-query';
import type { ResetToken, VerifyOtpRequest } from '@hafla/shared/auth/requests';
import { apiClient } from '../../../lib/api-client';

export function verifyOtp(body: VerifyOtpRequest): Promise<ResetToken> {
  return apiClient.request<ResetToken>('/otp/verify/', {
    method: 'POST',
    body,
    authenticate: false,
  });
}

export function useVerifyOtp() {
  return useMutation({ mutationFn: verifyOtp });
}
