import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import type { NotificationList } from '@hafla/shared/notifications/notifications';
import { apiClient } from '../../../lib/api-client';
import { nextPageOffset } from '../../../lib/pagination';
import { notificationsKeys, seenParamOf, type SeenFilter } from './notifications-keys';

/** PRODUCT.md section 8: the panel loads four (limit 4, offset 0) first, then more on scroll. */
export const NOTIFICATIONS_FEED_SIZE = 4;
export const NOTIFICATIONS_PAGE_SIZE = 10;

/**
 * Pushes keep the lists fresh while the realtime channel is up; without it (a proxy that drops
 * WebSockets and polling alike) they are read again after a minute or on coming back to the tab.
 */
const STALE_MS = 60_000;

export interface GetNotificationsParams {
  limit: number;
  offset: number;
  filter?: SeenFilter;
}

export function getNotifications(
  { limit, offset, filter = 'all' }: GetNotificationsParams,
  signal?: AbortSignal,
): Promise<NotificationList> {
  return apiClient.get<NotificationList>('/api/v1/notifications/', {
    query: { limit, offset, seen: seenParamOf(filter) },
    signal,
  });
}

export function notificationsFeedQueryOptions(userId: string) {
  return infiniteQueryOptions({
    queryKey: notificationsKeys.feed(userId),
    queryFn: ({ pageParam, signal }) =>
      getNotifications({ limit: NOTIFICATIONS_FEED_SIZE, offset: pageParam }, signal),
    initialPageParam: 0,
    getNextPageParam: nextPageOffset,
    staleTime: STALE_MS,
    refetchOnWindowFocus: true,
  });
}

/** The panel's list; its first page is also the bell's one call. */
export function useNotificationsFeed(userId: string) {
  return useInfiniteQuery(notificationsFeedQueryOptions(userId));
}

/** The bell's number: the count the API answered last (every page carries it). */
export function useUnseenCount(userId: string): number | undefined {
  return useInfiniteQuery({
    ...notificationsFeedQueryOptions(userId),
    select: (data) => data.pages.at(-1)?.unseen_count,
  }).data;
}

export function notificationsPageQueryOptions(userId: string, filter: SeenFilter, offset: number) {
  return queryOptions({
    queryKey: notificationsKeys.page(userId, filter, offset),
    queryFn: ({ signal }) =>
      getNotifications({ limit: NOTIFICATIONS_PAGE_SIZE, offset, filter }, signal),
    staleTime: STALE_MS,
    refetchOnWindowFocus: true,
  });
}

export function useNotificationsPage(userId: string, filter: SeenFilter, offset: number) {
  // Turning a page keeps the last one on screen instead of flashing a loader; another filter
  // shows the loader, since the last list would say the wrong thing meanwhile.
  return useQuery({
    ...notificationsPageQueryOptions(userId, filter, offset),
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[3] === filter ? keepPreviousData(previous) : undefined,
  });
}
