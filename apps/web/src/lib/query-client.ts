import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';

const MINUTE = 60_000;

function shouldRetry(failureCount: number, error: unknown): boolean {
  // A 4xx answer will not change by asking again; network and server failures might.
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Catalog content changes rarely, and a language switch reloads the page anyway.
        staleTime: 5 * MINUTE,
        gcTime: 30 * MINUTE,
        retry: shouldRetry,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
