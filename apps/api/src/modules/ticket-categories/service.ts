import { formatInZone } from '@hafla/shared/common/zoned-time';
import type {
  TicketCategory,
  TicketCategoryCreateRequest,
  TicketCategoryListQuery,
  TicketCategoryUpdateRequest,
} from '@hafla/shared/ticket-categories/ticket-categories';
import type { Db } from '../../db/client';
import { AppError, fieldError, notFound } from '../../lib/app-error';
import { deleteUnlessReferenced } from '../../lib/db-errors';
import { assertEventEditable, findEditableOwnEvent, findOwnEvent } from '../events/ownership';
import * as queries from './queries';

export interface TicketCategoriesDeps {
  db: Db;
  now: () => Date;
}

function toTicketCategory(row: queries.CategoryWithEvent): TicketCategory {
  const inZone = (instant: Date | null) => (instant ? formatInZone(instant, row.timezone) : null);
  return {
    id: row.id,
    event: row.event_id,
    name: row.name,
    description: row.description,
    price: row.price,
    quantity: row.quantity,
    sales_start: inZone(row.sales_start),
    sales_end: inZone(row.sales_end),
    min_per_order: row.min_per_order,
    max_per_order: row.max_per_order,
    sold: row.sold,
  };
}

interface OrderLimits {
  min_per_order: number;
  max_per_order: number;
  sales_start: Date | null;
  sales_end: Date | null;
}

/**
 * Rules on the merged state. A category's per-order maximum may not exceed the event's
 * max_tickets_per_order when it is set; lowering the event's cap later does not rewrite its
 * categories, so booking applies the smaller of the two.
 */
function checkOrderLimits(limits: OrderLimits, eventCap: number, isMaxSent: boolean): void {
  if (isMaxSent && limits.max_per_order > eventCap) {
    throw fieldError('max_value', 'max_per_order', { maximum: eventCap, limit: 'event' });
  }
  if (limits.max_per_order < limits.min_per_order) {
    throw fieldError('per_order_invalid', 'max_per_order');
  }
  if (limits.sales_start && limits.sales_end && limits.sales_start >= limits.sales_end) {
    throw fieldError('sales_window_invalid', 'sales_end');
  }
}

const toInstant = (value: string | null) => (value === null ? null : new Date(value));

export async function listOwnCategories(
  deps: TicketCategoriesDeps,
  organizerId: string,
  query: TicketCategoryListQuery,
) {
  if (query.event !== undefined) await findOwnEvent(deps.db, query.event, organizerId, 'event');
  const { rows, count } = await queries.findOwnCategories(deps.db, organizerId, query);
  return { count, results: rows.map(toTicketCategory) };
}

export async function getOwnCategory(
  deps: TicketCategoriesDeps,
  organizerId: string,
  id: number,
): Promise<TicketCategory> {
  const row = await queries.findOwnCategory(deps.db, id, organizerId);
  if (!row) throw notFound();
  return toTicketCategory(row);
}

export async function createCategory(
  deps: TicketCategoriesDeps,
  organizerId: string,
  input: TicketCategoryCreateRequest,
): Promise<TicketCategory> {
  const now = deps.now();
  const event = await findEditableOwnEvent(deps.db, input.event, organizerId, now, 'event');
  const limits: OrderLimits = {
    min_per_order: input.min_per_order,
    max_per_order: input.max_per_order ?? event.max_tickets_per_order,
    sales_start: toInstant(input.sales_start),
    sales_end: toInstant(input.sales_end),
  };
  checkOrderLimits(limits, event.max_tickets_per_order, input.max_per_order !== undefined);
  const id = await queries.insertCategory(deps.db, {
    event_id: event.id,
    name: input.name,
    description: input.description,
    price: input.price,
    quantity: input.quantity,
    ...limits,
    created_at: now,
    updated_at: now,
  });
  return getOwnCategory(deps, organizerId, id);
}

/**
 * Edits a category, on a published event too: tickets already sold keep their price and their
 * slot; only the quantity has a floor, the most sold in any slot.
 */
export async function updateCategory(
  deps: TicketCategoriesDeps,
  organizerId: string,
  id: number,
  input: TicketCategoryUpdateRequest,
): Promise<TicketCategory> {
  const now = deps.now();
  const row = await queries.findOwnCategory(deps.db, id, organizerId);
  if (!row) throw notFound();
  assertEventEditable({ status: row.event_status, last_end_at: row.event_last_end_at }, now);
  const limits: OrderLimits = {
    min_per_order: input.min_per_order ?? row.min_per_order,
    max_per_order: input.max_per_order ?? row.max_per_order,
    sales_start: input.sales_start !== undefined ? toInstant(input.sales_start) : row.sales_start,
    sales_end: input.sales_end !== undefined ? toInstant(input.sales_end) : row.sales_end,
  };
  checkOrderLimits(limits, row.event_max_tickets_per_order, input.max_per_order !== undefined);
  const isUpdated = await queries.updateCategory(deps.db, id, {
    ...(input.name !== undefined && { name: input.name }),
    ...(input.description !== undefined && { description: input.description }),
    ...(input.price !== undefined && { price: input.price }),
    ...(input.quantity !== undefined && { quantity: input.quantity }),
    ...limits,
    updated_at: now,
  });
  if (!isUpdated) {
    const sold = await queries.findSold(deps.db, id);
    throw new AppError('quantity_below_sold', { status: 409, attr: 'quantity', params: { sold } });
  }
  return getOwnCategory(deps, organizerId, id);
}

/**
 * DELETE /api/v1/ticket_categories/{id}/ — a category nobody booked and no promo code is limited
 * to (the code would silently apply to every category); otherwise the answer says which.
 */
export async function deleteCategory(deps: TicketCategoriesDeps, organizerId: string, id: number) {
  const row = await queries.findOwnCategory(deps.db, id, organizerId);
  if (!row) throw notFound();
  assertEventEditable({ status: row.event_status, last_end_at: row.event_last_end_at }, deps.now());
  const deleted = await deleteUnlessReferenced(
    () => queries.deleteCategoryUnlessInCodes(deps.db, id),
    'ticket_category_in_use',
  );
  if (!deleted) throw new AppError('ticket_category_in_promo_codes', { status: 409 });
}
