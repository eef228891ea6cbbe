import type { QueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { RouterProvider } from 'react-router';
import type { DataRouter } from 'react-router';
import type { Language } from '@hafla/shared/common/i18n';
import { PageLoader } from '../components/page-loader';
import { AppErrorBoundary } from './error-boundary';
import { AppInfoGate } from './app-info-gate';
import { Providers } from './providers';

export interface AppProps {
  language: Language;
  queryClient: QueryClient;
  router: DataRouter;
  env?: 'default' | 'test';
}

export function App({ language, queryClient, router, env }: AppProps) {
  return (
    <Providers language={language} queryClient={queryClient} env={env}>
      <AppErrorBoundary>
        <Suspense fallback={<PageLoader fullHeight />}>
          <AppInfoGate>
            <RouterProvider router={router} />
          </AppInfoGate>
        </Suspense>
      </AppErrorBoundary>
    </Providers>
  );
}
