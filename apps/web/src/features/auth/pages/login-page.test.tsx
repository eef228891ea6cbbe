import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { catalogRoutes, renderApp } from '../../../test/render-app';
import { stubFetch } from '../../../test/stub-fetch';

describe('login placeholder', () => {
  it('has a welcome heading and says that signing in arrives soon', async () => {
    stubFetch(catalogRoutes);

    renderApp('/auth/login');

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to Hafla' })).toBeTruthy();
    expect(screen.getByText(/Signing in arrives soon/)).toBeTruthy();
    expect(document.title).toBe('Sign in · Hafla');
  });
});
