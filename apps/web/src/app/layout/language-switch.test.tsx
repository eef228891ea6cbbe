import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import { LANGUAGE_STORAGE_KEY } from '../../lib/language';
import { ownProfile, user } from '../../test/fixtures';
import { createTestQueryClient, signInAs } from '../../test/render-app';
import { stubFetch } from '../../test/stub-fetch';
import { Providers } from '../providers';
import { LanguageSwitch } from './language-switch';

function renderSwitch(reload: () => void, language: 'en' | 'ar' = 'en') {
  return render(
    <Providers language={language} queryClient={createTestQueryClient()} env="test">
      <LanguageSwitch reload={reload} />
    </Providers>,
  );
}

describe('LanguageSwitch', () => {
  it('offers Arabic to an English reader and switches the page to rtl', async () => {
    const reload = vi.fn();
    renderSwitch(reload);

    const button = screen.getByRole('button', { name: 'Change language: العربية' });
    await userEvent.click(button);

    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ar');
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(reload).toHaveBeenCalledOnce();
  });

  it('offers English to an Arabic reader and switches back to ltr', async () => {
    await i18n.changeLanguage('ar');
    document.documentElement.dir = 'rtl';
    const reload = vi.fn();
    renderSwitch(reload, 'ar');

    await userEvent.click(screen.getByRole('button', { name: 'تغيير اللغة: English' }));

    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
    expect(document.documentElement.dir).toBe('ltr');
    expect(reload).toHaveBeenCalledOnce();
  });

  it('also saves the choice on a signed-in account, in a request that outlives the reload', async () => {
    const { fetchStub, requests } = stubFetch({
      [`PATCH /api/v1/profile/${user.id}/`]: { ...ownProfile, language: 'ar' },
    });
    signInAs(user);
    const reload = vi.fn();
    renderSwitch(reload);

    await userEvent.click(screen.getByRole('button', { name: 'Change language: العربية' }));

    await waitFor(() => expect(reload).toHaveBeenCalledOnce());
    expect(requests.map((request) => `${request.method} ${request.url.pathname}`)).toEqual([
      `PATCH /api/v1/profile/${user.id}/`,
    ]);
    expect(JSON.parse(requests[0]?.body ?? '')).toEqual({ language: 'ar' });
    expect(fetchStub.mock.calls[0]?.[1]?.keepalive).toBe(true);
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ar');
  });
});
