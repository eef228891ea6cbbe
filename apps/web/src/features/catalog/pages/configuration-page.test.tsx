import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { catalogRoutes, renderApp } from '../../../test/render-app';
import { stubFetch } from '../../../test/stub-fetch';

describe('configuration page', () => {
  it('shows the title and one paragraph per blank-line-separated block', async () => {
    stubFetch(catalogRoutes);

    renderApp('/pages/terms');

    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of use' })).toBeTruthy();
    expect(screen.getByText('By using Hafla you agree to these terms.').tagName).toBe('P');
    expect(screen.getByText('Organizers are responsible for their events.').tagName).toBe('P');
    expect(screen.getByText('Last updated January 15, 2025')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Terms of use · Hafla'));
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      'By using Hafla you agree to these terms.',
    );
  });

  it('shows the not-found page when the API has no such page', async () => {
    const { requests } = stubFetch(catalogRoutes);

    renderApp('/pages/unknown');

    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(
      requests.some((request) => request.url.pathname === '/api/v1/configuration/unknown'),
    ).toBe(true);
  });

  it('answers not-found for a slug that cannot exist without asking the API', async () => {
    const { requests } = stubFetch(catalogRoutes);

    renderApp('/pages/Not%20A%20Slug');

    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(
      requests.some((request) => request.url.pathname.startsWith('/api/v1/configuration')),
    ).toBe(false);
  });
});
