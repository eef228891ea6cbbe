import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventDetail } from '../../../test/fixtures';
import { catalogRoutes, renderApp, signInAs } from '../../../test/render-app';
import { errorResponse, jsonResponse, stubFetch } from '../../../test/stub-fetch';
import {
  checkInAnswer,
  EVENT_ID,
  guest,
  guestList,
  listItem,
  organizer,
  usher,
  usherEvent,
} from '../testing/fixtures';

const PATH = `/organizer/events/${EVENT_ID}/guestList`;

async function doorRoutes(list = guestList([guest(1), guest(2, { state: 'pending_approval' })])) {
  return {
    ...catalogRoutes,
    [`GET /api/v1/events_read/${EVENT_ID}`]: eventDetail,
    'GET /api/v1/tickets/': list,
    [`GET /api/v1/events/${EVENT_ID}/check-in-list/`]: {
      results: [await listItem(1), await listItem(2, { state: 'pending_approval' })],
      cursor: 'c1',
      more: false,
      is_organizer: list.is_organizer,
    },
    'GET /api/v1/ushers/events/': { count: 1, next: null, previous: null, results: [usherEvent] },
  };
}

function setOnline(isOnline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(isOnline);
  window.dispatchEvent(new Event(isOnline ? 'online' : 'offline'));
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Guest list', () => {
  it('shows the organizer the guests, live counts and the export, and asks for the list with filters', async () => {
    const { requests } = stubFetch(await doorRoutes());
    signInAs(organizer);
    const { router } = renderApp(PATH);

    expect(await screen.findByRole('heading', { level: 1, name: 'Guest list' })).toBeTruthy();
    const first = (await screen.findByText('Guest 1')).closest('li')!;
    expect(within(first).getByText('Not yet arrived')).toBeTruthy();
    expect(within(first).getByText('1-ABCD-EFGH')).toBeTruthy();
    expect(screen.getByTestId('count-total').textContent).toBe('2');
    expect(screen.getByText('Awaiting approval', { selector: 'dt' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy();
    // An organizer approves and rejects.
    expect(screen.getByRole('button', { name: 'Approve the ticket of Guest 2' })).toBeTruthy();

    const listCall = requests.find((request) => request.url.pathname === '/api/v1/tickets/')!;
    expect(Object.fromEntries(listCall.url.searchParams)).toMatchObject({
      event: String(EVENT_ID),
      view: 'guest_list',
      limit: '10',
      offset: '0',
    });

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'checked_in' } });
    await waitFor(() => expect(router.state.location.search).toBe('?state=checked_in'));
    await waitFor(() =>
      expect(
        requests.some((request) => request.url.searchParams.get('state') === 'checked_in'),
      ).toBe(true),
    );
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search guests' }), 'سارة');
    await waitFor(() =>
      expect(requests.some((request) => request.url.searchParams.get('search') === 'سارة')).toBe(
        true,
      ),
    );
  });

  it('checks a guest in with a tap and shows the green verdict', async () => {
    const routes = await doorRoutes();
    const { requests } = stubFetch({
      ...routes,
      'POST /api/v1/check-ins/': checkInAnswer(1, 'ok'),
    });
    signInAs(organizer);
    renderApp(PATH);

    await userEvent.click(await screen.findByRole('button', { name: 'Check in Guest 1' }));
    const verdict = await screen.findByRole('alertdialog', { name: 'Welcome in' });
    expect(verdict.getAttribute('data-verdict')).toBe('ok');
    expect(within(verdict).getByText('Guest 1')).toBeTruthy();

    const post = requests.find((request) => request.url.pathname === '/api/v1/check-ins/')!;
    expect(JSON.parse(post.body!)).toMatchObject({ code: '1-ABCD-EFGH', event: EVENT_ID });
    expect(JSON.parse(post.body!).nonce).toMatch(/^[A-Za-z0-9_-]{8,64}$/);

    await userEvent.click(within(verdict).getByRole('button', { name: 'Next guest' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('rejects a pending ticket with a reason', async () => {
    const routes = await doorRoutes();
    const { requests } = stubFetch({
      ...routes,
      'PATCH /api/v1/tickets/2/approve-reject/': guest(2, { state: 'rejected' }),
    });
    signInAs(organizer);
    renderApp(PATH);

    await userEvent.click(
      await screen.findByRole('button', { name: 'Reject the ticket of Guest 2' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Reject this ticket?' });
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Not on the list');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject ticket' }));

    expect(
      await screen.findByText('Guest 2’s ticket was rejected.'.replace('’', "'")),
    ).toBeTruthy();
    const patch = requests.find((request) => request.method === 'PATCH')!;
    expect(JSON.parse(patch.body!)).toEqual({ action: 'reject', reason: 'Not on the list' });
  });

  it('undoes a check-in: the newest ok scan of the ticket is reversed', async () => {
    const checkedIn = guest(3, {
      state: 'checked_in',
      checked_in_at: '2026-05-01T19:00:00+03:00',
      checked_in_by: { id: 'u1', name: 'Sara' },
    });
    const scan = (id: number, result: 'ok' | 'already_checked_in') => ({
      id,
      kind: 'scan' as const,
      result,
      ticket: 3,
      event: EVENT_ID,
      scanned_at: '2026-05-01T19:00:00+03:00',
      created_at: '2026-05-01T19:00:00+03:00',
      device: 'gate',
      user: { id: 'u1', name: 'Sara' },
    });
    const { requests } = stubFetch({
      ...(await doorRoutes(guestList([checkedIn]))),
      'GET /api/v1/tickets/3/check-ins/': {
        results: [
          scan(11, 'ok'),
          { ...scan(12, 'ok'), kind: 'undo', result: null },
          scan(13, 'ok'),
          scan(14, 'already_checked_in'),
        ],
      },
      'POST /api/v1/check-ins/13/undo/': {
        entry: { ...scan(15, 'ok'), kind: 'undo', result: null },
        ticket: { ...checkedIn, state: 'valid' },
      },
    });
    signInAs(organizer);
    renderApp(PATH);

    await userEvent.click(await screen.findByRole('button', { name: 'Undo check-in: Guest 3' }));
    expect(await screen.findByText('Guest 3 is no longer checked in.')).toBeTruthy();
    const undo = requests.find((request) => request.url.pathname.endsWith('/undo/'))!;
    expect(undo.url.pathname).toBe('/api/v1/check-ins/13/undo/');
    expect(JSON.parse(undo.body!).device).toMatch(/.+/);
  });

  it('shows a steward neither the export nor approval', async () => {
    stubFetch(
      await doorRoutes(
        guestList(
          [guest(1), guest(2, { state: 'pending_approval' }), guest(3, { state: 'checked_in' })],
          { is_organizer: false },
        ),
      ),
    );
    signInAs(usher);
    renderApp(PATH);

    expect(await screen.findByText('Guest 2')).toBeTruthy();
    expect(screen.getByText('Guest 3')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Guest 1')).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Approve/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Undo/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Check in Guest 1' })).toBeTruthy();
  });

  it('says so when the list is not the reader’s to see', async () => {
    const routes = await doorRoutes();
    stubFetch({
      ...routes,
      'GET /api/v1/tickets/': () => errorResponse(404, 'not_found', 'Not found.'),
    });
    signInAs(usher);
    renderApp(PATH);
    expect(
      await screen.findByText('This guest list is not yours to see, or the event does not exist.'),
    ).toBeTruthy();
  });
});

describe('Scanner mode', () => {
  it('checks a typed code, then a hardware scanner’s burst, and shows amber with when and by whom', async () => {
    const routes = await doorRoutes();
    const { requests } = stubFetch({
      ...routes,
      'POST /api/v1/check-ins/': (request) => {
        const { code } = JSON.parse(request.body!) as { code: string };
        return jsonResponse(
          code === 'H1.1.secret.mac'
            ? checkInAnswer(1, 'already_checked_in')
            : checkInAnswer(9, 'invalid'),
        );
      },
    });
    signInAs(usher);
    renderApp(`${PATH}?mode=scan`);

    const field = await screen.findByRole('textbox', { name: 'Ticket code' });
    await userEvent.type(field, 'H1.1.secret.mac{Enter}');
    const amber = await screen.findByRole('alertdialog', { name: 'Already checked in' });
    expect(amber.getAttribute('data-verdict')).toBe('warning');
    expect(within(amber).getByText(/^Checked in .+ by \u2068Layla Usher\u2069$/)).toBeTruthy();
    await userEvent.click(within(amber).getByRole('button', { name: 'Next guest' }));

    // A keyboard-wedge scanner types fast into the page (not a field) and ends with Enter.
    (document.activeElement as HTMLElement | null)?.blur();
    let time = 10_000;
    for (const key of [...'FORGED-CODE-123', 'Enter']) {
      fireEvent.keyDown(document.body, { key, timeStamp: (time += 5) });
    }
    const red = await screen.findByRole('alertdialog', { name: 'Not a valid ticket' });
    expect(red.getAttribute('data-verdict')).toBe('refused');
    const codes = requests
      .filter((request) => request.url.pathname === '/api/v1/check-ins/')
      .map((request) => (JSON.parse(request.body!) as { code: string }).code);
    expect(codes).toEqual(['H1.1.secret.mac', 'FORGED-CODE-123']);
  });

  it('keeps scanning offline from the device’s list, with the banner, the queue and the counts in view', async () => {
    const routes = await doorRoutes();
    let isSent = false;
    const { requests } = stubFetch({
      ...routes,
      // The server counts the check-in once the device's batch has reached it.
      'GET /api/v1/tickets/': () =>
        jsonResponse(
          guestList([
            guest(1, isSent ? { state: 'checked_in' } : {}),
            guest(2, { state: 'pending_approval' }),
          ]),
        ),
      'POST /api/v1/check-ins/batch/': (request) => {
        isSent = true;
        const { scans } = JSON.parse(request.body!) as { scans: Array<{ nonce: string }> };
        return jsonResponse({
          results: scans.map((scan) => ({ ...checkInAnswer(1, 'ok'), nonce: scan.nonce })),
        });
      },
    });
    signInAs(usher);
    renderApp(`${PATH}?mode=scan`);

    // The list reaches the device while online.
    expect(await screen.findByText(/List on this device: 2 tickets/)).toBeTruthy();
    expect(screen.getByTestId('count-checked-in').textContent).toBe('0');
    setOnline(false);
    expect(await screen.findByText(/^Offline\./)).toBeTruthy();
    expect(screen.getByTestId('door-queue').textContent).toBe('All scans sent');

    await userEvent.type(
      screen.getByRole('textbox', { name: 'Ticket code' }),
      '1-abcd-efgh{Enter}',
    );
    const green = await screen.findByRole('alertdialog', { name: 'Welcome in' });
    expect(within(green).getByText(/Judged on this device while offline/)).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId('door-queue').textContent).toBe('1 scan waiting to be sent'),
    );
    // The counter counts the check-in waiting in this device's queue.
    await waitFor(() => expect(screen.getByTestId('count-checked-in').textContent).toBe('1'));
    expect(screen.getByTestId('count-total').textContent).toBe('2');
    expect(requests.some((request) => request.url.pathname.startsWith('/api/v1/check-ins/'))).toBe(
      false,
    );
    await userEvent.click(within(green).getByRole('button', { name: 'Next guest' }));

    // Back online: the queue is sent and the server's counts, which now include it, replace it.
    setOnline(true);
    await waitFor(() =>
      expect(screen.getByTestId('door-queue').textContent).toBe('All scans sent'),
    );
    expect(isSent).toBe(true);
    // The guest list is read again after the batch, and says 1 itself.
    await waitFor(() => {
      const batch = requests.findIndex((request) =>
        request.url.pathname.endsWith('/check-ins/batch/'),
      );
      expect(
        requests.slice(batch).some((request) => request.url.pathname === '/api/v1/tickets/'),
      ).toBe(true);
    });
    await waitFor(() => expect(screen.getByTestId('count-checked-in').textContent).toBe('1'));
    // Still one once everything has settled: never the server's 1 plus the sent scan.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByTestId('count-checked-in').textContent).toBe('1');
  });
});
