import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { WithdrawalAccount } from '@hafla/shared/finance/accounts';
import { catalogRoutes, renderApp, signInAs } from '../../../test/render-app';
import { jsonResponse, stubFetch } from '../../../test/stub-fetch';
import type { RecordedRequest } from '../../../test/stub-fetch';
import { fakeSockets } from '../../../test/fake-socket-io';
import { user } from '../../../test/fixtures';
import { account, balance, organizer, page, sale, withdrawal } from '../testing/fixtures';

const paid = withdrawal(5, {
  amount: 25000,
  status: 'paid',
  editable: false,
  transfer_reference: 'TRX-2026-0042',
  history: [
    { status: 'requested', at: '2026-11-10T09:00:00Z', by: 'organizer', note: null },
    { status: 'approved', at: '2026-11-11T09:00:00Z', by: 'admin', note: null },
    { status: 'paid', at: '2026-11-12T09:00:00Z', by: 'admin', note: null },
  ],
});

function walletRoutes(overrides: Record<string, unknown> = {}) {
  return {
    ...catalogRoutes,
    'GET /api/v1/balance/': balance,
    'GET /api/v1/withdrawal/': page([withdrawal(6), paid]),
    'GET /api/v1/withdrawal-accounts/': page([account]),
    'GET /api/v1/transaction/': page([sale]),
    'GET /api/v1/events/': page([]),
    ...overrides,
  };
}

function fieldError(status: number, code: string, attr: string, detail: string) {
  return jsonResponse({ type: 'validation_error', errors: [{ code, detail, attr }] }, status);
}

