import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminDashboard } from '@hafla/shared/admin/dashboard';
import type { User } from '@hafla/shared/auth/users';
import { user } from '../../../test/fixtures';
import { catalogRoutes, renderApp, signInAs } from '../../../test/render-app';
import { stubFetch } from '../../../test/stub-fetch';

const admin: User = {
  ...user,
  id: '5b1e0c7a-2d3f-4e5a-8b9c-0d1e2f3a4b5c',
  roles: ['attendee', 'admin'],
};

const counts: AdminDashboard = {
  new_reports: 3,
  pending_withdrawals: 2,
  events_published_this_week: 5,
  sign_ups_this_week: 12,
};

describe('/admin', () => {
  it('shows what waits for staff, with the console’s navigation', async () => {
    stubFetch({ ...catalogRoutes, 'GET /api/v1/admin/dashboard/': counts });
    signInAs(admin);
    renderApp('/admin');

    expect(await screen.findByRole('heading', { level: 1, name: 'Admin console' })).toBeTruthy();
    const reports = await screen.findByTestId('count-newReports');
    expect(within(reports).getByText('New problem reports')).toBeTruthy();
    expect(within(reports).getByText('3')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Admin console' });
    expect(within(nav).getByRole('link', { name: 'Withdrawals' }).getAttribute('href')).toBe(
      '/admin/withdrawals',
    );
  });
});
