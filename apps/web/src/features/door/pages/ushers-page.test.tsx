import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { catalogRoutes, renderApp, signInAs } from '../../../test/render-app';
import { errorResponse, jsonResponse, stubFetch } from '../../../test/stub-fetch';
import { fill, organizer, ownEvent, page, usher, usherEvent, usherRow } from '../testing/fixtures';

const activeUsher = usherRow(2, {
  status: 'active',
  role: 'supervisor',
  events: [ownEvent.id],
  user: {
    id: usher.id,
    first_name: 'Layla',
    last_name: 'Usher',
    email: usher.email,
    avatar: null,
  },
  email: usher.email,
});

describe('Ushers', () => {
  it('lists invited and active ushers and invites one for chosen events', async () => {
    const { requests } = stubFetch({
      ...catalogRoutes,
      'GET /api/v1/ushers/': page([usherRow(1), activeUsher]),
      'GET /api/v1/events/': page([ownEvent]),
      'POST /api/v1/ushers/': (request) =>
        jsonResponse({ ...usherRow(3), ...JSON.parse(request.body!) }, 201),
    });
    signInAs(organizer);
    renderApp('/organizer/ushers');

    expect(await screen.findByRole('heading', { level: 1, name: 'Ushers' })).toBeTruthy();
    const invited = (await screen.findByText('usher1@example.com')).closest('li')!;
    expect(within(invited).getByText('Invited')).toBeTruthy();
    expect(within(invited).getByText(/Steward · All events/)).toBeTruthy();
    const active = screen.getByText('Layla Usher').closest('li')!;
    expect(within(active).getByText('Active')).toBeTruthy();
    expect(within(active).getByText(/Supervisor · 1 event/)).toBeTruthy();

    await fill(/^Email address/, 'new.usher@example.com');
    await userEvent.selectOptions(
      screen.getByLabelText('Role'),
      'Supervisor: also approves, rejects and undoes',
    );
    await userEvent.click(screen.getByRole('switch', { name: /All my events/ }));
    await userEvent.click(await screen.findByRole('checkbox', { name: ownEvent.title }));
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));

    expect(
      await screen.findByText('new.usher@example.com is now on your list of ushers.'),
    ).toBeTruthy();
    const post = requests.find((request) => request.method === 'POST')!;
    expect(JSON.parse(post.body!)).toEqual({
      email: 'new.usher@example.com',
      role: 'supervisor',
      events: [ownEvent.id],
    });
  });

  it('says when the address is already an usher', async () => {
    stubFetch({
      ...catalogRoutes,
      'GET /api/v1/ushers/': page([]),
      'GET /api/v1/events/': page([]),
      'POST /api/v1/ushers/': () => errorResponse(400, 'already_exists', 'Already exists.'),
    });
    signInAs(organizer);
    renderApp('/organizer/ushers');
    expect(await screen.findByText('No ushers yet. Invite the first one above.')).toBeTruthy();
    await fill(/^Email address/, 'usher1@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('This address is already one of your ushers.')).toBeTruthy();
  });

  it('shows the API’s refusal of the organizer’s own address under the email field', async () => {
    const detail =
      'This is your own address. You cannot add yourself as an usher: as the organizer, you already run your events’ door.';
    stubFetch({
      ...catalogRoutes,
      'GET /api/v1/ushers/': page([]),
      'GET /api/v1/events/': page([]),
      'POST /api/v1/ushers/': () =>
        jsonResponse(
          {
            type: 'validation_error',
            errors: [{ code: 'cannot_add_self_as_usher', detail, attr: 'email' }],
          },
          400,
        ),
    });
    signInAs(organizer);
    renderApp('/organizer/ushers');
    expect(await screen.findByText('No ushers yet. Invite the first one above.')).toBeTruthy();
    await fill(/^Email address/, organizer.email);
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText(detail)).toBeTruthy();
    const field = screen.getByRole('textbox', { name: /^Email address/ });
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('No ushers yet. Invite the first one above.')).toBeTruthy();
  });

  it('says what is wrong with a missing or mistyped address before asking the API', async () => {
    const { requests } = stubFetch({
      ...catalogRoutes,
      'GET /api/v1/ushers/': page([]),
      'GET /api/v1/events/': page([]),
    });
    signInAs(organizer);
    renderApp('/organizer/ushers');
    expect(await screen.findByText('No ushers yet. Invite the first one above.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Fill in this field.')).toBeTruthy();
    await fill(/^Email address/, 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Enter an email address like name@example.com.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /^Email address/ }));
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('removes an usher after asking', async () => {
    let removed = false;
    const { requests } = stubFetch({
      ...catalogRoutes,
      'GET /api/v1/ushers/': () => jsonResponse(page(removed ? [] : [activeUsher])),
      'GET /api/v1/events/': page([]),
      'DELETE /api/v1/ushers/2/': () => {
        removed = true;
        return new Response(null, { status: 204 });
      },
    });
    signInAs(organizer);
    renderApp('/organizer/ushers');

    await userEvent.click(await screen.findByRole('button', { name: 'Remove Layla Usher' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this usher?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove usher' }));
    expect(await screen.findByText('Layla Usher was removed.')).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Remove Layla Usher' })).toBeNull(),
    );
    expect(requests.some((request) => request.method === 'DELETE')).toBe(true);
  });

  it('is not for ushers: an usher sees the organizers-only page', async () => {
    stubFetch({ ...catalogRoutes });
    signInAs(usher);
    renderApp('/organizer/ushers');
    expect(await screen.findByRole('heading', { level: 1, name: /organizers/i })).toBeTruthy();
  });
});

describe('Events I scan for', () => {
  it('lists the usher’s events with their scanner and guest list', async () => {
    stubFetch({
      ...catalogRoutes,
      'GET /api/v1/ushers/events/': page([usherEvent]),
    });
    signInAs(usher);
    renderApp('/usher/events');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Events I scan for' }),
    ).toBeTruthy();
    expect(
      (
        await screen.findByRole('link', { name: `Open scanner for ${usherEvent.title}` })
      ).getAttribute('href'),
    ).toBe(`/organizer/events/${usherEvent.id}/guestList?mode=scan`);
    expect(screen.getByText('By \u2068Nour Events\u2069 · Your role: Steward')).toBeTruthy();
  });
});