describe('/organizer/wallet', () => {
  it('explains each part of the balance and shows each request with its history', async () => {
    stubFetch(walletRoutes());
    signInAs(organizer);
    renderApp('/organizer/wallet');

    expect(await screen.findByRole('heading', { level: 1, name: 'Wallet' })).toBeTruthy();
    const card = (await screen.findByRole('heading', { name: /Saudi riyal \(SAR\)/i })).closest(
      'section',
    )!;
    const available = within(card).getByText('Available').closest('div')!;
    expect(available.textContent).toMatch(/SAR\s475.*Yours to withdraw now\./);
    const pending = within(card).getByText('Pending').closest('div')!;
    expect(pending.textContent).toMatch(/SAR\s190.*a few days after each event ends/);
    expect(within(card).getByText(/More earnings become available on Dec 8, 2026/)).toBeTruthy();

    const paidCard = screen.getByRole('article', { name: /SAR\s250/ });
    expect(within(paidCard).getByText('Paid')).toBeTruthy();
    expect(within(paidCard).getByText('Bank transfer reference: TRX-2026-0042')).toBeTruthy();
    expect(within(paidCard).getByText(/Approved by Hafla · Nov 11, 2026/)).toBeTruthy();
    // Only a request still waiting can be changed or cancelled.
    expect(within(paidCard).queryByRole('button', { name: /Cancel/ })).toBeNull();
    const waiting = screen.getByRole('article', { name: /SAR\s100/ });
    expect(
      within(waiting).getByRole('button', { name: /Cancel request for SAR\s100/ }),
    ).toBeTruthy();
  });

  it('adds a bank account: the IBAN box reads Arabic digits and spaces, and shows the API’s field error', async () => {
    let attempt = 0;
    const created: WithdrawalAccount = { ...account, id: 4, bank_name: 'SNB', is_default: false };
    const { requests } = stubFetch(
      walletRoutes({
        'POST /api/v1/withdrawal-accounts/': () => {
          attempt += 1;
          return attempt === 1
            ? fieldError(400, 'iban_invalid', 'iban', 'This IBAN’s check digits do not match.')
            : jsonResponse(created, 201);
        },
      }),
    );
    signInAs(organizer);
    renderApp('/organizer/wallet?tab=accounts');

    await userEvent.click(await screen.findByRole('button', { name: 'Add a bank account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a bank account' });
    await userEvent.type(within(dialog).getByLabelText(/^Bank name/), 'SNB');
    await userEvent.type(within(dialog).getByLabelText(/^Account holder/), 'Nour Events LLC');
    const iban = within(dialog).getByLabelText(/^IBAN/) as HTMLInputElement;
    await userEvent.type(iban, 'sa44 2000 ٠٠٠١ 2345 6789 1234');
    expect(iban.value).toBe('SA44 2000 0001 2345 6789 1234');
    await userEvent.type(within(dialog).getByLabelText(/^SWIFT\/BIC/), 'ncbk saje');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add account' }));

    const error = await within(dialog).findByText('This IBAN’s check digits do not match.');
    expect(iban.getAttribute('aria-invalid')).toBe('true');
    expect(iban.getAttribute('aria-describedby')).toContain(error.id);
    // Focus goes to the field at fault, once the error has rendered.
    await waitFor(() => expect(document.activeElement).toBe(iban));

    await userEvent.click(within(dialog).getByRole('button', { name: 'Add account' }));
    expect(await screen.findByText('The SNB account is added.')).toBeTruthy();
    const posts = requests.filter((request) => request.method === 'POST');
    expect(JSON.parse(posts[1]!.body!)).toMatchObject({
      bank_name: 'SNB',
      iban: 'SA4420000001234567891234',
      swift: 'NCBKSAJE',
      is_default: false,
    });
  });

  it('asks for a withdrawal once: a retry after a lost answer sends the same Idempotency-Key', async () => {
    let attempt = 0;
    const { requests } = stubFetch(
      walletRoutes({
        'POST /api/v1/withdrawal/': (request: RecordedRequest) => {
          attempt += 1;
          if (attempt === 1) throw new TypeError('Failed to fetch');
          return jsonResponse(withdrawal(7, { amount: JSON.parse(request.body!).amount }), 201);
        },
      }),
    );
    signInAs(organizer);
    renderApp('/organizer/wallet');

    await userEvent.click(await screen.findByRole('button', { name: 'Request a withdrawal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request a withdrawal' });
    expect(within(dialog).getByText('You can withdraw up to SAR 475.')).toBeTruthy();
    const amount = within(dialog).getByLabelText(/^Amount \(SAR\)/);
    await userEvent.type(amount, '١٢٠٫٥');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await within(dialog).findByRole('alert')).toBeTruthy();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText(/Your request for SAR\s120\.50 is sent\./)).toBeTruthy();
    const posts = requests.filter((request) => request.method === 'POST');
    expect(posts).toHaveLength(2);
    const keys = posts.map((request) => request.headers.get('Idempotency-Key'));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(JSON.parse(posts[1]!.body!)).toEqual({
      account: account.id,
      amount: 12050,
      currency: 'SAR',
      note: '',
    });
  });

  it('cancels a waiting request after asking, which reads the balance again', async () => {
    const { requests } = stubFetch(
      walletRoutes({
        'PATCH /api/v1/withdrawal/6/': () =>
          jsonResponse(withdrawal(6, { status: 'cancelled', editable: false })),
      }),
    );
    signInAs(organizer);
    renderApp('/organizer/wallet');

    await userEvent.click(
      await screen.findByRole('button', { name: /Cancel request for SAR\s100/ }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this withdrawal request?' });
    const balanceReads = () =>
      requests.filter((request) => request.url.pathname === '/api/v1/balance/').length;
    const before = balanceReads();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel the request' }));

    expect(await screen.findByText(/is cancelled; the amount is available again\./)).toBeTruthy();
    const patch = requests.find((request) => request.method === 'PATCH')!;
    expect(JSON.parse(patch.body!)).toEqual({ status: 'cancelled' });
    await waitFor(() => expect(balanceReads()).toBeGreaterThan(before));
  });

  it('explains each ledger line and filters them by kind', async () => {
    const { requests } = stubFetch(walletRoutes());
    signInAs(organizer);
    renderApp('/organizer/wallet?tab=transactions');

    const line = await screen.findByRole('article', { name: 'Ticket sale · Oud night' });
    expect(within(line).getByText(/^\+SAR\s85\.50$/)).toBeTruthy();
    expect(within(line).getByText(/less a SAR 10 promo discount/)).toBeTruthy();
    expect(within(line).getByText("Hafla's fee").nextElementSibling!.textContent).toMatch(
      /^-SAR\s4\.50$/,
    );
    expect(within(line).getByText(/Pending: available on Dec 8, 2026/)).toBeTruthy();

    await userEvent.selectOptions(screen.getByLabelText('Type'), 'Refund');
    await waitFor(() =>
      expect(
        requests.some(
          (request) =>
            request.url.pathname === '/api/v1/transaction/' &&
            request.url.searchParams.get('kind') === 'refund',
        ),
      ).toBe(true),
    );
  });

  it('toasts a withdrawal’s change as it is pushed, and reads the balance and requests again at once', async () => {
    let status: 'requested' | 'approved' = 'requested';
    const { requests } = stubFetch(
      walletRoutes({
        'GET /api/v1/notifications/': {
          count: 0,
          next: null,
          previous: null,
          results: [],
          unseen_count: 0,
        },
        'GET /api/v1/withdrawal/': () =>
          jsonResponse(page([withdrawal(6, { status, editable: status === 'requested' })])),
      }),
    );
    signInAs(organizer);
    renderApp('/organizer/wallet');
    const waiting = await screen.findByRole('article', { name: /SAR\s100/ });
    expect(within(waiting).getByText('Requested')).toBeTruthy();
    await waitFor(() => expect(fakeSockets.at(-1)?.handshakes.length).toBeGreaterThan(0));
    const socket = fakeSockets.at(-1)!;
    act(() => socket.accept());
    const reads = (path: string) =>
      requests.filter((request) => request.method === 'GET' && request.url.pathname === path)
        .length;
    const balanceReads = reads('/api/v1/balance/');

    status = 'approved';
    act(() =>
      socket.push({
        id: 70,
        kind: 'withdrawal_status_changed',
        title: 'Withdrawal approved',
        content: 'Your request for SAR 100 is approved.',
        type: 'withdrawal',
        value: 6,
        extra_data: { withdrawal: 6 },
        seen: false,
        created_at: new Date().toISOString(),
      }),
    );

    const toast = within(screen.getByRole('region', { name: 'New notifications' })).getByRole(
      'link',
      { name: /Withdrawal approved/ },
    );
    expect(toast.getAttribute('href')).toBe('/organizer/wallet');
    expect(await within(waiting).findByText('Approved')).toBeTruthy();
    expect(reads('/api/v1/balance/')).toBeGreaterThan(balanceReads);
  });

  it('tells an account without the organizer role that the area is for organizers', async () => {
    stubFetch(walletRoutes());
    signInAs(user);
    renderApp('/organizer/wallet');
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Wallet' })).toBeNull();
  });
});
