import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { catalogRoutes, renderApp, signInAs } from '../../../test/render-app';
import { jsonResponse, stubFetch } from '../../../test/stub-fetch';
import {
  draftEvent,
  eventRoutes,
  organizer,
  requestBody,
  validationError,
} from '../testing/fixtures';
import { fill } from '../testing/test-utils';

function pickCover(file: File) {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  fireEvent.change(input, { target: { files: [file] } });
}

async function fillEssentials() {
  await fill(/Event title/, 'Oud night');
  await userEvent.selectOptions(screen.getByLabelText(/^Category/), 'Music');
  await userEvent.selectOptions(screen.getByLabelText(/^Event type/), 'In person');
  await fill(/Venue name/, 'Corniche Hall');
}

describe('event details step', () => {
  it('creates a draft from the details, in the chosen currency and zone, and moves on to dates', async () => {
    const { requests } = stubFetch({
      ...eventRoutes(),
      'POST /api/v1/events/': () => jsonResponse(draftEvent, 201),
    });
    signInAs(organizer);
    const { router } = renderApp('/organizer/events/new');

    expect(await screen.findByRole('heading', { level: 1, name: 'Create an event' })).toBeTruthy();
    const steps = screen.getByRole('navigation', { name: 'Event setup steps' });
    expect(steps.querySelector('[aria-current="step"]')?.textContent).toContain('Details');
    await fillEssentials();
    await fill(/^Latitude/, '21.4858');
    await fill(/^Longitude/, '39.1925');
    await fill(/Refund percentage/, '50');
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/organizer/events/7/edit'));
    expect(router.state.location.search).toBe('?step=dates');
    const post = requests.find((request) => request.method === 'POST');
    expect(requestBody(post)).toEqual({
      title: 'Oud night',
      description: '',
      category: 1,
      event_type: 1,
      is_online: false,
      venue_name: 'Corniche Hall',
      address: '',
      latitude: 21.4858,
      longitude: 39.1925,
      online_url: null,
      timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      currency: 'USD',
      requires_approval: false,
      max_tickets_per_order: 10,
      refund_policy: { refundable_until_hours: 24, refund_percentage: 50 },
    });
    expect(await screen.findByText('Your draft is saved. Next, add when it happens.')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 2, name: /Dates/ })).toBeTruthy();
  });

  it('points at what is missing before sending anything', async () => {
    const { requests } = stubFetch(eventRoutes());
    signInAs(organizer);
    renderApp('/organizer/events/new');

    await userEvent.click(await screen.findByRole('button', { name: 'Save and continue' }));

    expect(await screen.findByText('Fill in this field.')).toBeTruthy();
    expect(screen.getByText('Choose a category.')).toBeTruthy();
    expect(screen.getByText("Enter the venue's name.")).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/Event title/)));
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('asks an online event for its link instead of a venue', async () => {
    const { requests } = stubFetch({
      ...eventRoutes(),
      'POST /api/v1/events/': () => jsonResponse({ ...draftEvent, is_online: true }, 201),
    });
    signInAs(organizer);
    renderApp('/organizer/events/new');

    await fill(/Event title/, 'Oud online');
    await userEvent.selectOptions(screen.getByLabelText(/^Category/), 'Music');
    // Choosing the Online type answers "where" too.
    await userEvent.selectOptions(screen.getByLabelText(/^Event type/), 'Online');
    expect(screen.queryByLabelText(/Venue name/)).toBeNull();
    await fill(/Online event link/, 'zoom.us/j/1');
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('Enter a full link starting with https://')).toBeTruthy();

    await fill(/Online event link/, 'https://zoom.us/j/1');
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));

    await waitFor(() => expect(requests.some((request) => request.method === 'POST')).toBe(true));
    expect(requestBody(requests.find((request) => request.method === 'POST'))).toMatchObject({
      is_online: true,
      online_url: 'https://zoom.us/j/1',
      venue_name: '',
      latitude: null,
    });
  });

  it('shows API field errors on their fields, nested ones included, and the rest above the form', async () => {
    stubFetch({
      ...eventRoutes(),
      'POST /api/v1/events/': () =>
        jsonResponse(
          {
            type: 'validation_error',
            errors: [
              { code: 'min_length', detail: 'Use at least 3 characters.', attr: 'title' },
              {
                code: 'max_value',
                detail: 'Use 100 or less.',
                attr: 'refund_policy.refund_percentage',
              },
              {
                code: 'currency_not_supported',
                detail: 'This currency is not supported.',
                attr: 'currency',
              },
              { code: 'throttled', detail: 'Slow down a little.', attr: null },
            ],
          },
          400,
        ),
    });
    signInAs(organizer);
    renderApp('/organizer/events/new');
    await fillEssentials();

    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));

    expect(await screen.findByText('Use at least 3 characters.')).toBeTruthy();
    expect(screen.getByLabelText(/Event title/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Use 100 or less.')).toBeTruthy();
    expect(screen.getByLabelText(/Refund percentage/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText(/^Currency/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toContain('Slow down a little.');
  });

  it('saves only what changed, then uploads a chosen cover as multipart', async () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:cover');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const { requests, fetchStub } = stubFetch({
      ...eventRoutes(),
      [`PATCH /api/v1/events/${draftEvent.id}/`]: { ...draftEvent, title: 'Oud night II' },
      [`POST /api/v1/events/${draftEvent.id}/cover/`]: {
        ...draftEvent,
        title: 'Oud night II',
        cover: '/uploads/covers/7.png',
      },
    });
    signInAs(organizer);
    const { router } = renderApp(`/organizer/events/${draftEvent.id}/edit?step=details`);

    expect(((await screen.findByLabelText(/Event title/)) as HTMLInputElement).value).toBe(
      'Oud night',
    );
    await fill(/Event title/, 'Oud night II');
    pickCover(new File(['png'], 'cover.png', { type: 'image/png' }));
    expect(await screen.findByRole('img', { name: 'Preview of the new cover image' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));

    await waitFor(() => expect(router.state.location.search).toBe('?step=dates'));
    const patch = requests.find((request) => request.method === 'PATCH');
    expect(requestBody(patch)).toEqual({ title: 'Oud night II' });
    const upload = fetchStub.mock.calls.find(([input]) => String(input).endsWith('/cover/'));
    const form = upload?.[1]?.body as FormData;
    expect(form.get('cover')).toBeInstanceOf(File);
  });

  it('keeps the organizer on the details when the API refuses the cover', async () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:cover');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    stubFetch({
      ...eventRoutes(),
      [`POST /api/v1/events/${draftEvent.id}/cover/`]: () =>
        validationError('image_invalid', 'This file is not an image.', 'cover'),
    });
    signInAs(organizer);
    const { router } = renderApp(`/organizer/events/${draftEvent.id}/edit?step=details`);
    await screen.findByLabelText(/Event title/);

    pickCover(new File(['gif'], 'cover.gif', { type: 'image/gif' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));

    expect(await screen.findByText('This file is not an image.')).toBeTruthy();
    expect(router.state.location.search).toBe('?step=details');
  });

  it('refuses a cover that is not an image, or too large, before uploading', async () => {
    const { requests } = stubFetch(eventRoutes());
    signInAs(organizer);
    renderApp(`/organizer/events/${draftEvent.id}/edit?step=details`);
    await screen.findByLabelText(/Event title/);

    pickCover(new File(['%PDF'], 'flyer.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('Choose a PNG, JPEG, WebP or GIF image.')).toBeTruthy();

    pickCover(new File([new Uint8Array(5_000_001)], 'huge.png', { type: 'image/png' }));
    expect(await screen.findByText(/This image is larger than 4.8 megabytes/)).toBeTruthy();
    expect(requests.some((request) => request.url.pathname.endsWith('/cover/'))).toBe(false);
  });

  it('locks the currency of a published event', async () => {
    stubFetch({
      ...catalogRoutes,
      ...eventRoutes({ event: { ...draftEvent, status: 'published' } }),
    });
    signInAs(organizer);
    renderApp(`/organizer/events/${draftEvent.id}/edit?step=details`);

    const currency = await screen.findByLabelText(/^Currency/);
    expect((currency as HTMLSelectElement).disabled).toBe(true);
    expect(
      screen.getByText('The currency cannot change once the event is published.'),
    ).toBeTruthy();
  });
});
