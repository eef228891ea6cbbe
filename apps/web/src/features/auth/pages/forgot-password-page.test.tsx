import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { catalogRoutes, renderApp } from '../../../test/render-app';
import { jsonResponse, stubFetch } from '../../../test/stub-fetch';

describe('forgot-password page', () => {
  it('shows only the error message when the call fails, never a field error', async () => {
    stubFetch({
      ...catalogRoutes,
      'POST /auth/forgot_password/': () =>
        jsonResponse(
          {
            type: 'client_error',
            errors: [{ code: 'throttled', detail: 'Too many requests.', attr: 'email' }],
          },
          429,
        ),
    });
    renderApp('/auth/forgot-password');

    await userEvent.type(await screen.findByLabelText(/Email address/), 'sara@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Too many requests.');
    expect(screen.getByLabelText(/Email address/).getAttribute('aria-invalid')).not.toBe('true');
  });

  it('sends the code and goes on to enter it', async () => {
    const { requests } = stubFetch({
      ...catalogRoutes,
      'POST /auth/forgot_password/': {
        detail: 'If this email has an account, a code is on its way.',
        email: 'sara@example.com',
        expires_in: 600,
        resend_in: 60,
      },
    });
    const { router } = renderApp('/auth/forgot-password');

    await userEvent.type(await screen.findByLabelText(/Email address/), 'sara@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/verify-otp'));
    expect(router.state.location.search).toBe('?email=sara%40example.com');
    const call = requests.find((request) => request.url.pathname === '/auth/forgot_password/');
    expect(JSON.parse(call?.body ?? '')).toEqual({ email: 'sara@example.com' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Enter your reset code' }),
    ).toBeTruthy();
  });
});
