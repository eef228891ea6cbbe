import type { QueryClient } from '@tanstack/react-query';
import type { EventSummary } from '@hafla/shared/events/discovery';
import type { WishlistRequest, WishlistState } from '@hafla/shared/social/wishlist';
import { apiClient } from '../../../lib/api-client';
import { wishlistQueryOptions } from './get-wishlist';
import { changeListOptimistically, withItemFirst } from './optimistic-list';

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

/**
 * Fills or empties the heart at once and then asks the API; a refusal puts it back as it
 * was. A plain function rather than a mutation hook: the heart is on the home page, whose
 * code ships in the first download, and this part is fetched only when a heart is pressed.
 */
export function toggleWishlist(
  queryClient: QueryClient,
  input: ToggleWishlistInput,
): Promise<WishlistState> {
  const event = { ...input.event, is_wishlisted: true };
  return changeListOptimistically(
    queryClient,
    wishlistQueryOptions(input.userId).queryKey,
    (list) => withItemFirst(list, event, input.isWishlisted),
    () => setWishlisted(input),
  );
}
