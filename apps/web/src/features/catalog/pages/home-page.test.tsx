import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { catalogRoutes, renderApp } from '../../../test/render-app';
import { stubFetch } from '../../../test/stub-fetch';

describe('home page', () => {
  it('welcomes the visitor and lists the categories and event types from the API', async () => {
    stubFetch(catalogRoutes);

    renderApp('/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Hafla' })).toBeTruthy();
    const categories = await screen.findByRole('region', { name: 'Explore categories' });
    const music = await within(categories).findByRole('link', { name: /Music/ });
    expect(music.getAttribute('href')).toBe('/events?category=music');
    expect(within(categories).getByRole('link', { name: /Theatre/ })).toBeTruthy();

    const eventTypes = screen.getByRole('region', { name: 'Ways to take part' });
    expect(await within(eventTypes).findByRole('link', { name: 'Online' })).toBeTruthy();
  });

  it('renders the shell: landmarks, skip link, sign-in link and the app version', async () => {
    stubFetch(catalogRoutes);

    renderApp('/');

    await screen.findByRole('heading', { level: 1, name: 'Welcome to Hafla' });
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Skip to main content' }).getAttribute('href')).toBe(
      '#main-content',
    );
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/auth/login');
    expect(screen.getByText('v0.1.0')).toBeTruthy();
    const footerNav = screen.getByRole('navigation', { name: 'Site information' });
    const hrefs = within(footerNav)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual(['/pages/terms', '/pages/privacy', '/pages/about', '/faq']);
  });

  it('sets the page title, description and keywords', async () => {
    stubFetch(catalogRoutes);

    renderApp('/');

    await screen.findByRole('heading', { level: 1, name: 'Welcome to Hafla' });
    expect(document.title).toBe('Discover events and book tickets · Hafla');
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(
      /^Hafla helps you discover concerts/,
    );
    expect(document.querySelector('meta[name="keywords"]')?.getAttribute('content')).toContain(
      'tickets',
    );
  });

  it('sends searches to the events list', async () => {
    stubFetch(catalogRoutes);
    const { router } = renderApp('/');

    await screen.findByRole('heading', { level: 1, name: 'Welcome to Hafla' });
    const search = within(screen.getByRole('search'));
    await userEvent.type(search.getByRole('searchbox', { name: 'Search events' }), 'jazz night');
    await userEvent.click(search.getByRole('button', { name: 'Search' }));

    expect(router.state.location.pathname).toBe('/events');
    expect(router.state.location.search).toBe('?search=jazz+night');
  });

  it('asks the API in Arabic and renders right to left for an Arabic reader', async () => {
    const { i18n } = await import('../../../lib/i18n');
    await i18n.changeLanguage('ar');
    window.localStorage.setItem('language', 'ar');
    const { requests } = stubFetch(catalogRoutes);

    renderApp('/', 'ar');

    expect(await screen.findByRole('heading', { level: 1, name: 'أهلًا بك في حفلة' })).toBeTruthy();
    expect(requests.every((request) => request.headers.get('Accept-Language') === 'ar')).toBe(true);
    expect(screen.getByText('الإصدار 0.1.0')).toBeTruthy();
  });
});
