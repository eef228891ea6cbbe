import type { DataTag, QueryClient, QueryKey } from '@tanstack/react-query';
import type { Page } from '@hafla/shared/common/pagination';

/** The list with `item` first (kept) or without it (dropped); the count follows. */
export function withItemFirst<T extends { id: string | number }>(
  list: Page<T>,
  item: T,
  isKept: boolean,
): Page<T> {
  const others = list.results.filter((existing) => existing.id !== item.id);
  const results = isKept ? [item, ...others] : others;
  return { ...list, count: list.count + (results.length - list.results.length), results };
}

/**
 * Shows a change on a cached list at once, then asks the API; a refusal puts the list back as
 * it was. The list is fetched again either way.
 */
export async function changeListOptimistically<L, R>(
  queryClient: QueryClient,
  queryKey: DataTag<QueryKey, L, Error>,
  change: (list: L) => L,
  request: () => Promise<R>,
): Promise<R> {
  await queryClient.cancelQueries({ queryKey });
  const previous = queryClient.getQueryData(queryKey);
  if (previous) queryClient.setQueryData(queryKey, change(previous));
  try {
    return await request();
  } catch (error) {
    if (previous) queryClient.setQueryData(queryKey, previous);
    throw error;
  } finally {
    void queryClient.invalidateQueries({ queryKey });
  }
}
