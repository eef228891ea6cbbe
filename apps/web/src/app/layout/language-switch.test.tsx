import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import { LANGUAGE_STORAGE_KEY } from '../../lib/language';
import { createTestQueryClient } from '../../test/render-app';
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
});
