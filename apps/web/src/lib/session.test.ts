import { afterEach, describe, expect, it, vi } from 'vitest';
import { accessToken, user } from '../test/fixtures';
import {
  clearSession,
  configureTokenRenewal,
  getAccessToken,
  getFreshAccessToken,
  getSessionState,
  hasSessionEnded,
  readSessionHint,
  renewAccessToken,
  signIn,
} from './session';

afterEach(() => {
  vi.useRealTimers();
});

describe('session', () => {
  it('keeps the access token in memory and only a user id hint in storage', () => {
    const access = accessToken();

    signIn({ access, user });

    expect(getAccessToken()).toBe(access);
    expect(readSessionHint()).toEqual({ user_id: user.id });
    expect(JSON.stringify({ ...window.localStorage })).not.toContain(access);
    expect(getSessionState()).toEqual({ status: 'signed-in', user });
  });

  it('renews the access token a minute before it expires', async () => {
    vi.useFakeTimers();
    const renewed = accessToken(user.id, 900);
    const renew = vi.fn(() => Promise.resolve(renewed));
    configureTokenRenewal(renew);
    signIn({ access: accessToken(user.id, 900), user });

    await vi.advanceTimersByTimeAsync(838_000);
    expect(renew).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2_000);

    expect(renew).toHaveBeenCalledOnce();
    expect(getAccessToken()).toBe(renewed);
  });

  it('signs out when the renewal is refused, and notes that the session ended', async () => {
    configureTokenRenewal(() => Promise.resolve(null));
    signIn({ access: accessToken(), user });
    expect(hasSessionEnded()).toBe(false);

    await renewAccessToken();

    expect(getSessionState().status).toBe('signed-out');
    expect(getAccessToken()).toBeNull();
    expect(readSessionHint()).toBeNull();
    // The sign-in page says why the reader is there (a suspension revokes every token).
    expect(hasSessionEnded()).toBe(true);
  });

  it('does not let a renewal that ends after sign-out bring the session back', async () => {
    let finish: (token: string) => void = () => {};
    configureTokenRenewal(
      () =>
        new Promise<string>((resolve) => {
          finish = resolve;
        }),
    );
    signIn({ access: accessToken(), user });

    const renewal = renewAccessToken();
    clearSession();
    finish(accessToken());
    await renewal;

    expect(getAccessToken()).toBeNull();
  });

  it('renews first when a request is made with a token about to expire', async () => {
    const renewed = accessToken();
    const renew = vi.fn(() => Promise.resolve(renewed));
    configureTokenRenewal(renew);
    signIn({ access: accessToken(user.id, 5), user });

    await expect(getFreshAccessToken()).resolves.toBe(renewed);
    expect(renew).toHaveBeenCalledOnce();
  });

  it('sends no token at all once it has expired and could not be renewed', async () => {
    vi.useFakeTimers();
    configureTokenRenewal(() => Promise.reject(new Error('offline')));
    signIn({ access: accessToken(user.id, 900), user });

    await vi.advanceTimersByTimeAsync(901_000);

    await expect(getFreshAccessToken()).resolves.toBeNull();
    expect(getSessionState().status).toBe('signed-in');
  });
});
