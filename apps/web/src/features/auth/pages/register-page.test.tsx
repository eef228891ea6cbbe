import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { catalogRoutes, renderApp } from '../../../test/render-app';
import { jsonResponse, stubFetch } from '../../../test/stub-fetch';

async function register(email: string, password: string, confirmation = password) {
  await userEvent.type(await screen.findByLabelText(/Email address/), email);
  await userEvent.type(screen.getByLabelText(/^Password/), password);
  await userEvent.type(screen.getByLabelText(/^Confirm password/), confirmation);
  await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
}

describe('register page', () => {
  it('spells out the password rules under the password', async () => {
    stubFetch(catalogRoutes);

    renderApp('/auth/register');

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Hafla' })).toBeTruthy();
    const password = screen.getByLabelText(/^Password/);
    const description = document.getElementById(
      password.getAttribute('aria-describedby')?.split(' ')[0] ?? '',
    );
    expect(description?.textContent).toContain('have 8 to 128 characters');
    expect(description?.textContent).toContain('differ from your email address');
    expect(description?.textContent).toContain('not be a commonly used password');
  });

  it('puts each API error on the field its attr names', async () => {
    stubFetch({
      ...catalogRoutes,
      'POST /register/': () =>
        jsonResponse(
          {
            type: 'validation_error',
            errors: [
              { code: 'unique', detail: 'This email is already registered.', attr: 'email' },
              {
                code: 'password_too_common',
                detail: 'This password is too common.',
                attr: 'password',
              },
            ],
          },
          400,
        ),
    });
    const { router } = renderApp('/auth/register');

    await register('sara@example.com', 'password1');

    const email = await screen.findByLabelText(/Email address/);
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('This email is already registered.')).toBeTruthy();
    expect(screen.getByLabelText(/^Password/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('This password is too common.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(router.state.location.pathname).toBe('/auth/register');
  });

  it('catches a mismatched confirmation before asking the API', async () => {
    const { requests } = stubFetch(catalogRoutes);
    renderApp('/auth/register');

    await register('sara@example.com', 'a-long-password', 'a-long-passw0rd');

    expect(await screen.findByText('The two passwords do not match.')).toBeTruthy();
    expect(requests.some((request) => request.url.pathname === '/register/')).toBe(false);
  });

  it('goes on to verify the email the code was sent to', async () => {
    stubFetch({
      ...catalogRoutes,
      'POST /register/': () =>
        jsonResponse(
          { detail: 'Code sent.', email: 'sara@example.com', expires_in: 600, resend_in: 60 },
          201,
        ),
    });
    const { router } = renderApp('/auth/register');

    await register('Sara@Example.com', 'a-long-password');

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/verify-email'));
    expect(router.state.location.search).toBe('?email=sara%40example.com');
    expect(await screen.findByRole('heading', { level: 1, name: 'Check your email' })).toBeTruthy();
  });
});
