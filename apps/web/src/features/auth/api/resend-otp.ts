import { useMutation } from '@tanstack/react-query';
import type { OtpSent, ResendOtpRequest } from '@hafla/shared/auth/requests';
import { apiClient } from '../../../lib/api-client';

/** The same answer whether or not the email is known; too soon is a 429 with Retry-After. */
export function resendOtp(body: ResendOtpRequest): Promise<OtpSent> {
  return apiClient.request<OtpSent>('/otp/resend_otp/', {
    method: 'POST',
    body,
    authenticate: false,
  });
}

export function useResendOtp() {
  return useMutation({ mutationFn: resendOtp });
}
