import { z } from 'zod';
import { DbId, DbIdParam } from '../common/ids';
import { PaginationQuery, paginated } from '../common/pagination';
import { Instant, InstantInput } from '../common/time';

export const DiscountType = z.enum(['percentage', 'fixed']);
export type DiscountType = z.infer<typeof DiscountType>;

/** Letters, digits, `-` and `_`; matched without regard to case. */
export const PromoCodeText = z
  .string()
  .trim()
  .min(3)
  .max(32)
  .regex(/^[A-Za-z0-9_-]+$/);

const promoCodeFields = {
  code: PromoCodeText,
  discount_type: DiscountType,
  /** Percentage 1–100, or an amount in the event currency's minor units (at most the price). */
  value: z.number().int().min(1).max(1_000_000_000),
  max_uses: z.number().int().min(1).max(1_000_000).nullable().default(null),
  max_uses_per_user: z.number().int().min(1).max(1000).nullable().default(null),
  valid_from: InstantInput.nullable().default(null),
  valid_until: InstantInput.nullable().default(null),
  /** Ticket category ids it applies to; empty: all of the event's. */
  ticket_categories: z.array(DbId).max(100).default([]),
  is_active: z.boolean().default(true),
};

export const PromoCodeCreateRequest = z.strictObject({ event: DbId, ...promoCodeFields });
export type PromoCodeCreateRequest = z.infer<typeof PromoCodeCreateRequest>;

/**
 * PUT replaces every field (omitted ones take their defaults). `event` may be sent back as
 * read, but a promo code never moves to another event.
 */
export const PromoCodeReplaceRequest = z.strictObject({
  event: DbId.optional(),
  ...promoCodeFields,
  // A client may send back what it read.
  id: z.number().int().optional(),
  uses: z.number().int().optional(),
});
export type PromoCodeReplaceRequest = z.infer<typeof PromoCodeReplaceRequest>;

export const PromoCode = z.object({
  id: z.number().int(),
  event: z.number().int(),
  code: z.string(),
  discount_type: DiscountType,
  value: z.number().int(),
  max_uses: z.number().int().nullable(),
  max_uses_per_user: z.number().int().nullable(),
  valid_from: Instant.nullable(),
  valid_until: Instant.nullable(),
  ticket_categories: z.array(z.number().int()),
  is_active: z.boolean(),
  /** Confirmed bookings that used it. */
  uses: z.number().int(),
  created_at: Instant,
  updated_at: Instant,
});
export type PromoCode = z.infer<typeof PromoCode>;

export const PromoCodeList = paginated(PromoCode);

export const PromoCodeParams = z.object({ id: DbIdParam });

export const PromoCodeListQuery = PaginationQuery.extend({ event: DbIdParam.optional() });
export type PromoCodeListQuery = z.infer<typeof PromoCodeListQuery>;
