import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { appInfo } from '../test/fixtures';
import { catalogRoutes, renderApp } from '../test/render-app';
import { errorResponse, jsonResponse, stubFetch } from '../test/stub-fetch';

describe('AppInfoGate', () => {
  it('shows a labelled full-height spinner while the application information loads', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );

    renderApp('/');

    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Loading…');
    expect(screen.queryByRole('banner')).toBeNull();
  });

  it('shows the error with a retry button, and starts the app once a retry succeeds', async () => {
    let attempts = 0;
    stubFetch({
      ...catalogRoutes,
      'GET /api/v1/app_config/': () => {
        attempts += 1;
        return attempts === 1
          ? errorResponse(503, 'server_error', 'Service unavailable.')
          : jsonResponse(appInfo);
      },
    });

    renderApp('/');

    expect(await screen.findByRole('heading', { name: 'Hafla could not start' })).toBeTruthy();
    expect(screen.getByText('Service unavailable.')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Hafla' })).toBeTruthy();
    await waitFor(() => expect(attempts).toBe(2));
  });

  it('shows the failure in Arabic for an Arabic reader', async () => {
    const { i18n } = await import('../lib/i18n');
    await i18n.changeLanguage('ar');
    stubFetch({ 'GET /api/v1/app_config/': () => errorResponse(500, 'server_error', 'خطأ.') });

    renderApp('/', 'ar');

    expect(await screen.findByRole('heading', { name: 'تعذّر تشغيل حفلة' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'حاول مرة أخرى' })).toBeTruthy();
  });
});
