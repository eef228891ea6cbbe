import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, matchRoutes, redirect } from 'react-router';
import type { ComponentType } from 'react';
import type { HydrationState, RouteObject } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { NotFound } from '../components/not-found';
import { categoriesQueryOptions } from '../features/catalog/api/get-categories';
import {
  configurationPageQueryOptions,
  isConfigurationPageId,
} from '../features/catalog/api/get-configuration-page';
import { eventTypesQueryOptions } from '../features/catalog/api/get-event-types';
import { faqQueryOptions } from '../features/catalog/api/get-faq';
import { homeQueryOptions } from '../features/catalog/api/get-home';
import { HomePage } from '../features/catalog/pages/home-page';
import { eventQueryOptions, parseEventId } from '../features/events/api/get-event';
import { isOrganizerId, organizerQueryOptions } from '../features/social/api/get-organizer';
import { setLoginNavigator } from '../lib/api-client';
import { loadI18nNamespace } from '../lib/i18n';
import { AppLayout } from './layout/app-layout';
import { RootRouteError, RouteError } from './route-error';
import {
  AdminOutlet,
  OrganizerOutlet,
  requireSignedIn,
  requireSignedOut,
  SignedInOutlet,
} from './route-guards';

function FullPageLoader() {
  return <PageLoader fullHeight />;
}

type Namespace =
  | 'catalog'
  | 'auth'
  | 'profile'
  | 'events'
  | 'social'
  | 'organizer'
  | 'booking'
  | 'tickets'
  | 'notifications'
  | 'door'
  | 'finance'
  | 'admin'
  | 'charts';

/** Page code and its translation namespace download together, in parallel. */
function loadNamespace(namespace: Namespace): Promise<void> {
  return loadI18nNamespace(namespace);
}

