import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminCategory } from '@hafla/shared/admin/content';
import type { User } from '@hafla/shared/auth/users';
import { user } from '../../../test/fixtures';
import { catalogRoutes, renderApp, signInAs } from '../../../test/render-app';
import { jsonResponse, stubFetch } from '../../../test/stub-fetch';

const admin: User = {
  ...user,
  id: '5b1e0c7a-2d3f-4e5a-8b9c-0d1e2f3a4b5c',
  roles: ['attendee', 'admin'],
};

const music: AdminCategory = {
  id: 1,
  slug: 'music',
  name_en: 'Music',
  name_ar: 'موسيقى',
  description_en: '',
  description_ar: '',
  icon: 'music',
  position: 1,
  is_hidden: false,
  events_count: 4,
  updated_at: '2026-11-20T10:00:00Z',
};

const page = <T,>(results: T[]) => ({ count: results.length, next: null, previous: null, results });

describe('/admin/content/categories', () => {
  it('lists categories in both languages and creates one, marking a missing Arabic name', async () => {
    const created: AdminCategory = {
      ...music,
      id: 9,
      slug: 'poetry',
      name_en: 'Poetry',
      name_ar: '',
      events_count: 0,
    };
    const { requests } = stubFetch({
      ...catalogRoutes,
      'GET /api/v1/admin/categories/': page([music]),
      'POST /api/v1/admin/categories/': () => jsonResponse(created, 201),
    });
    signInAs(admin);
    renderApp('/admin/content/categories');

    expect(await screen.findByRole('heading', { level: 1, name: 'Content' })).toBeTruthy();
    expect(await screen.findByText('موسيقى')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Admin console' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Add a category' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a category' });
    await userEvent.type(within(dialog).getByLabelText(/Address name/), 'poetry');
    const [english] = within(dialog).getAllByLabelText(/^English/);
    await userEvent.type(english!, 'Poetry');
    expect(within(dialog).getByTestId('missing-arabic-name')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));

    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Add a category' })).toBeNull(),
    );
    const post = requests.find((request) => request.method === 'POST')!;
    expect(JSON.parse(post.body!)).toMatchObject({
      slug: 'poetry',
      name_en: 'Poetry',
      name_ar: '',
    });
    await waitFor(() => expect(document.body.textContent).toContain('“Poetry” is saved.'));
  });

  it('is for admins only', async () => {
    stubFetch({ ...catalogRoutes });
    signInAs(user);
    renderApp('/admin/content/categories');
    expect(await screen.findByRole('heading', { level: 1, name: /admins|staff/i })).toBeTruthy();
  });
});
