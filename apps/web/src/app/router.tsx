import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { NotFound } from '../components/not-found';
import { categoriesQueryOptions } from '../features/catalog/api/get-categories';
import {
  configurationPageQueryOptions,
  isConfigurationPageId,
} from '../features/catalog/api/get-configuration-page';
import { eventTypesQueryOptions } from '../features/catalog/api/get-event-types';
import { faqQueryOptions } from '../features/catalog/api/get-faq';
import { homePageConfigQueryOptions } from '../features/catalog/api/get-home-page-config';
import { setLoginNavigator } from '../lib/api-client';
import { loadI18nNamespace } from '../lib/i18n';
import { AppLayout } from './layout/app-layout';
import { RootRouteError, RouteError } from './route-error';

function FullPageLoader() {
  return <PageLoader fullHeight />;
}

/** Page code and its translation namespace download together, in parallel. */
function loadNamespace(namespace: 'catalog' | 'auth'): Promise<void> {
  return loadI18nNamespace(namespace);
}

export function createRoutes(queryClient: QueryClient): RouteObject[] {
  // Loaders only start the requests, so the page chunk and its data download side by side.
  const prefetch = (...requests: Promise<void>[]) => {
    void Promise.all(requests);
    return null;
  };

  return [
    {
      path: '/',
      Component: AppLayout,
      HydrateFallback: FullPageLoader,
      ErrorBoundary: RootRouteError,
      children: [
        {
          ErrorBoundary: RouteError,
          children: [
            {
              index: true,
              loader: () =>
                prefetch(
                  queryClient.prefetchQuery(homePageConfigQueryOptions()),
                  queryClient.prefetchQuery(categoriesQueryOptions()),
                  queryClient.prefetchQuery(eventTypesQueryOptions()),
                ),
              lazy: async () => {
                const [{ HomePage }] = await Promise.all([
                  import('../features/catalog/pages/home-page'),
                  loadNamespace('catalog'),
                ]);
                return { Component: HomePage };
              },
            },
            {
              path: 'faq',
              loader: () => prefetch(queryClient.prefetchQuery(faqQueryOptions())),
              lazy: async () => {
                const [{ FaqPage }] = await Promise.all([
                  import('../features/catalog/pages/faq-page'),
                  loadNamespace('catalog'),
                ]);
                return { Component: FaqPage };
              },
            },
            {
              path: 'pages/:slug',
              loader: ({ params }) => {
                const slug = params.slug ?? '';
                if (isConfigurationPageId(slug)) {
                  void queryClient.prefetchQuery(configurationPageQueryOptions(slug));
                }
                return null;
              },
              lazy: async () => {
                const [{ ConfigurationPageView }] = await Promise.all([
                  import('../features/catalog/pages/configuration-page'),
                  loadNamespace('catalog'),
                ]);
                return { Component: ConfigurationPageView };
              },
            },
            {
              path: 'auth/login',
              lazy: async () => {
                const [{ LoginPage }] = await Promise.all([
                  import('../features/auth/pages/login-page'),
                  loadNamespace('auth'),
                ]);
                return { Component: LoginPage };
              },
            },
            { path: '*', Component: NotFound },
          ],
        },
      ],
    },
  ];
}

export function createAppRouter(queryClient: QueryClient) {
  const router = createBrowserRouter(createRoutes(queryClient));
  setLoginNavigator((path) => void router.navigate(path));
  return router;
}
