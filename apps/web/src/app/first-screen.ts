import type {
  FetchInfiniteQueryOptions,
  FetchQueryOptions,
  InfiniteData,
  QueryClient,
  QueryKey,
} from '@tanstack/react-query';
import { matchPath } from 'react-router';
import {
  CATEGORIES_PATH,
  EVENT_TYPES_PATH,
  wholeListPath,
} from '@hafla/shared/catalog/catalog-lists';
import {
  EVENTS_LIST_PAGE,
  eventsPagePath,
  organizerEventsQuery,
} from '@hafla/shared/events/event-pages';
import { appInfoQueryOptions } from '../features/catalog/api/get-app-info';
import { categoriesQueryOptions } from '../features/catalog/api/get-categories';
import { eventTypesQueryOptions } from '../features/catalog/api/get-event-types';
import { homeQueryOptions } from '../features/catalog/api/get-home';
import { countPageView, eventQueryOptions, parseEventId } from '../features/events/api/get-event';
import { eventPagesQueryOptions } from '../features/events/api/get-event-pages';
import {
  isOrganizerId,
  organizerPath,
  organizerQueryOptions,
} from '../features/social/api/get-organizer';
import { EVENTS_ROUTE_ID, EVENT_ROUTE_ID, HOME_ROUTE_ID, ORGANIZER_ROUTE_ID } from './router';

/**
 * The first screens rendered on the server and hydrated in the browser (decision 0026): for each
 * page, the API answers its first render reads (they travel in the page, decision 0024) and the
 * routes whose loaders the server's render stands for. Both sides put the same answers in the
 * query cache under the same keys, so the browser's first render is the server's.
 */
interface FirstScreen {
  /** The page's route pattern, as the router writes it (`/events/:id`). */
  pattern: string;
  /**
   * The source of the route's lazy page module (relative to apps/web), as the build's manifest
   * names it: the server links its styles in the HTML. None for a page in the entry chunk.
   */
  pageModule?: string;
  /** API path → the query that reads it, for the page's parameters; null when they name nothing. */
  queries(params: Params): Record<string, FirstQuery> | null;
  /** Routes with a loader on this page: the browser's router starts as if they had run. */
  loaderRoutes: readonly string[];
  /** Translation namespaces its loaders and route module would have loaded, besides `common`. */
  namespaces: readonly string[];
  /** What the app does on showing the page from the server's answers instead of its own reads. */
  shown?(params: Params): void;
}

type Params = Record<string, string | undefined>;

/**
 * A first render's read: its key in the query cache, what the cache holds for the API's answer,
 * and how to read it without the page.
 */
interface FirstQuery {
  queryKey: QueryKey;
  dataOf(answer: unknown): unknown;
  prefetch(queryClient: QueryClient): Promise<void>;
}

function firstQuery<TQueryFnData, TError, TData, TQueryKey extends QueryKey>(
  options: FetchQueryOptions<TQueryFnData, TError, TData, TQueryKey>,
): FirstQuery {
  return {
    queryKey: options.queryKey,
    dataOf: (answer) => answer,
    prefetch: (client) => client.prefetchQuery(options),
  };
}

/** The first page of a "Show more" list: the cache holds it as the list's only page so far. */
function firstPageQuery<TQueryFnData, TError, TData, TQueryKey extends QueryKey, TPageParam>(
  options: FetchInfiniteQueryOptions<TQueryFnData, TError, TData, TQueryKey, TPageParam>,
): FirstQuery {
  return {
    queryKey: options.queryKey,
    dataOf: (answer): InfiniteData<unknown, TPageParam> => ({
      pages: [answer],
      pageParams: [options.initialPageParam],
    }),
    prefetch: (client) => client.prefetchInfiniteQuery(options),
  };
}

const eventPath = (id: number) => `/api/v1/events_read/${id}`;

