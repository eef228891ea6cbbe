import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordRequest, OtpSent } from '@hafla/shared/auth/requests';
import { apiClient } from '../../../lib/api-client';

/** The same answer whether or not the email is registered (PRODUCT.md section 2). */
export function forgotPassword(body: ForgotPasswordRequest): Promise<OtpSent> {
  return apiClient.request<OtpSent>('/auth/forgot_password/', {
    method: 'POST',
    body,
    authenticate: false,
  });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