/** A route's `lazy` for a page component: its chunk and its namespaces, side by side. */
function lazyPage<M>(
  importPage: () => Promise<M>,
  pickComponent: (module: M) => ComponentType,
  ...namespaces: Namespace[]
) {
  return async () => {
    // The server's render has every namespace at hand (entry-server.tsx).
    const [module] = await Promise.all([
      importPage(),
      ...(import.meta.env.SSR ? [] : namespaces.map(loadNamespace)),
    ]);
    return { Component: pickComponent(module) };
  };
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
              id: HOME_ROUTE_ID,
              index: true,
              // The most visited page ships in the entry chunk: no extra round trip before it shows.
              loader: async () => {
                prefetch(
                  queryClient.prefetchQuery(homeQueryOptions()),
                  queryClient.prefetchQuery(categoriesQueryOptions()),
                );
                await loadNamespace('catalog');
                return null;
              },
              Component: HomePage,
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
              // Account flows for visitors; a signed-in reader is sent home.
              loader: requireSignedOut,
              children: [
                {
                  path: 'auth/login',
                  lazy: lazyPage(
                    () => import('../features/auth/pages/login-page'),
                    (m) => m.LoginPage,
                    'auth',
                  ),
                },
                {
                  path: 'auth/register',
                  lazy: lazyPage(
                    () => import('../features/auth/pages/register-page'),
                    (m) => m.RegisterPage,
                    'auth',
                  ),
                },
                {
                  path: 'auth/verify-email',
                  lazy: lazyPage(
                    () => import('../features/auth/pages/verify-email-page'),
                    (m) => m.VerifyEmailPage,
                    'auth',
                  ),
                },
                {
                  path: 'auth/forgot-password',
                  lazy: lazyPage(
                    () => import('../features/auth/pages/forgot-password-page'),
                    (m) => m.ForgotPasswordPage,
                    'auth',
                  ),
                },
                {
                  path: 'auth/verify-otp',
                  lazy: lazyPage(
                    () => import('../features/auth/pages/verify-otp-page'),
                    (m) => m.VerifyOtpPage,
                    'auth',
                  ),
                },
                {
                  path: 'auth/reset-password',
                  lazy: lazyPage(
                    () => import('../features/auth/pages/reset-password-page'),
                    (m) => m.ResetPasswordPage,
                    'auth',
                  ),
                },
              ],
            },
            {
              loader: requireSignedIn,
              Component: SignedInOutlet,
              children: [
                {
                  path: 'auth/complete-registration',
                  lazy: lazyPage(
                    () => import('../features/auth/pages/complete-registration-page'),
                    (m) => m.CompleteRegistrationPage,
                    'auth',
                  ),
                },
                {
                  path: 'user/profile',
                  lazy: lazyPage(
                    () => import('../features/profile/pages/profile-page'),
                    (m) => m.ProfilePage,
                    'profile',
                  ),
                },
                {
                  path: 'user/settings',
                  lazy: lazyPage(
                    () => import('../features/profile/pages/settings-page'),
                    (m) => m.SettingsPage,
                    'profile',
                  ),
                },
                {
                  // The guest list and scanner (issue 14) are for the event's organizer and its
                  // ushers, who are not organizers: outside the organizer guard, the API decides.
                  path: 'organizer/events/:id/guestList',
                  lazy: lazyPage(
                    () => import('../features/door/pages/guest-list-page'),
                    (m) => m.GuestListPage,
                    'door',
                  ),
                },
                {
                  path: 'usher/events',
                  lazy: lazyPage(
                    () => import('../features/door/pages/scan-events-page'),
                    (m) => m.ScanEventsPage,
                    'door',
                  ),
                },
                {
                  // Organizer screens (issue 4): my events and the create/edit flow. Other
                  // accounts get a page saying the area is for organizers, at the same address.
                  path: 'organizer',
                  lazy: async () => {
                    const [{ OrganizersOnlyPage }] = await Promise.all([
                      import('../features/organizer-events/pages/organizers-only-page'),
                      loadNamespace('organizer'),
                    ]);
                    return {
                      Component: () => <OrganizerOutlet fallback={<OrganizersOnlyPage />} />,
                    };
                  },
                  children: [
                    { index: true, loader: () => redirect('/organizer/events') },
                    {
                      path: 'events',
                      lazy: lazyPage(
                        () => import('../features/organizer-events/pages/my-events-page'),
                        (m) => m.MyEventsPage,
                        'organizer',
                      ),
                    },
                    {
                      path: 'events/new',
                      lazy: lazyPage(
                        () => import('../features/organizer-events/pages/event-editor-page'),
                        (m) => m.NewEventPage,
                        'organizer',
                      ),
                    },
                    {
                      path: 'ushers',
                      lazy: lazyPage(
                        () => import('../features/door/pages/ushers-page'),
                        (m) => m.UshersPage,
                        'door',
                      ),
                    },
                    {
                      path: 'events/:id/edit',
                      lazy: lazyPage(
                        () => import('../features/organizer-events/pages/event-editor-page'),
                        (m) => m.EditEventPage,
                        'organizer',
                        // The dates step attaches seat charts to dates (issue 16).
                        'charts',
                      ),
                    },
                    // Seat charts (issue 16): the list and the stepwise designer; konva comes
                    // in the designer's chunk only.
                    {
                      path: 'seat-charts',
                      lazy: lazyPage(
                        () => import('../features/seat-charts/pages/seat-charts-page'),
                        (m) => m.SeatChartsPage,
                        'charts',
                      ),
                    },
                    {
                      path: 'seat-charts/:id',
                      lazy: lazyPage(
                        () => import('../features/seat-charts/pages/seat-chart-designer-page'),
                        (m) => m.SeatChartDesignerPage,
                        'charts',
                      ),
                    },
                    // Organizer money (issue 15). The dashboard's chart library is a chunk of
                    // its own that only this route fetches.
                    {
                      path: 'dashboard',
                      lazy: lazyPage(
                        () => import('../features/finance/pages/dashboard-page'),
                        (m) => m.DashboardPage,
                        'finance',
                      ),
                    },
                    {
                      path: 'wallet',
                      lazy: lazyPage(
                        () => import('../features/finance/pages/wallet-page'),
                        (m) => m.WalletPage,
                        'finance',
                      ),
                    },
                  ],
                },
                {
                  // The admin console (issue 17): its own chunks, fetched only under /admin;
                  // other accounts get a page saying the area is for staff, at the same address.
                  path: 'admin',
                  lazy: async () => {
                    const [{ AdminsOnlyPage }] = await Promise.all([
                      import('../features/finance/pages/admins-only-page'),
                      loadNamespace('finance'),
                    ]);
                    return { Component: () => <AdminOutlet fallback={<AdminsOnlyPage />} /> };
                  },
                  children: [
                    {
                      lazy: lazyPage(
                        () => import('../features/admin/pages/admin-layout'),
                        (m) => m.AdminLayout,
                        'admin',
                      ),
                      children: [
                        {
                          path: 'withdrawals',
                          lazy: lazyPage(
                            () => import('../features/finance/pages/admin-withdrawals-page'),
                            (m) => m.AdminWithdrawalsPage,
                            'finance',
                          ),
                        },
                        // The console's own pages route inside its chunk (admin-routes.tsx);
                        // a splat does not match `/admin` itself, so the index goes there too.
                        ...(['index', '*'] as const).map((match) => ({
                          ...(match === 'index' ? { index: true as const } : { path: match }),
                          lazy: lazyPage(
                            () => import('../features/admin/pages/admin-routes'),
                            (m) => m.AdminRoutes,
                            'admin',
                          ),
                        })),
                      ],
                    },
                  ],
                },
              ],
            },
            // Attendee screens (issue 4): events, organizers, wishlist, follows, problem reports.
            {
              id: EVENTS_ROUTE_ID,
              path: 'events',
              loader: () =>
                prefetch(
                  queryClient.prefetchQuery(categoriesQueryOptions()),
                  queryClient.prefetchQuery(eventTypesQueryOptions()),
                ),
              lazy: lazyPage(
                () => import('../features/events/pages/events-page'),
                (m) => m.EventsPage,
                'events',
              ),
            },
            {
              id: EVENT_ROUTE_ID,
              path: 'events/:id',
              loader: ({ params }) => {
                const id = parseEventId(params.id);
                return id === null
                  ? null
                  : prefetch(queryClient.prefetchQuery(eventQueryOptions(id)));
              },
              lazy: lazyPage(
                () => import('../features/events/pages/event-page'),
                (m) => m.EventPage,
                'events',
                'social',
              ),
            },
            {
              // Steps 1–2 are open to visitors; the page asks for a sign-in to hold tickets.
              path: 'events/:id/book',
              // The page loads its own data: a prefetch here would put the booking API's code
              // in the entry chunk, which is at its size budget.
              lazy: lazyPage(
                () => import('../features/booking/pages/booking-page'),
                (m) => m.BookingPage,
                'booking',
              ),
            },
            {
              id: ORGANIZER_ROUTE_ID,
              path: 'organizers/:id',
              loader: ({ params }) =>
                isOrganizerId(params.id)
                  ? prefetch(queryClient.prefetchQuery(organizerQueryOptions(params.id)))
                  : null,
              lazy: lazyPage(
                () => import('../features/social/pages/organizer-page'),
                (m) => m.OrganizerPage,
                'social',
              ),
            },
            {
              loader: requireSignedIn,
              Component: SignedInOutlet,
              children: [
                {
                  path: 'user/wishlist',
                  lazy: lazyPage(
                    () => import('../features/social/pages/wishlist-page'),
                    (m) => m.WishlistPage,
                    'social',
                  ),
                },
                {
                  path: 'user/following',
                  lazy: lazyPage(
                    () => import('../features/social/pages/following-page'),
                    (m) => m.FollowingPage,
                    'social',
                  ),
                },
                {
                  path: 'user/tickets',
                  lazy: lazyPage(
                    () => import('../features/tickets/pages/reserved-events-page'),
                    (m) => m.ReservedEventsPage,
                    'tickets',
                  ),
                },
                {
                  path: 'user/myTickets/:eventId',
                  lazy: lazyPage(
                    () => import('../features/tickets/pages/my-tickets-page'),
                    (m) => m.MyTicketsPage,
                    'tickets',
                  ),
                },
                {
                  path: 'user/tickets/:ticketId',
                  lazy: lazyPage(
                    () => import('../features/tickets/pages/ticket-page'),
                    (m) => m.TicketPage,
                    'tickets',
                  ),
                },
                {
                  path: 'notifications',
                  lazy: lazyPage(
                    () => import('../features/notifications/pages/notifications-page'),
                    (m) => m.NotificationsPage,
                    'notifications',
                  ),
                },
                {
                  path: 'report-problem',
                  lazy: lazyPage(
                    () => import('../features/catalog/pages/report-problem-page'),
                    (m) => m.ReportProblemPage,
                    'catalog',
                  ),
                },
              ],
            },
            { path: '*', Component: NotFound },
          ],
        },
      ],
    },
  ];
}

/** The routes of pages rendered on the server, named so such a page can say its loader ran. */
export const HOME_ROUTE_ID = 'home';
export const EVENTS_ROUTE_ID = 'events';
export const EVENT_ROUTE_ID = 'event';
export const ORGANIZER_ROUTE_ID = 'organizer';

/** Loads the code of the lazy routes that match `pathname` into their route objects. */
async function resolveLazyRoutes(routes: RouteObject[], pathname: string): Promise<void> {
  await Promise.all(
    (matchRoutes(routes, pathname) ?? []).map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
}

/**
 * The app's router. Over a page the server rendered, the page's code is loaded first: a router
 * that hydrates it must render it at once, and one that replaces it must not show a loading
 * fallback in its place.
 */
export async function createAppRouter(
  queryClient: QueryClient,
  options: { hydrationData?: HydrationState; isOverServerPage?: boolean } = {},
) {
  const { isOverServerPage = false, ...routerOptions } = options;
  const routes = createRoutes(queryClient);
  if (isOverServerPage) await resolveLazyRoutes(routes, window.location.pathname);
  const router = createBrowserRouter(routes, routerOptions);
  setLoginNavigator((path) => void router.navigate(path));
  return router;
}
