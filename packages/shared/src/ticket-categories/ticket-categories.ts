import { z } from 'zod';
import { DbId, DbIdParam } from '../common/ids';
import { PaginationQuery, paginated } from '../common/pagination';
import { Instant, InstantInput } from '../common/time';

/** Largest price in minor units (10 million in a two-decimal currency). */
export const MAX_PRICE = 1_000_000_000;
export const MAX_QUANTITY = 1_000_000;

const ticketCategoryFields = {
  name: z.string().trim().min(1).max(100),
  description: z.string().trim().max(1000),
  /** Minor units of the event's currency; 0 is free. */
  price: z.number().int().min(0).max(MAX_PRICE),
  /** Tickets available in each time slot. */
  quantity: z.number().int().min(1).max(MAX_QUANTITY),
  sales_start: InstantInput.nullable(),
  sales_end: InstantInput.nullable(),
  min_per_order: z.number().int().min(1).max(100),
  max_per_order: z.number().int().min(1).max(100),
};

export const TicketCategoryCreateRequest = z.strictObject({
  event: DbId,
  ...ticketCategoryFields,
  description: ticketCategoryFields.description.default(''),
  sales_start: ticketCategoryFields.sales_start.default(null),
  sales_end: ticketCategoryFields.sales_end.default(null),
  min_per_order: ticketCategoryFields.min_per_order.default(1),
  /** Omitted: the event's max_tickets_per_order; never above it. */
  max_per_order: ticketCategoryFields.max_per_order.optional(),
});
export type TicketCategoryCreateRequest = z.infer<typeof TicketCategoryCreateRequest>;

export const TicketCategoryUpdateRequest = z.strictObject(
  Object.fromEntries(
    Object.entries(ticketCategoryFields).map(([name, schema]) => [name, schema.optional()]),
  ) as {
    [K in keyof typeof ticketCategoryFields]: z.ZodOptional<(typeof ticketCategoryFields)[K]>;
  },
);
export type TicketCategoryUpdateRequest = z.infer<typeof TicketCategoryUpdateRequest>;

export const TicketCategory = z.object({
  id: z.number().int(),
  event: z.number().int(),
  name: z.string(),
  description: z.string(),
  price: z.number().int(),
  quantity: z.number().int(),
  sales_start: Instant.nullable(),
  sales_end: Instant.nullable(),
  min_per_order: z.number().int(),
  max_per_order: z.number().int(),
  /** The most tickets sold or held in any one time slot (the floor for `quantity`). */
  sold: z.number().int(),
});
export type TicketCategory = z.infer<typeof TicketCategory>;

export const TicketCategoryList = paginated(TicketCategory);

export const TicketCategoryParams = z.object({ id: DbIdParam });

export const TicketCategoryListQuery = PaginationQuery.extend({ event: DbIdParam.optional() });
export type TicketCategoryListQuery = z.infer<typeof TicketCategoryListQuery>;
