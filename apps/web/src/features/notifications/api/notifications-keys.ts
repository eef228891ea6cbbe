/** What the notifications page lists: everything, the unseen ones or the seen ones. */
export type SeenFilter = 'all' | 'unread' | 'read';

export const SEEN_FILTERS: readonly SeenFilter[] = ['all', 'unread', 'read'];

/** The API's `seen` query parameter for a filter (absent lists all). */
export function seenParamOf(filter: SeenFilter): boolean | undefined {
  return filter === 'all' ? undefined : filter === 'read';
}

/** Each reader's notifications sit under their id, so a second account never sees the first's. */
export const notificationsKeys = {
  all: () => ['notifications'] as const,
  ofUser: (userId: string) => ['notifications', userId] as const,
  /** The bell and its panel: newest first, four at a time. */
  feed: (userId: string) => ['notifications', userId, 'feed'] as const,
  /** One page of the notifications page. */
  page: (userId: string, filter: SeenFilter, offset: number) =>
    ['notifications', userId, 'page', filter, offset] as const,
};
