import type { QueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import type { ReactNode } from 'react';
import type { Language } from '@hafla/shared/common/i18n';
import { PageLoader } from '../components/page-loader';
import { AppErrorBoundary } from './error-boundary';
import { AppInfoGate } from './app-info-gate';
import { Providers } from './providers';

export interface AppProps {
  language: Language;
  queryClient: QueryClient;
  env?: 'default' | 'test';
  /** The router: the browser's (`RouterProvider`), or the server's for a first screen. */
  children: ReactNode;
}

export function App({ language, queryClient, env, children }: AppProps) {
  return (
    <Providers language={language} queryClient={queryClient} env={env}>
      <AppErrorBoundary>
        <Suspense fallback={<PageLoader fullHeight />}>
          <AppInfoGate>{children}</AppInfoGate>
        </Suspense>
      </AppErrorBoundary>
    </Providers>
  );
}
