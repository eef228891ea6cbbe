import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { catalogRoutes, renderApp, signInAs } from '../../../test/render-app';
import { jsonResponse, stubFetch } from '../../../test/stub-fetch';
import { admin, adminWithdrawal, organizer, page } from '../testing/fixtures';

describe('/admin/withdrawals', () => {
  it('approves a request, and rejects one only with a reason', async () => {
    const { requests } = stubFetch({
      ...catalogRoutes,
      'GET /api/v1/admin/withdrawals/': page([
        adminWithdrawal(8),
        adminWithdrawal(9, { amount: 5000 }),
      ]),
      'PATCH /api/v1/admin/withdrawals/8/': jsonResponse(
        adminWithdrawal(8, { status: 'approved', editable: false }),
      ),
      'PATCH /api/v1/admin/withdrawals/9/': jsonResponse(
        adminWithdrawal(9, { status: 'rejected', editable: false }),
      ),
    });
    signInAs(admin);
    renderApp('/admin/withdrawals');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Withdrawal requests' }),
    ).toBeTruthy();
    const first = await screen.findByRole('article', { name: /SAR\s100.*Nour Events/ });
    expect(within(first).getByText('SA03 8000 0000 6080 1016 7519')).toBeTruthy();

    await userEvent.click(
      within(first).getByRole('button', { name: /^Approve SAR\s100 for Nour Events$/ }),
    );
    expect(await screen.findByText(/^Approved SAR\s100 for Nour Events\.$/)).toBeTruthy();
    const approve = requests.find((request) => request.url.pathname.endsWith('/8/'))!;
    expect(JSON.parse(approve.body!)).toEqual({ status: 'approved' });

    const second = screen.getByRole('article', { name: /SAR\s50.*Nour Events/ });
    await userEvent.click(within(second).getByRole('button', { name: /^Reject/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this withdrawal request' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject the request' }));
    expect(await within(dialog).findByText('Fill in this field.')).toBeTruthy();
    expect(requests.some((request) => request.url.pathname.endsWith('/9/'))).toBe(false);

    await userEvent.type(within(dialog).getByLabelText(/^Reason/), 'The IBAN holder differs');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject the request' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Reject this withdrawal request' })).toBeNull(),
    );
    const reject = requests.find((request) => request.url.pathname.endsWith('/9/'))!;
    expect(JSON.parse(reject.body!)).toEqual({
      status: 'rejected',
      reason: 'The IBAN holder differs',
    });
  });

  it('is for admins only', async () => {
    stubFetch({ ...catalogRoutes, 'GET /api/v1/admin/withdrawals/': page([]) });
    signInAs(organizer);
    renderApp('/admin/withdrawals');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This page is for Hafla admins' }),
    ).toBeTruthy();
  });
});