const FIRST_SCREENS: readonly FirstScreen[] = [
  {
    pattern: '/',
    queries: () => ({
      '/api/v1/home': firstQuery(homeQueryOptions()),
      [wholeListPath(CATEGORIES_PATH)]: firstQuery(categoriesQueryOptions()),
    }),
    loaderRoutes: [HOME_ROUTE_ID],
    namespaces: ['catalog'],
  },
  {
    // The list without filters. Its filters are its query string, which the server does not
    // render: it sends this first screen only for the address without one.
    pattern: EVENTS_LIST_PAGE,
    pageModule: 'src/features/events/pages/events-page.tsx',
    queries: () => ({
      [eventsPagePath({})]: firstPageQuery(eventPagesQueryOptions({})),
      [wholeListPath(CATEGORIES_PATH)]: firstQuery(categoriesQueryOptions()),
      [wholeListPath(EVENT_TYPES_PATH)]: firstQuery(eventTypesQueryOptions()),
    }),
    loaderRoutes: [EVENTS_ROUTE_ID],
    namespaces: ['events'],
  },
  {
    pattern: '/events/:id',
    pageModule: 'src/features/events/pages/event-page.tsx',
    queries: (params) => {
      const id = parseEventId(params.id);
      return id === null ? null : { [eventPath(id)]: firstQuery(eventQueryOptions(id)) };
    },
    loaderRoutes: [EVENT_ROUTE_ID],
    namespaces: ['events', 'social'],
    // The page view the app's own read would have counted (the organizer's dashboard).
    shown: (params) => countPageView(eventPath(parseEventId(params.id)!)),
  },
  {
    pattern: '/organizers/:id',
    pageModule: 'src/features/social/pages/organizer-page.tsx',
    // The profile and the first page of upcoming events; reviews and followers, further down,
    // start as skeletons and are read by the browser.
    queries: ({ id }) =>
      isOrganizerId(id)
        ? {
            [organizerPath(id)]: firstQuery(organizerQueryOptions(id)),
            [eventsPagePath(organizerEventsQuery(id))]: firstPageQuery(
              eventPagesQueryOptions(organizerEventsQuery(id)),
            ),
          }
        : null,
    loaderRoutes: [ORGANIZER_ROUTE_ID],
    namespaces: ['social'],
  },
];

/** The first screen at `pathname` and its parameters, if the server renders that page. */
function firstScreenAt(pathname: string): { screen: FirstScreen; params: Params } | null {
  for (const screen of FIRST_SCREENS) {
    const match = matchPath(screen.pattern, pathname);
    if (match && screen.queries(match.params) !== null) return { screen, params: match.params };
  }
  return null;
}

/** The reads of a first screen's first render: the app information's and its own. */
function firstQueriesOf(screen: FirstScreen, params: Params): Record<string, FirstQuery> {
  return {
    '/api/v1/app_config/': firstQuery(appInfoQueryOptions()),
    ...screen.queries(params),
  };
}

/**
 * Reads what the page's first render reads, as this reader (signed in, or in another language
 * than the server's page): the app then replaces the server's page with its own whole, with no
 * loader between the two.
 */
export async function prefetchFirstScreen(
  queryClient: QueryClient,
  pathname: string,
): Promise<void> {
  const found = firstScreenAt(pathname);
  if (!found) return;
  await Promise.all(
    Object.values(firstQueriesOf(found.screen, found.params)).map((query) =>
      query.prefetch(queryClient),
    ),
  );
}

/** The page at `pathname` is one the server renders. */
export function hasFirstScreen(pathname: string): boolean {
  return firstScreenAt(pathname) !== null;
}

/**
 * Puts the page's first answers (the app information's and its own) in the query cache; false
 * (and nothing put) when one is missing, since the first screen cannot then be the server's.
 */
export function seedFirstScreen(
  queryClient: QueryClient,
  pathname: string,
  answerOf: (apiPath: string) => unknown,
): boolean {
  const found = firstScreenAt(pathname);
  if (!found) return false;
  const queries = firstQueriesOf(found.screen, found.params);
  const entries = Object.entries(queries).map(
    ([apiPath, query]) => [query, answerOf(apiPath)] as const,
  );
  if (entries.some(([, answer]) => answer === undefined)) return false;
  for (const [query, answer] of entries)
    queryClient.setQueryData(query.queryKey, query.dataOf(answer));
  return true;
}

/** The source of the page's lazy module, if it has one (the build's manifest key). */
export function firstScreenModule(pathname: string): string | null {
  return firstScreenAt(pathname)?.screen.pageModule ?? null;
}

/** The translation namespaces the page's first screen needs, besides `common`. */
export function firstScreenNamespaces(pathname: string): readonly string[] {
  return firstScreenAt(pathname)?.screen.namespaces ?? [];
}

/** The router's starting state for a hydrated page: its loaders count as run. */
export function firstScreenHydrationData(pathname: string) {
  const routes = firstScreenAt(pathname)?.screen.loaderRoutes ?? [];
  return { loaderData: Object.fromEntries(routes.map((id) => [id, null])) };
}

/** The browser shows the server's page: what its own reads would have done is done now. */
export function firstScreenShown(pathname: string): void {
  const found = firstScreenAt(pathname);
  found?.screen.shown?.(found.params);
}
