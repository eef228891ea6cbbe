import type { RefreshedTokens } from '@hafla/shared/auth/requests';
import { apiClient } from '../../../lib/api-client';

/**
 * Sends an empty body: the refresh token travels in the httpOnly `hafla_refresh` cookie, which
 * the answer rotates. The `refresh` in the answer is ignored; script never keeps it.
 */
export function refreshTokens(signal?: AbortSignal): Promise<RefreshedTokens> {
  return apiClient.request<RefreshedTokens>('/auth/token/refresh/', {
    method: 'POST',
    body: {},
    signal,
    authenticate: false,
    signOutOnAuthError: false,
    credentials: 'same-origin',
  });
}
