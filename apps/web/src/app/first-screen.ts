import type { QueryClient } from '@tanstack/react-query';
import { appInfoQueryOptions } from '../features/catalog/api/get-app-info';
import { homeQueryOptions } from '../features/catalog/api/get-home';
import { HOME_ROUTE_ID } from './router';

/**
 * The first screens rendered on the server and hydrated in the browser (decision 0026): for each
 * page, the API answers its first render reads (they travel in the page, decision 0024) and the
 * routes whose loaders the server's render stands for. Both sides put the same answers in the
 * query cache under the same keys, so the browser's first render is the server's.
 */
interface FirstScreen {
  /** API path → the query that reads it. */
  queries: Record<string, () => { queryKey: readonly unknown[] }>;
  /** Routes with a loader on this page: the browser's router starts as if they had run. */
  loaderRoutes: readonly string[];
  /** Translation namespaces its loaders would have loaded, besides `common`. */
  namespaces: readonly string[];
}

const APP_INFO = { '/api/v1/app_config/': appInfoQueryOptions };

const FIRST_SCREENS: Record<string, FirstScreen> = {
  '/': {
    queries: { ...APP_INFO, '/api/v1/home': homeQueryOptions },
    loaderRoutes: [HOME_ROUTE_ID],
    namespaces: ['catalog'],
  },
};

/** The page at `pathname` is one the server renders. */
export function hasFirstScreen(pathname: string): boolean {
  return Object.hasOwn(FIRST_SCREENS, pathname);
}

/**
 * Puts the page's first answers in the query cache; false (and nothing put) when one is
 * missing, since the first screen cannot then be the server's.
 */
export function seedFirstScreen(
  queryClient: QueryClient,
  pathname: string,
  answerOf: (apiPath: string) => unknown,
): boolean {
  const screen = FIRST_SCREENS[pathname];
  if (!screen) return false;
  const entries = Object.entries(screen.queries).map(
    ([apiPath, options]) => [options().queryKey, answerOf(apiPath)] as const,
  );
  if (entries.some(([, answer]) => answer === undefined)) return false;
  for (const [queryKey, answer] of entries) queryClient.setQueryData(queryKey, answer);
  return true;
}

/** The translation namespaces the page's first screen needs, besides `common`. */
export function firstScreenNamespaces(pathname: string): readonly string[] {
  return FIRST_SCREENS[pathname]?.namespaces ?? [];
}

/** The router's starting state for a hydrated page: its loaders count as run. */
export function firstScreenHydrationData(pathname: string) {
  const screen = FIRST_SCREENS[pathname];
  return { loaderData: Object.fromEntries((screen?.loaderRoutes ?? []).map((id) => [id, null])) };
}
