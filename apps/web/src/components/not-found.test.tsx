import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { catalogRoutes, renderApp } from '../test/render-app';
import { stubFetch } from '../test/stub-fetch';

describe('unknown routes', () => {
  it('show a not-found heading, a link home and their own page title', async () => {
    stubFetch(catalogRoutes);

    renderApp('/no-such-page?search=jazz');

    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe(
      '/',
    );
    await waitFor(() => expect(document.title).toBe('Page not found · Hafla'));
  });
});
