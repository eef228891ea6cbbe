import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, signInAs } from '../../../test/render-app';
import { jsonResponse, stubFetch } from '../../../test/stub-fetch';
import type { RecordedRequest } from '../../../test/stub-fetch';
import {
  draftEvent,
  eventRoutes,
  organizer,
  promoCode,
  requestBody,
  standardTickets,
  validationError,
} from '../testing/fixtures';
import { fill, setValue } from '../testing/test-utils';

const promoPath = `/organizer/events/${draftEvent.id}/edit?step=promo-codes`;
const vipTickets = { ...standardTickets, id: 42, name: 'VIP', price: 40000 };

const echo = (request: RecordedRequest) =>
  jsonResponse({ ...promoCode, ...(requestBody(request) as object) }, 201);

function posts(requests: RecordedRequest[]) {
  return requests.filter((request) => request.method === 'POST');
}

describe('promo codes step', () => {
  it('ticks the Promo codes step once the event has a code, and not before', async () => {
    stubFetch(eventRoutes({ categories: [standardTickets] }));
    signInAs(organizer);
    const { unmount } = renderApp(`/organizer/events/${draftEvent.id}/edit?step=review`);
    const steps = await screen.findByRole('navigation', { name: 'Event setup steps' });
    expect(await within(steps).findByRole('link', { name: 'Details (done)' })).toBeTruthy();
    expect(within(steps).getByRole('link', { name: 'Promo codes' })).toBeTruthy();
    unmount();

    stubFetch(eventRoutes({ categories: [standardTickets], promoCodes: [promoCode] }));
    renderApp(`/organizer/events/${draftEvent.id}/edit?step=review`);
    const withCode = await screen.findByRole('navigation', { name: 'Event setup steps' });
    expect(await within(withCode).findByRole('link', { name: 'Promo codes (done)' })).toBeTruthy();
  });

  it('creates a percentage code limited to chosen categories and a validity window', async () => {
    const { requests } = stubFetch({
      ...eventRoutes({ categories: [standardTickets, vipTickets] }),
      'POST /api/v1/promo_codes/': echo,
    });
    signInAs(organizer);
    renderApp(promoPath);

    await userEvent.click(await screen.findByRole('button', { name: 'Add a promo code' }));
    await fill(/^Code/, 'EARLYBIRD');
    await fill(/^Percentage off/, '20');
    await fill(/^Uses in total/, '100');
    await fill(/^Uses per person/, '1');
    await setValue(/^Valid until/, '2030-11-30T23:59');
    await userEvent.click(screen.getByRole('checkbox', { name: /^VIP/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save promo code' }));

    expect(await screen.findByText('Promo code EARLYBIRD saved.')).toBeTruthy();
    expect(requestBody(posts(requests)[0])).toEqual({
      event: draftEvent.id,
      code: 'EARLYBIRD',
      discount_type: 'percentage',
      value: 20,
      max_uses: 100,
      max_uses_per_user: 1,
      valid_from: null,
      valid_until: '2030-11-30T23:59:00+03:00',
      ticket_categories: [42],
      is_active: true,
    });
  });

  it('sends a fixed discount in minor units and refuses a percentage over 100', async () => {
    const { requests } = stubFetch({
      ...eventRoutes({ categories: [standardTickets] }),
      'POST /api/v1/promo_codes/': echo,
    });
    signInAs(organizer);
    renderApp(promoPath);

    await userEvent.click(await screen.findByRole('button', { name: 'Add a promo code' }));
    await fill(/^Code/, 'ab');
    await fill(/^Percentage off/, '120');
    await userEvent.click(screen.getByRole('button', { name: 'Save promo code' }));
    expect(await screen.findByText('Use 3 to 32 letters, digits, - or _.')).toBeTruthy();
    expect(screen.getByText('Enter a whole number from 1 to 100.')).toBeTruthy();

    await fill(/^Code/, 'friends-25');
    await userEvent.click(screen.getByRole('radio', { name: 'Fixed amount' }));
    await fill(/^Amount off \(SAR\)/, '25.5');
    await userEvent.click(screen.getByRole('button', { name: 'Save promo code' }));

    await waitFor(() => expect(posts(requests)).toHaveLength(1));
    expect(requestBody(posts(requests)[0])).toMatchObject({
      code: 'friends-25',
      discount_type: 'fixed',
      value: 2550,
      ticket_categories: [],
    });
  });

  it('shows a duplicate code on the code field', async () => {
    stubFetch({
      ...eventRoutes({ categories: [standardTickets] }),
      'POST /api/v1/promo_codes/': () =>
        validationError(
          'promo_code_taken',
          'This event already has this promo code (codes ignore letter case).',
          'code',
        ),
    });
    signInAs(organizer);
    renderApp(promoPath);

    await userEvent.click(await screen.findByRole('button', { name: 'Add a promo code' }));
    await fill(/^Code/, 'earlybird');
    await fill(/^Percentage off/, '10');
    await userEvent.click(screen.getByRole('button', { name: 'Save promo code' }));

    expect(
      await screen.findByText('This event already has this promo code (codes ignore letter case).'),
    ).toBeTruthy();
    expect(screen.getByLabelText(/^Code/).getAttribute('aria-invalid')).toBe('true');
  });

  it("shows the API's date_out_of_range on the validity field it names", async () => {
    stubFetch({
      ...eventRoutes({ categories: [standardTickets] }),
      'POST /api/v1/promo_codes/': () =>
        validationError(
          'date_out_of_range',
          'Choose a date from 2000-01-01 to 2099-12-31.',
          'valid_until',
        ),
    });
    signInAs(organizer);
    renderApp(promoPath);

    await userEvent.click(await screen.findByRole('button', { name: 'Add a promo code' }));
    await fill(/^Code/, 'LATER');
    await fill(/^Percentage off/, '10');
    await setValue(/^Valid until/, '2099-12-31T23:59');
    await userEvent.click(screen.getByRole('button', { name: 'Save promo code' }));

    expect(await screen.findByText('Choose a date from 2000-01-01 to 2099-12-31.')).toBeTruthy();
    expect(screen.getByLabelText(/^Valid until/).getAttribute('aria-invalid')).toBe('true');
  });

  it('refuses a validity date outside the accepted years, and uses in total below the uses so far', async () => {
    const { requests } = stubFetch(
      eventRoutes({ categories: [standardTickets], promoCodes: [promoCode] }),
    );
    signInAs(organizer);
    renderApp(promoPath);

    await userEvent.click(await screen.findByRole('button', { name: 'Edit promo code EARLYBIRD' }));
    await fill(/^Uses in total/, '2');
    await setValue(/^Valid until/, '9999-12-31T23:59');
    await userEvent.click(screen.getByRole('button', { name: 'Save promo code' }));

    expect(
      await screen.findByText('This code was already used 3 times; allow at least that many.'),
    ).toBeTruthy();
    expect(screen.getByText('Choose a date in the years 2000 to 2099.')).toBeTruthy();
    expect(requests.filter((request) => request.method === 'PUT')).toEqual([]);
  });

  it('shows uses and limits, and replaces every field of an edited code', async () => {
    const { requests } = stubFetch({
      ...eventRoutes({ categories: [standardTickets], promoCodes: [promoCode] }),
      [`PUT /api/v1/promo_codes/${promoCode.id}/`]: (request) =>
        jsonResponse({ ...promoCode, ...(requestBody(request) as object) }),
    });
    signInAs(organizer);
    renderApp(promoPath);

    const card = (await screen.findByRole('heading', { level: 3, name: 'EARLYBIRD' })).closest(
      'li',
    );
    if (!card) throw new Error('no card');
    expect(within(card).getByText('20% off')).toBeTruthy();
    expect(within(card).getByText('3 of 100 · at most 1 per person')).toBeTruthy();
    expect(within(card).getByText('All ticket categories')).toBeTruthy();
    expect(within(card).getByText('Active')).toBeTruthy();

    await userEvent.click(within(card).getByRole('button', { name: 'Edit promo code EARLYBIRD' }));
    await userEvent.click(screen.getByRole('switch', { name: 'Active' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save promo code' }));

    await waitFor(() => expect(requests.some((request) => request.method === 'PUT')).toBe(true));
    expect(requestBody(requests.find((request) => request.method === 'PUT'))).toEqual({
      event: draftEvent.id,
      code: 'EARLYBIRD',
      discount_type: 'percentage',
      value: 20,
      max_uses: 100,
      max_uses_per_user: 1,
      valid_from: null,
      valid_until: null,
      ticket_categories: [],
      is_active: false,
    });
  });
});
