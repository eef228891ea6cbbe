import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Notification, NotificationList } from '@hafla/shared/notifications/notifications';
import { notificationsKeys } from './notifications-keys';

type CachedList = NotificationList | InfiniteData<NotificationList, number>;

function isInfinite(data: CachedList): data is InfiniteData<NotificationList, number> {
  return 'pages' in data;
}

/** Applies `change` to every cached list of the reader's: the bell's feed and each page. */
function changeEveryList(
  queryClient: QueryClient,
  userId: string,
  change: (
    list: NotificationList,
    position: { isFirst: boolean; key: readonly unknown[] },
  ) => NotificationList,
): void {
  for (const [key, data] of queryClient.getQueriesData<CachedList>({
    queryKey: notificationsKeys.ofUser(userId),
  })) {
    if (!data) continue;
    const next: CachedList = isInfinite(data)
      ? {
          ...data,
          pages: data.pages.map((page, index) => change(page, { isFirst: index === 0, key })),
        }
      : change(data, { isFirst: true, key });
    queryClient.setQueryData(key, next);
  }
}

/** Marks one notification seen or unseen everywhere it is shown, and moves the count by one. */
export function setSeenInLists(
  queryClient: QueryClient,
  userId: string,
  notification: Pick<Notification, 'id' | 'seen'>,
  seen: boolean,
): void {
  const step = notification.seen === seen ? 0 : seen ? -1 : 1;
  changeEveryList(queryClient, userId, (list) => ({
    ...list,
    results: list.results.map((item) => (item.id === notification.id ? { ...item, seen } : item)),
    unseen_count: Math.max(0, list.unseen_count + step),
  }));
}

/** Every notification shown is seen, and the count is the API's answer (0 until it comes). */
export function setAllSeenInLists(queryClient: QueryClient, userId: string, unseenCount = 0): void {
  changeEveryList(queryClient, userId, (list) => ({
    ...list,
    results: list.results.map((item) => (item.seen ? item : { ...item, seen: true })),
    unseen_count: unseenCount,
  }));
}

/**
 * A pushed notification: the bell's count moves at once, and a list that starts with the newest
 * (the feed, the first page of "all" and "unread") shows it on top until the refetch answers.
 */
export function addToLists(queryClient: QueryClient, userId: string, notification: Notification) {
  changeEveryList(queryClient, userId, (list, { isFirst, key }) => {
    if (list.results.some((item) => item.id === notification.id)) return list;
    const unseen_count = list.unseen_count + (notification.seen ? 0 : 1);
    const [, , kind, filter, offset] = key;
    const isNewestFirst =
      kind === 'feed' ||
      (offset === 0 && (filter === 'all' || (filter === 'unread' && !notification.seen)));
    if (!isFirst || !isNewestFirst) return { ...list, unseen_count };
    return {
      ...list,
      count: list.count + 1,
      results: [notification, ...list.results],
      unseen_count,
    };
  });
}
