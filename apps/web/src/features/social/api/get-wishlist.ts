import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EventSummary, EventSummaryList } from '@hafla/shared/events/discovery';
import { apiClient } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/session';
import { socialKeys } from './social-keys';

/** PRODUCT.md section 9: the web fetches the whole wishlist at once, limit 1000, offset 0. */
export const WISHLIST_PAGE = { limit: 1000, offset: 0 } as const;

export function getWishlist(userId: string, signal?: AbortSignal): Promise<EventSummaryList> {
  return apiClient.get<EventSummaryList>(
    `/api/v1/profile/${encodeURIComponent(userId)}/wishlist_events/`,
    { query: WISHLIST_PAGE, signal },
  );
}

export function wishlistQueryOptions(userId: string) {
  return queryOptions({
    queryKey: socialKeys.wishlist(userId),
    queryFn: ({ signal }) => getWishlist(userId, signal),
  });
}

/** The signed-in reader's wishlist; idle for visitors. */
export function useWishlist() {
  const user = useCurrentUser();
  return useQuery({ ...wishlistQueryOptions(user?.id ?? ''), enabled: user !== null });
}

/**
 * Whether a heart is filled. The wishlist is the one source of truth once loaded, so every
 * card of an event agrees after a toggle; until then the list's own flag stands in.
 */
export function useIsWishlisted(event: Pick<EventSummary, 'id' | 'is_wishlisted'>): boolean {
  const user = useCurrentUser();
  const { data } = useQuery({
    ...wishlistQueryOptions(user?.id ?? ''),
    enabled: user !== null,
    select: (list) => list.results.some((item) => item.id === event.id),
  });
  if (!user) return false;
  return data ?? event.is_wishlisted;
}
