import { z } from 'zod';
import { DbId } from '../common/ids';

/** Body of add_to_wishlist and remove_from_wishlist (both idempotent). */
export const WishlistRequest = z.strictObject({ event: DbId });
export type WishlistRequest = z.infer<typeof WishlistRequest>;

export const WishlistState = z.object({
  event: z.number().int(),
  is_wishlisted: z.boolean(),
  wishlist_count: z.number().int(),
});
export type WishlistState = z.infer<typeof WishlistState>;
