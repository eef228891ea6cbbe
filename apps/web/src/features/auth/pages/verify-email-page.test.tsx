import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accessToken, user } from '../../../test/fixtures';
import { catalogRoutes, renderApp } from '../../../test/render-app';
import { jsonResponse, stubFetch } from '../../../test/stub-fetch';
import { isolate } from '../../../lib/bidi';
import { getSessionState } from '../../../lib/session';

const newUser = {
  ...user,
  first_name: '',
  last_name: '',
  is_profile_complete: false,
};

function codeBoxes(): HTMLInputElement[] {
  return screen.getAllByRole('textbox', { name: /^Digit \d of 6$/ }) as HTMLInputElement[];
}

function clientError(status: number, code: string, detail: string, attr: string | null) {
  return jsonResponse({ type: 'client_error', errors: [{ code, detail, attr }] }, status);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('verify-email page', () => {
  it('fills every box from one pasted code, submits it, and signs the new account in', async () => {
    const { requests } = stubFetch({
      ...catalogRoutes,
      'POST /otp/verify_email/': { access: accessToken(), refresh: 'r', user: newUser },
    });
    const { router } = renderApp('/auth/verify-email?email=sara%40example.com');

    await screen.findByRole('group', { name: '6-digit code' });
    const [first] = codeBoxes();
    if (!first) throw new Error('no code boxes');
    await userEvent.click(first);
    await userEvent.paste('123456');

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/complete-registration'));
    const verify = requests.find((request) => request.url.pathname === '/otp/verify_email/');
    expect(JSON.parse(verify?.body ?? '')).toEqual({ email: 'sara@example.com', otp: '123456' });
    expect(getSessionState().status).toBe('signed-in');
  });

  it('accepts Arabic-Indic digits and sends them as ASCII', async () => {
    const { requests } = stubFetch({
      ...catalogRoutes,
      'POST /otp/verify_email/': () =>
        clientError(400, 'otp_invalid', 'This code is not valid.', 'otp'),
    });
    renderApp('/auth/verify-email?email=sara%40example.com');

    await screen.findByRole('group', { name: '6-digit code' });
    const [first] = codeBoxes();
    if (!first) throw new Error('no code boxes');
    await userEvent.click(first);
    await userEvent.paste('٠١٢٣٤٥');

    await waitFor(() =>
      expect(requests.some((request) => request.url.pathname === '/otp/verify_email/')).toBe(true),
    );
    const verify = requests.find((request) => request.url.pathname === '/otp/verify_email/');
    expect(JSON.parse(verify?.body ?? '').otp).toBe('012345');
    // The refusal shows under the boxes, which are cleared for another try.
    expect(await screen.findByText('This code is not valid.')).toBeTruthy();
    expect(codeBoxes().every((box) => box.value === '')).toBe(true);
    expect(codeBoxes()[0]?.getAttribute('aria-invalid')).toBe('true');
  });

  it('after too many wrong tries, disables verifying and leads to a new code', async () => {
    let lockedAnswers = 0;
    stubFetch({
      ...catalogRoutes,
      'POST /otp/verify_email/': () => {
        lockedAnswers += 1;
        return jsonResponse(
          {
            type: 'client_error',
            errors: [
              {
                code: 'otp_locked',
                detail: 'Too many wrong tries. Ask for a new code.',
                attr: 'otp',
                remaining_attempts: 0,
              },
            ],
          },
          400,
        );
      },
      'POST /otp/resend_otp/': {
        detail: 'We sent you a new code.',
        email: 'sara@example.com',
        expires_in: 600,
        resend_in: 60,
      },
    });
    renderApp('/auth/verify-email?email=sara%40example.com');

    await screen.findByRole('group', { name: '6-digit code' });
    const [first] = codeBoxes();
    if (!first) throw new Error('no code boxes');
    await userEvent.click(first);
    await userEvent.paste('123456');

    expect(await screen.findByText('Too many wrong tries. Ask for a new code.')).toBeTruthy();
    expect(
      screen.getByText('This code can no longer be used. Ask for a new code below.'),
    ).toBeTruthy();
    const verify = screen.getByRole('button', { name: 'Verify email' });
    expect(verify.hasAttribute('disabled')).toBe(true);
    expect(codeBoxes().every((box) => box.disabled)).toBe(true);
    const resend = screen.getByRole('button', { name: 'Send a new code' });
    expect(resend.hasAttribute('disabled')).toBe(false);
    await waitFor(() => expect(document.activeElement).toBe(resend));
    expect(lockedAnswers).toBe(1);

    await userEvent.click(resend);

    expect(await screen.findByText('We sent you a new code.')).toBeTruthy();
    await waitFor(() => expect(codeBoxes().every((box) => !box.disabled)).toBe(true));
    expect(screen.getByRole('button', { name: 'Verify email' }).hasAttribute('disabled')).toBe(
      false,
    );
    expect(screen.queryByText(/can no longer be used/)).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(codeBoxes()[0]));
  });

  it('counts down before a new code may be asked for, then restarts from resend_in', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { requests } = stubFetch({
      ...catalogRoutes,
      'POST /otp/resend_otp/': {
        detail: 'We sent you a new code.',
        email: 'sara@example.com',
        expires_in: 600,
        resend_in: 60,
      },
    });
    const { router } = renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    await act(() =>
      router.navigate('/auth/verify-email?email=sara%40example.com', {
        state: { resendAvailableAt: Date.now() + 3_000 },
      }),
    );

    const resend = await screen.findByRole('button', { name: 'Send a new code' });
    expect(resend.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText(`You can ask for a new code in ${isolate('0:03')}.`)).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(screen.getByText(`You can ask for a new code in ${isolate('0:02')}.`)).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(screen.queryByText(/You can ask for a new code/)).toBeNull();
    expect(resend.hasAttribute('disabled')).toBe(false);

    fireEvent.click(resend);

    expect(await screen.findByText('We sent you a new code.')).toBeTruthy();
    expect(screen.getByText(`You can ask for a new code in ${isolate('1:00')}.`)).toBeTruthy();
    const call = requests.find((request) => request.url.pathname === '/otp/resend_otp/');
    expect(JSON.parse(call?.body ?? '')).toEqual({
      email: 'sara@example.com',
      purpose: 'verify_email',
    });
  });

  it('shows only the message of a refused resend, counting down from Retry-After', async () => {
    stubFetch({
      ...catalogRoutes,
      'POST /otp/resend_otp/': () => {
        const response = clientError(429, 'resend_too_soon', 'Wait before asking again.', null);
        response.headers.set('Retry-After', '30');
        return response;
      },
    });
    renderApp('/auth/verify-email?email=sara%40example.com');

    await userEvent.click(await screen.findByRole('button', { name: 'Send a new code' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Wait before asking again.');
    expect(screen.getByText(`You can ask for a new code in ${isolate('0:30')}.`)).toBeTruthy();
  });
});
