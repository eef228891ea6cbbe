import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { accessToken, ownProfile, user } from '../../../test/fixtures';
import { catalogRoutes, renderApp, signInAs } from '../../../test/render-app';
import { jsonResponse, stubFetch } from '../../../test/stub-fetch';
import { getAccessToken, getSessionState } from '../../../lib/session';

/**
 * Each password goes in as one paste, as a password manager fills it: typed key by key, three
 * passwords re-rendered the strength hints some sixty times and took seconds on a busy two-core
 * machine, close to the test's time limit. What is tested is the form's answer, not the typing.
 */
async function fill(field: HTMLElement, text: string) {
  await userEvent.click(field);
  await userEvent.paste(text);
}

async function changePassword(oldPassword: string, newPassword: string) {
  await fill(await screen.findByLabelText(/^Current password/), oldPassword);
  await fill(screen.getByLabelText(/^New password/), newPassword);
  await fill(screen.getByLabelText(/^Confirm new password/), newPassword);
  await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('settings page', () => {
  it('changes the password and stays signed in with the new tokens', async () => {
    const fresh = accessToken();
    const { requests } = stubFetch({
      ...catalogRoutes,
      'POST /auth/password/change/': { access: fresh, refresh: 'in-the-cookie', user },
    });
    signInAs(user);
    renderApp('/user/settings');

    expect(await screen.findByRole('heading', { level: 1, name: 'Your settings' })).toBeTruthy();
    await changePassword('the-old-password', 'a-brand-new-password');

    expect(await screen.findByText(/Your password has been changed/)).toBeTruthy();
    const call = requests.find((request) => request.url.pathname === '/auth/password/change/');
    expect(JSON.parse(call?.body ?? '')).toEqual({
      old_password: 'the-old-password',
      new_password: 'a-brand-new-password',
    });
    expect(getAccessToken()).toBe(fresh);
    expect(getSessionState().status).toBe('signed-in');
  });

  it('puts a wrong current password on its field', async () => {
    stubFetch({
      ...catalogRoutes,
      'POST /auth/password/change/': () =>
        jsonResponse(
          {
            type: 'validation_error',
            errors: [
              {
                code: 'old_password_incorrect',
                detail: 'Your current password is incorrect.',
                attr: 'old_password',
              },
            ],
          },
          400,
        ),
    });
    signInAs(user);
    renderApp('/user/settings');

    await changePassword('not-it', 'a-brand-new-password');

    const field = screen.getByLabelText(/^Current password/);
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Your current password is incorrect.')).toBeTruthy();
  });

  it('saves the language on the account before switching', async () => {
    const { requests } = stubFetch({
      ...catalogRoutes,
      [`PATCH /api/v1/profile/${user.id}/`]: { ...ownProfile, language: 'ar' },
    });
    signInAs(user);
    renderApp('/user/settings');

    await userEvent.click(await screen.findByRole('radio', { name: 'العربية' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save language' }));

    await waitFor(() => expect(window.localStorage.getItem('language')).toBe('ar'));
    const patch = requests.find((request) => request.method === 'PATCH');
    expect(JSON.parse(patch?.body ?? '')).toEqual({ language: 'ar' });
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
  });
});
