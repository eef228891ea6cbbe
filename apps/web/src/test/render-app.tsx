import { render } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { User } from '@hafla/shared/auth/users';
import type { Language } from '@hafla/shared/common/i18n';
import { App } from '../app/app';
import { createRoutes } from '../app/router';
import { setLoginNavigator } from '../lib/api-client';
import { createQueryClient } from '../lib/query-client';
import { signIn } from '../lib/session';
import * as fixtures from './fixtures';

export function createTestQueryClient(): QueryClient {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  return queryClient;
}

/** The whole app (providers, gate, layout, lazy routes) at one URL, in memory. */
export function renderApp(path = '/', language: Language = 'en') {
  const queryClient = createTestQueryClient();
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [path] });
  setLoginNavigator((target) => void router.navigate(target));
  const view = render(
    <App language={language} queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </App>,
  );
  return { ...view, router, queryClient };
}

export const catalogRoutes = {
  'GET /api/v1/app_config/': fixtures.appInfo,
  'GET /api/v1/app_config/home-page-config/': fixtures.homePageConfig,
  'GET /api/v1/categories/': fixtures.categories,
  'GET /api/v1/event_types/': fixtures.eventTypes,
  'GET /api/v1/faq/': fixtures.faq,
  'GET /api/v1/configuration/terms': fixtures.termsPage,
  'GET /api/v1/home': fixtures.home,
};

/** Signs in the way a successful login does: token in memory, hint in storage, user in state. */
export function signInAs(account: User = fixtures.user) {
  signIn({ access: fixtures.accessToken(account.id), user: account });
}
