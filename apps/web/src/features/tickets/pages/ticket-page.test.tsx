import { screen, within, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { user } from '../../../test/fixtures';
import { catalogRoutes, renderApp, signInAs } from '../../../test/render-app';
import { errorResponse, stubFetch } from '../../../test/stub-fetch';
import { EVENT_ID, ticket } from '../test-fixtures';

describe('one ticket page', () => {
  it('shows the ticket with a large QR code, its PDF and the way back', async () => {
    stubFetch({ ...catalogRoutes, 'GET /api/v1/tickets/11/': ticket(11) });
    signInAs(user);
    renderApp('/user/tickets/11');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Oud Night at the Citadel' }),
    ).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Ticket 11 · Hafla'));
    const card = screen.getByRole('article', { name: 'Ticket 11 · Standard' });
    const qr = await within(card).findByRole('img', { name: 'QR code of ticket 11' });
    expect(qr.parentElement?.style.inlineSize).toBe('320px');
    expect(within(card).getByRole('button', { name: 'Download PDF of ticket 11' })).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'All tickets to this event' }).getAttribute('href'),
    ).toBe(`/user/myTickets/${EVENT_ID}`);
  });

  it('answers not found for someone else’s or a missing ticket', async () => {
    stubFetch({
      ...catalogRoutes,
      'GET /api/v1/tickets/12/': () => errorResponse(404, 'not_found'),
    });
    signInAs(user);
    renderApp('/user/tickets/12');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });
});
