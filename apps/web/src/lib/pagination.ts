import type { Page } from '@hafla/shared/common/pagination';

type OffsetPage = Pick<Page<unknown>, 'count' | 'results'>;

/**
 * `getNextPageParam` of an offset-paged list (`limit`/`offset`, answered as `{ count, results }`):
 * the offset after the items loaded so far, or undefined once all of them are (or a page came
 * back empty, as when the list shrank meanwhile).
 */
export function nextPageOffset(
  lastPage: OffsetPage,
  pages: readonly OffsetPage[],
): number | undefined {
  const loaded = pages.reduce((total, page) => total + page.results.length, 0);
  return lastPage.results.length > 0 && loaded < lastPage.count ? loaded : undefined;
}
