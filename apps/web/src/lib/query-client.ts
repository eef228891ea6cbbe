import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';

const MINUTE = 60_000;

function shouldRetry(failureCount: number, error: unknown): boolean {
  // A 4xx answer will not change by asking again; network and server failures might.
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/** The server was too busy to start the work (503, nothing done) and said when to come back. */
function isBusy(error: unknown): boolean {
  return isApiError(error) && error.status === 503;
}

/**
 * For a mutation that is safe to send again (an Idempotency-Key, or nothing done on a 503): when
 * the server was too busy to take it — a hold that waited too long for its turn in a rush
 * (decision 0028) — ask again after the Retry-After it gave (at most 10 s), up to three times;
 * the request stays pending meanwhile.
 */
export const retryWhenBusy = {
  retry: (failureCount: number, error: unknown) => isBusy(error) && failureCount < 3,
  retryDelay: (_failureCount: number, error: unknown) =>
    Math.min(isApiError(error) && error.retryAfter !== null ? error.retryAfter : 2, 10) * 1000,
};

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
