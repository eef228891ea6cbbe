import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminPlatformSettings } from '@hafla/shared/admin/settings';
import type { User } from '@hafla/shared/auth/users';
import { appInfo, user } from '../../../test/fixtures';
import { catalogRoutes, renderApp, signInAs } from '../../../test/render-app';
import { jsonResponse, stubFetch } from '../../../test/stub-fetch';

const admin: User = {
  ...user,
  id: '5b1e0c7a-2d3f-4e5a-8b9c-0d1e2f3a4b5c',
  roles: ['attendee', 'admin'],
};

const settings: AdminPlatformSettings = {
  platform_fee_percent: 5,
  platform_fee_fixed: 0,
  payout_hold_days: 3,
  withdrawal_minimum: 10,
  withdrawal_second_approval_above: 10_000,
  events_published_per_month: 10,
  hold_minutes: 10,
  exchange_rates: { SAR: 1, USD: 3.75 },
};

describe('/admin/settings', () => {
  it('sends the exchange rates whole: a changed rate, and an emptied one left out', async () => {
    const { requests } = stubFetch({
      ...catalogRoutes,
      'GET /api/v1/app_config/': {
        ...appInfo,
        default_currency: 'SAR',
        currencies: [
          { code: 'SAR', name: 'Saudi riyal', minor_units: 2 },
          { code: 'USD', name: 'US dollar', minor_units: 2 },
        ],
      },
      'GET /api/v1/admin/app_config/platform/': settings,
      'PATCH /api/v1/admin/app_config/platform/': (request) =>
        jsonResponse({ ...settings, ...JSON.parse(request.body ?? '{}') }),
    });
    signInAs(admin);
    renderApp('/admin/settings');

    expect(
      await screen.findByRole('group', { name: 'Exchange rates for the price filter' }),
    ).toBeTruthy();
    const usd = await screen.findByRole('textbox', { name: /\(USD\)/ });
    await userEvent.clear(usd);
    await userEvent.type(usd, '3.8');
    await userEvent.clear(screen.getByRole('textbox', { name: /\(SAR\)/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.getByText('The settings are saved.')).toBeTruthy());
    const patch = requests.find((request) => request.method === 'PATCH');
    expect(JSON.parse(patch!.body!)).toEqual({ exchange_rates: { USD: 3.8 } });
  });
});
