import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, signInAs } from '../../../test/render-app';
import { errorResponse, jsonResponse, stubFetch } from '../../../test/stub-fetch';
import type { RecordedRequest } from '../../../test/stub-fetch';
import {
  draftEvent,
  eventRoutes,
  organizer,
  requestBody,
  standardTickets,
  validationError,
} from '../testing/fixtures';
import { fill, setValue } from '../testing/test-utils';

const ticketsPath = `/organizer/events/${draftEvent.id}/edit?step=tickets`;

function created(requests: RecordedRequest[]) {
  return requests.filter(
    (request) => request.method === 'POST' && request.url.pathname === '/api/v1/ticket/create/',
  );
}

const echo = (request: RecordedRequest) =>
  jsonResponse({ ...standardTickets, ...(requestBody(request) as object) }, 201);

describe('ticket categories step', () => {
  it("saves a typed price as minor units of the event's currency, with the sales window in its zone", async () => {
    const { requests } = stubFetch({ ...eventRoutes(), 'POST /api/v1/ticket/create/': echo });
    signInAs(organizer);
    renderApp(ticketsPath);

    await userEvent.click(await screen.findByRole('button', { name: 'Add a ticket category' }));
    await fill(/^Category name/, 'Standard');
    await fill(/^Price \(SAR\)/, '150.50');
    await fill(/^Tickets per time slot/, '100');
    await setValue(/^Sales start/, '2030-11-01T09:00');
    await userEvent.click(screen.getByRole('button', { name: 'Save ticket category' }));

    // The typed name is isolated, so an Arabic name keeps its place in an English sentence.
    expect(await screen.findByText('Ticket category "\u2068Standard\u2069" saved.')).toBeTruthy();
    expect(requestBody(created(requests)[0])).toEqual({
      event: draftEvent.id,
      name: 'Standard',
      description: '',
      price: 15050,
      quantity: 100,
      sales_start: '2030-11-01T09:00:00+03:00',
      sales_end: null,
      min_per_order: 1,
      max_per_order: 10,
    });
  });

  it('counts three decimals for a currency that has them, and refuses more than it has', async () => {
    const kuwaiti = { ...draftEvent, currency: 'KWD' };
    const { requests } = stubFetch({
      ...eventRoutes({ event: kuwaiti }),
      'POST /api/v1/ticket/create/': echo,
    });
    signInAs(organizer);
    renderApp(ticketsPath);

    await userEvent.click(await screen.findByRole('button', { name: 'Add a ticket category' }));
    await fill(/^Category name/, 'VIP');
    await fill(/^Price \(KWD\)/, '12.3456');
    await fill(/^Tickets per time slot/, '20');
    await userEvent.click(screen.getByRole('button', { name: 'Save ticket category' }));
    expect(await screen.findByText('This currency has fewer decimal places.')).toBeTruthy();
    expect(created(requests)).toHaveLength(0);

    await fill(/^Price \(KWD\)/, '12.345');
    await userEvent.click(screen.getByRole('button', { name: 'Save ticket category' }));

    await waitFor(() => expect(created(requests)).toHaveLength(1));
    expect(requestBody(created(requests)[0])).toMatchObject({ price: 12345, quantity: 20 });
  });

  it('sends 0 for a free category and hides the price', async () => {
    const { requests } = stubFetch({ ...eventRoutes(), 'POST /api/v1/ticket/create/': echo });
    signInAs(organizer);
    renderApp(ticketsPath);

    await userEvent.click(await screen.findByRole('button', { name: 'Add a ticket category' }));
    await fill(/^Category name/, 'Community');
    await userEvent.click(screen.getByRole('switch', { name: 'Free tickets' }));
    expect(screen.queryByLabelText(/^Price/)).toBeNull();
    await fill(/^Tickets per time slot/, '50');
    await userEvent.click(screen.getByRole('button', { name: 'Save ticket category' }));

    await waitFor(() => expect(created(requests)).toHaveLength(1));
    expect(requestBody(created(requests)[0])).toMatchObject({ price: 0 });
  });

  it('shows a category with its facts and shows the API refusal of an edit on its field', async () => {
    const sold = { ...standardTickets, sold: 30 };
    const { requests } = stubFetch({
      ...eventRoutes({ categories: [sold] }),
      [`PATCH /api/v1/ticket_categories/${sold.id}/`]: () =>
        validationError(
          'quantity_below_sold',
          'The quantity cannot drop below the 40 tickets already sold in one time slot.',
          'quantity',
        ),
    });
    signInAs(organizer);
    renderApp(ticketsPath);

    const card = (await screen.findByRole('heading', { level: 3, name: 'Standard' })).closest('li');
    if (!card) throw new Error('no card');
    expect(within(card).getByText(/SAR\s?150/)).toBeTruthy();
    expect(within(card).getByText('100 per time slot')).toBeTruthy();

    await userEvent.click(
      within(card).getByRole('button', { name: 'Edit ticket category Standard' }),
    );
    expect((screen.getByLabelText(/^Price \(SAR\)/) as HTMLInputElement).value).toBe('150');
    await fill(/^Tickets per time slot/, '20');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    // The form knows 30 were sold and says so before asking the API.
    expect(
      await screen.findByText('At least 30 tickets are already sold in one time slot.'),
    ).toBeTruthy();

    await fill(/^Tickets per time slot/, '35');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText(
        'The quantity cannot drop below the 40 tickets already sold in one time slot.',
      ),
    ).toBeTruthy();
    expect(screen.getByLabelText(/^Tickets per time slot/).getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(requestBody(requests.find((request) => request.method === 'PATCH'))).toMatchObject({
      quantity: 35,
      price: 15000,
    });
  });

  it('checks the order limits and the sales window before sending', async () => {
    const { requests } = stubFetch(eventRoutes());
    signInAs(organizer);
    renderApp(ticketsPath);

    await userEvent.click(await screen.findByRole('button', { name: 'Add a ticket category' }));
    await fill(/^Category name/, 'Standard');
    await fill(/^Price \(SAR\)/, '1,500');
    await fill(/^Tickets per time slot/, '100');
    await fill(/^Fewest per order/, '4');
    await fill(/^Most per order/, '2');
    await setValue(/^Sales start/, '2030-11-02T09:00');
    await setValue(/^Sales end/, '2030-11-01T09:00');
    await userEvent.click(screen.getByRole('button', { name: 'Save ticket category' }));

    expect(
      await screen.findByText('Enter an amount in digits, with a point for decimals, e.g. 150.50.'),
    ).toBeTruthy();
    expect(screen.getByText('The most per order must be at least the fewest.')).toBeTruthy();
    expect(screen.getByText('Sales must end after they start.')).toBeTruthy();
    expect(created(requests)).toHaveLength(0);
  });

  it('asks for a ticket category before continuing to promo codes', async () => {
    stubFetch(eventRoutes());
    signInAs(organizer);
    renderApp(ticketsPath);

    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));

    expect(
      await screen.findByText('Add at least one ticket category before you continue.'),
    ).toBeTruthy();
  });

  it('deletes a category after asking, and keeps one the server refuses with its reason', async () => {
    const vip = { ...standardTickets, id: 42, name: 'VIP' };
    let categories = [standardTickets, vip];
    const { requests } = stubFetch({
      ...eventRoutes(),
      'GET /api/v1/ticket_categories/': () =>
        jsonResponse({ count: categories.length, next: null, previous: null, results: categories }),
      [`DELETE /api/v1/ticket_categories/${vip.id}/`]: () => {
        categories = [standardTickets];
        return new Response(null, { status: 204 });
      },
      [`DELETE /api/v1/ticket_categories/${standardTickets.id}/`]: () =>
        errorResponse(
          409,
          'ticket_category_in_use',
          'Tickets of this category were booked, so it cannot be deleted. End its sales instead.',
        ),
    });
    signInAs(organizer);
    renderApp(ticketsPath);

    await userEvent.click(
      await screen.findByRole('button', { name: 'Delete ticket category VIP' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete "\u2068VIP\u2069"?' });
    // Nothing is sent before the organizer confirms.
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, delete' }));
    expect(await screen.findByText('Ticket category "\u2068VIP\u2069" deleted.')).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Delete ticket category VIP' })).toBeNull(),
    );
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('button', { name: 'Add a ticket category' }),
      ),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Delete ticket category Standard' }));
    const refused = await screen.findByRole('dialog');
    await userEvent.click(within(refused).getByRole('button', { name: 'Yes, delete' }));
    expect(
      await within(refused).findByText(
        'Tickets of this category were booked, so it cannot be deleted. End its sales instead.',
      ),
    ).toBeTruthy();
    await userEvent.click(within(refused).getByRole('button', { name: 'Keep it' }));
    expect(screen.getByRole('button', { name: 'Delete ticket category Standard' })).toBeTruthy();
  });
});
