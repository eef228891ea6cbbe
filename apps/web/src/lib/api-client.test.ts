import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, stubFetch } from '../test/stub-fetch';
import { ApiError, apiClient, setLoginNavigator } from './api-client';
import { LANGUAGE_STORAGE_KEY } from './language';
import { user } from '../test/fixtures';
import { clearSession, getAccessToken, readSessionHint, signIn as startSession } from './session';

function signIn() {
  startSession({ access: 'access-token-7', user });
}

function isSignedOut() {
  return getAccessToken() === null && readSessionHint() === null;
}

function spyOnLoginNavigation() {
  const navigate = vi.fn();
  setLoginNavigator(navigate);
  return navigate;
}

async function catchApiError(promise: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await promise.catch((caught: unknown) => caught);
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

afterEach(() => {
  setLoginNavigator(() => {});
  clearSession();
});

describe('apiClient.request', () => {
  it('sends the stored language as Accept-Language and the session token as a bearer', async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'ar');
    signIn();
    const { requests } = stubFetch({ 'GET /api/v1/categories/': { results: [] } });

    await apiClient.get('/api/v1/categories/', { query: { limit: 5, offset: 0 } });

    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.url.pathname).toBe('/api/v1/categories/');
    expect(request?.url.search).toBe('?limit=5&offset=0');
    expect(request?.headers.get('Accept-Language')).toBe('ar');
    expect(request?.headers.get('Authorization')).toBe('Bearer access-token-7');
  });

  it("asks the server every time rather than the browser's copy, which a shared cache's directives let go stale", async () => {
    const { requests } = stubFetch({ 'GET /api/v1/faq/': { results: [] } });

    await apiClient.get('/api/v1/faq/');

    expect(requests[0]?.cache).toBe('no-cache');
  });

  it('sends no Authorization header and English when nothing is stored', async () => {
    const { requests } = stubFetch({ 'GET /api/v1/faq/': { results: [] } });

    await apiClient.get('/api/v1/faq/');

    expect(requests[0]?.headers.has('Authorization')).toBe(false);
    expect(requests[0]?.headers.get('Accept-Language')).toBe('en');
  });

  it('never sends a token kept in storage: the access token lives in memory only', async () => {
    window.localStorage.setItem('session', JSON.stringify({ user_id: user.id, access: 'old' }));
    const { requests } = stubFetch({ 'GET /api/v1/faq/': { results: [] } });

    await apiClient.get('/api/v1/faq/');

    expect(requests[0]?.headers.has('Authorization')).toBe(false);
  });

  it('sends FormData as it is, leaving the multipart boundary to the browser', async () => {
    signIn();
    const { fetchStub } = stubFetch({ [`PATCH /api/v1/profile/${user.id}/`]: {} });
    const form = new FormData();
    form.append('first_name', 'Sara');

    await apiClient.request(`/api/v1/profile/${user.id}/`, { method: 'PATCH', body: form });

    const init = fetchStub.mock.calls[0]?.[1];
    expect(init?.body).toBe(form);
    expect(new Headers(init?.headers).has('Content-Type')).toBe(false);
  });

  it('reads Retry-After into the error', async () => {
    stubFetch({
      'POST /otp/resend_otp/': () => {
        const response = errorResponse(429, 'resend_too_soon');
        response.headers.set('Retry-After', '42');
        return response;
      },
    });

    const error = await catchApiError(
      apiClient.request('/otp/resend_otp/', { method: 'POST', body: {} }),
    );

    expect(error.code).toBe('resend_too_soon');
    expect(error.retryAfter).toBe(42);
  });

  it('sends a JSON body and returns the parsed answer', async () => {
    const { requests } = stubFetch({
      'POST /api/v1/problem-reports/': () => jsonResponse({ id: 3 }, 201),
    });

    const answer = await apiClient.request<{ id: number }>('/api/v1/problem-reports/', {
      method: 'POST',
      body: { subject: 'Broken', message: 'The page is broken.' },
    });

    expect(answer).toEqual({ id: 3 });
    expect(requests[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(JSON.parse(requests[0]?.body ?? '')).toEqual({
      subject: 'Broken',
      message: 'The page is broken.',
    });
  });

  it('answers a blob when asked, with the token, for downloads such as a PDF', async () => {
    signIn();
    const { requests } = stubFetch({
      'GET /api/v1/bookings/4/pdf/': () =>
        new Response('%PDF-1.7', { headers: { 'Content-Type': 'application/pdf' } }),
    });

    const answer = await apiClient.get<Blob>('/api/v1/bookings/4/pdf/', {
      responseType: 'blob',
      headers: { Accept: 'application/pdf' },
    });

    expect(answer).toBeInstanceOf(Blob);
    expect(await answer.text()).toBe('%PDF-1.7');
    expect(answer.type).toBe('application/pdf');
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer access-token-7');
    expect(requests[0]?.headers.get('Accept')).toBe('application/pdf');
  });

  it('turns the error envelope into an ApiError with status, type, errors and first code', async () => {
    stubFetch({
      'POST /api/v1/problem-reports/': () =>
        jsonResponse(
          {
            type: 'validation_error',
            errors: [
              { code: 'min_length', detail: 'Too short.', attr: 'subject' },
              { code: 'required', detail: 'Required.', attr: 'message' },
            ],
          },
          400,
        ),
    });

    const error = await catchApiError(
      apiClient.request('/api/v1/problem-reports/', { method: 'POST', body: {} }),
    );

    expect(error.status).toBe(400);
    expect(error.type).toBe('validation_error');
    expect(error.code).toBe('min_length');
    expect(error.message).toBe('Too short.');
    expect(error.errors.map((item) => item.attr)).toEqual(['subject', 'message']);
  });

  it('reports a server error when the failure body is not the envelope', async () => {
    stubFetch({
      'GET /api/v1/faq/': () => new Response('<html>Bad gateway</html>', { status: 502 }),
    });

    const error = await catchApiError(apiClient.get('/api/v1/faq/'));

    expect(error.status).toBe(502);
    expect(error.type).toBe('server_error');
    expect(error.code).toBe('server_error');
    expect(error.message).toBe('Something went wrong on our side. Please try again.');
  });

  it.each(['token_not_valid', 'not_authenticated'])(
    'signs out and goes to /auth/login on %s',
    async (code) => {
      signIn();
      const navigate = spyOnLoginNavigation();
      stubFetch({ [`GET /api/v1/profile/${user.id}/`]: () => errorResponse(401, code) });

      const error = await catchApiError(apiClient.get(`/api/v1/profile/${user.id}/`));

      expect(error.code).toBe(code);
      expect(isSignedOut()).toBe(true);
      expect(navigate).toHaveBeenCalledWith('/auth/login');
    },
  );

  it('keeps the session on a plain 404 so the page can show not-found', async () => {
    signIn();
    const navigate = spyOnLoginNavigation();
    stubFetch({});

    const error = await catchApiError(apiClient.get('/api/v1/configuration/missing'));

    expect(error.status).toBe(404);
    expect(error.code).toBe('not_found');
    expect(isSignedOut()).toBe(false);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('signs out on a 404 about the signed-in account itself', async () => {
    signIn();
    const navigate = spyOnLoginNavigation();
    stubFetch({});

    await catchApiError(apiClient.get(`/api/v1/profile/${user.id}/`, { signOutOnNotFound: true }));

    expect(isSignedOut()).toBe(true);
    expect(navigate).toHaveBeenCalledWith('/auth/login');
  });

  it('keeps the session on other client errors such as permission_denied', async () => {
    signIn();
    const navigate = spyOnLoginNavigation();
    stubFetch({ 'GET /api/v1/admin/users/': () => errorResponse(403, 'permission_denied') });

    await catchApiError(apiClient.get('/api/v1/admin/users/'));

    expect(isSignedOut()).toBe(false);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('turns a network failure into a translated client error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );

    const error = await catchApiError(apiClient.get('/api/v1/faq/'));

    expect(error.status).toBe(0);
    expect(error.type).toBe('client_error');
    expect(error.code).toBe('network_error');
    expect(error.message).toBe('We could not reach Hafla. Check your connection and try again.');
  });

  it('lets an aborted request reject with the abort itself', async () => {
    const controller = new AbortController();
    controller.abort();
    const abort = new DOMException('Aborted', 'AbortError');
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(abort)),
    );

    await expect(apiClient.get('/api/v1/faq/', { signal: controller.signal })).rejects.toBe(abort);
  });
});
