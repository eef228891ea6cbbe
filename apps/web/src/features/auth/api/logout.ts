import { apiClient } from '../../../lib/api-client';

/** Revokes the refresh token in the cookie, and the API clears the cookie. */
export function logout(): Promise<unknown> {
  return apiClient.request('/auth/logout/', {
    method: 'POST',
    body: {},
    authenticate: false,
    signOutOnAuthError: false,
    credentials: 'same-origin',
  });
}
