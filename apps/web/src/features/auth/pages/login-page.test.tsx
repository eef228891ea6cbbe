import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { accessToken, user } from '../../../test/fixtures';
import { catalogRoutes, renderApp } from '../../../test/render-app';
import { jsonResponse, stubFetch } from '../../../test/stub-fetch';
import { getAccessToken, getSessionState, readSessionHint } from '../../../lib/session';
import { LOGGING_EMAIL_STORAGE_KEY } from '../auth-storage';

function clientError(status: number, code: string, detail: string, attr: string | null = null) {
  return jsonResponse({ type: 'client_error', errors: [{ code, detail, attr }] }, status);
}

async function fillAndSubmit(email: string, password: string) {
  const emailInput = await screen.findByLabelText(/Email address/);
  await userEvent.clear(emailInput);
  await userEvent.type(emailInput, email);
  await userEvent.type(screen.getByLabelText(/^Password/), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('login page', () => {
  it('welcomes the reader with its heading and page title', async () => {
    stubFetch(catalogRoutes);

    renderApp('/auth/login');

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Sign in · Hafla'));
    expect(screen.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe(
      '/auth/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(
      '/auth/register',
    );
  });

  it('shows the one generic error for wrong credentials, on no field', async () => {
    stubFetch({
      ...catalogRoutes,
      'POST /auth/login/': () =>
        clientError(401, 'invalid_credentials', 'The email or password is incorrect.'),
    });
    renderApp('/auth/login');

    await fillAndSubmit('sara@example.com', 'wrong-password');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The email or password is incorrect.');
    expect(screen.getByLabelText(/Email address/).getAttribute('aria-invalid')).not.toBe('true');
    expect(getSessionState().status).toBe('signed-out');
  });

  it('prefills the remembered loggingEmail and remembers the one that signed in', async () => {
    window.localStorage.setItem(LOGGING_EMAIL_STORAGE_KEY, 'old@example.com');
    const access = accessToken();
    const { requests } = stubFetch({
      ...catalogRoutes,
      'POST /auth/login/': { access, refresh: 'never-stored', user },
    });
    const { router } = renderApp('/auth/login');

    expect(((await screen.findByLabelText(/Email address/)) as HTMLInputElement).value).toBe(
      'old@example.com',
    );
    await fillAndSubmit('sara@example.com', 'correct horse battery');

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const login = requests.find((request) => request.url.pathname === '/auth/login/');
    expect(JSON.parse(login?.body ?? '')).toEqual({
      email: 'sara@example.com',
      password: 'correct horse battery',
    });
    expect(window.localStorage.getItem(LOGGING_EMAIL_STORAGE_KEY)).toBe('sara@example.com');
    expect(getAccessToken()).toBe(access);
    expect(readSessionHint()).toEqual({ user_id: user.id });
    expect(JSON.stringify({ ...window.localStorage })).not.toContain('never-stored');
  });

  it('sends an account with an incomplete profile to complete its registration first', async () => {
    stubFetch({
      ...catalogRoutes,
      'POST /auth/login/': {
        access: accessToken(),
        refresh: 'r',
        user: { ...user, first_name: '', last_name: '', is_profile_complete: false },
      },
    });
    const { router } = renderApp('/auth/login?next=%2Fuser%2Fsettings');

    await fillAndSubmit('sara@example.com', 'correct horse battery');

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/complete-registration'));
    expect(router.state.location.search).toBe('?next=%2Fuser%2Fsettings');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome! Tell us about yourself' }),
    ).toBeTruthy();
  });

  it.each([
    ['/faq', '/faq'],
    ['https://evil.example/', '/'],
    ['//evil.example/', '/'],
  ])('after signing in with next=%s, goes to %s', async (next, destination) => {
    stubFetch({
      ...catalogRoutes,
      'POST /auth/login/': { access: accessToken(), refresh: 'r', user },
    });
    const { router } = renderApp(`/auth/login?${new URLSearchParams({ next }).toString()}`);

    await fillAndSubmit('sara@example.com', 'correct horse battery');

    await waitFor(() => expect(router.state.location.pathname).toBe(destination));
  });

  it('offers a new code for an unverified email, then goes to verify it', async () => {
    const { requests } = stubFetch({
      ...catalogRoutes,
      'POST /auth/login/': () =>
        clientError(403, 'email_not_verified', 'Confirm your email address first.', 'email'),
      'POST /otp/resend_otp/': {
        detail: 'We sent you a new code.',
        email: 'new@example.com',
        expires_in: 600,
        resend_in: 60,
      },
    });
    const { router } = renderApp('/auth/login');

    await fillAndSubmit('new@example.com', 'correct horse battery');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Confirm your email address first.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send me a new code' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/verify-email'));
    expect(router.state.location.search).toBe('?email=new%40example.com');
    const resend = requests.find((request) => request.url.pathname === '/otp/resend_otp/');
    expect(JSON.parse(resend?.body ?? '')).toEqual({
      email: 'new@example.com',
      purpose: 'verify_email',
    });
    expect(
      await screen.findByText(/We sent a 6-digit code to \u2068new@example.com\u2069/),
    ).toBeTruthy();
    // A minute from the resend's answer; on a loaded machine a second may pass before this line.
    expect(
      screen.getByText(/^You can ask for a new code in \u2068(1:00|0:5\d)\u2069\.$/),
    ).toBeTruthy();
  });
});
