import type { QueryClient } from '@tanstack/react-query';
import type { EventSummary, EventSummaryList } from '@hafla/shared/events/discovery';
import type { WishlistRequest, WishlistState } from '@hafla/shared/social/wishlist';
import { apiClient } from '../../../lib/api-client';
import { wishlistQueryOptions } from './get-wishlist';

export interface ToggleWishlistInput {
  userId: string;
  event: EventSummary;
  /** The state wanted: true adds, false removes (both idempotent on the API). */
  isWishlisted: boolean;
}

export function setWishlisted({
  userId,
  event,
  isWishlisted,
}: ToggleWishlistInput): Promise<WishlistState> {
  const action = isWishlisted ? 'add_to_wishlist' : 'remove_from_wishlist';
  const body: WishlistRequest = { event: event.id };
  return apiClient.request<WishlistState>(
    `/api/v1/profile/${encodeURIComponent(userId)}/${action}/`,
    { method: 'POST', body },
  );
}

function withEvent(list: EventSummaryList, event: EventSummary, isWishlisted: boolean) {
  const others = list.results.filter((item) => item.id !== event.id);
  const results = isWishlisted ? [{ ...event, is_wishlisted: true }, ...others] : others;
  return { ...list, count: list.count + (results.length - list.results.length), results };
}

/**
 * Fills or empties the heart at once and then asks the API; a refusal puts it back as it
 * was. A plain function rather than a mutation hook: the heart is on the home page, whose
 * code ships in the first download, and this part is fetched only when a heart is pressed.
 */
export async function toggleWishlist(
  queryClient: QueryClient,
  input: ToggleWishlistInput,
): Promise<WishlistState> {
  const { queryKey } = wishlistQueryOptions(input.userId);
  await queryClient.cancelQueries({ queryKey });
  const previous = queryClient.getQueryData(queryKey);
  if (previous) {
    queryClient.setQueryData(queryKey, withEvent(previous, input.event, input.isWishlisted));
  }
  try {
    return await setWishlisted(input);
  } catch (error) {
    if (previous) queryClient.setQueryData(queryKey, previous);
    throw error;
  } finally {
    void queryClient.invalidateQueries({ queryKey });
  }
}
