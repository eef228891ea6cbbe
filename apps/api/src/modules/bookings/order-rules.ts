import type { BookRequest, SalesState } from '@hafla/shared/bookings/bookings';
import type { PromoTerms } from '@hafla/shared/bookings/pricing';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import type { events } from '../../db/schema/events';
import { ticketCategories } from '../../db/schema/events';
import { AppError, fieldError, notFound } from '../../lib/app-error';
import { platformSettingsOf, type PlatformSettings } from '../catalog/platform-settings';
import { eventStatusOf } from '../events/ownership';
import type { ContextRow } from './book-statements';
import type { Line } from './inventory';
import { activePromo, checkPromoUsable, type PromoRow } from './promo';

/**
 * The order rules: what makes an order bookable before anything is locked — the event, the
 * slot, the categories and their limits, the promo code — checked on plain rows.
 */

export type EventRow = typeof events.$inferSelect;
export type CategoryRow = typeof ticketCategories.$inferSelect;
/** Where a category's sales stand in a slot with `available` tickets left. */
export function salesStateOf(
  category: Pick<CategoryRow, 'sales_start' | 'sales_end'>,
  available: number,
  now: Date,
): SalesState {
  if (category.sales_start && category.sales_start > now) return 'not_started';
  if (category.sales_end && category.sales_end <= now) return 'ended';
  return available > 0 ? 'on_sale' : 'sold_out';
}

/** What booking needs of a category. */
export type OrderCategory = Pick<
  CategoryRow,
  | 'id'
  | 'name'
  | 'price'
  | 'quantity'
  | 'position'
  | 'min_per_order'
  | 'max_per_order'
  | 'sales_start'
  | 'sales_end'
>;

/** Published, not cancelled and not over: the only events anyone may book. */
export function bookableEvent<E extends Pick<EventRow, 'status' | 'last_end_at'>>(
  event: E | undefined,
  now: Date,
): E {
  if (!event || event.status === 'draft') throw notFound('event');
  if (eventStatusOf(event, now) !== 'published') {
    throw new AppError('event_not_bookable', { status: 409, attr: 'event' });
  }
  return event;
}

/** A category named twice in one order is refused (before anything is read). */
export function checkDistinctCategories(items: BookRequest['items']): void {
  const seen = new Set<number>();
  items.forEach((item, index) => {
    if (seen.has(item.ticket_category)) {
      throw fieldError('duplicate_ticket_category', `items.${index}.ticket_category`);
    }
    seen.add(item.ticket_category);
  });
}

/** The order's lines with their categories, in the order's order; a foreign category is refused. */
function linesOf<C extends { id: number }>(
  items: BookRequest['items'],
  categories: C[],
): Array<Line & { category: C }> {
  const byId = new Map(categories.map((category) => [category.id, category]));
  return items.map((item, index) => {
    const category = byId.get(item.ticket_category);
    if (!category) {
      throw fieldError('ticket_category_not_in_event', `items.${index}.ticket_category`);
    }
    return { ticket_category_id: category.id, quantity: item.quantity, category };
  });
}

/** The order's categories, priced by the server; foreign or repeated categories are refused. */
export async function orderLines(
  db: Db | Tx,
  eventId: number,
  items: BookRequest['items'],
): Promise<Array<Line & { category: CategoryRow }>> {
  checkDistinctCategories(items);
  const rows = await db
    .select()
    .from(ticketCategories)
    .where(
      and(
        eq(ticketCategories.event_id, eventId),
        inArray(
          ticketCategories.id,
          items.map((item) => item.ticket_category),
        ),
      ),
    );
  return linesOf(items, rows);
}

export const pricedLines = (lines: Array<Line & { category: Pick<CategoryRow, 'price'> }>) =>
  lines.map((line) => ({
    ticket_category: line.ticket_category_id,
    quantity: line.quantity,
    unit_price: line.category.price,
  }));

/** Per-category and per-order limits, before anything is locked. */
function checkOrderRules(
  event: Pick<EventRow, 'max_tickets_per_order'>,
  lines: Array<Line & { category: OrderCategory }>,
  now: Date,
  itemCount = lines.length,
): void {
  // Lines past the items are the seats' (one per category): their errors are about `seats`.
  const attrOf = (index: number, field: string) =>
    index < itemCount ? `items.${index}.${field}` : 'seats';
  lines.forEach((line, index) => {
    const { category } = line;
    if (
      (category.sales_start && category.sales_start > now) ||
      (category.sales_end && category.sales_end <= now)
    ) {
      throw new AppError('sales_closed', { status: 409, attr: attrOf(index, 'ticket_category') });
    }
    if (line.quantity < category.min_per_order) {
      throw new AppError('below_min_per_order', {
        status: 400,
        type: 'validation_error',
        attr: attrOf(index, 'quantity'),
        params: { min: category.min_per_order },
      });
    }
    if (line.quantity > category.max_per_order) {
      throw new AppError('max_per_order_exceeded', {
        status: 400,
        type: 'validation_error',
        attr: attrOf(index, 'quantity'),
        params: { max: category.max_per_order, remaining: category.max_per_order },
      });
    }
  });
  const total = lines.reduce((sum, line) => sum + line.quantity, 0);
  if (total > event.max_tickets_per_order) {
    throw new AppError('max_per_order_exceeded', {
      status: 400,
      type: 'validation_error',
      attr: 'items',
      params: { max: event.max_tickets_per_order, remaining: event.max_tickets_per_order },
    });
  }
}

/** The order as the context read found it, every check before a lock passed. */
export interface Order {
  event: Pick<EventRow, 'id' | 'title' | 'timezone' | 'currency' | 'max_tickets_per_order'>;
  slot: { id: number; start_at: Date; end_at: Date };
  /** The items' lines, then one per category of the seats. */
  lines: Array<Line & { category: OrderCategory & { free: number; seated: boolean } }>;
  settings: PlatformSettings;
  promo: (Pick<PromoRow, 'id' | 'code' | 'max_uses_per_user'> & { terms: PromoTerms }) | null;
}

/**
 * The checks of a booking that need no lock, in the order a client meets them: the event, the
 * slot, the categories and the per-order rules, the promo code.
 */
export function orderOf(
  rows: ContextRow[],
  input: BookRequest,
  now: Date,
  seatLines: readonly Line[] = [],
): Order {
  const first = rows[0];
  const event = bookableEvent(
    first?.event_id != null
      ? {
          id: first.event_id,
          status: first.event_status,
          last_end_at: first.last_end_at,
          title: first.title,
          timezone: first.timezone,
          currency: first.currency,
          max_tickets_per_order: first.max_tickets_per_order,
        }
      : undefined,
    now,
  );
  if (first?.slot_id == null) throw notFound('event_date');
  const slot = { id: first.slot_id, start_at: first.slot_start, end_at: first.slot_end };
  if (slot.start_at <= now) throw new AppError('sales_closed', { status: 409, attr: 'event_date' });
  const categories = rows.flatMap((row) =>
    row.category_id === null
      ? []
      : [
          {
            id: row.category_id,
            name: row.name,
            price: row.price,
            quantity: row.quantity,
            position: row.position,
            min_per_order: row.min_per_order,
            max_per_order: row.max_per_order,
            sales_start: row.sales_start,
            sales_end: row.sales_end,
            free: row.free,
            seated: row.seated,
          },
        ],
  );
  const itemLines = linesOf(input.items, categories);
  itemLines.forEach((line, index) => {
    if (line.category.seated) {
      throw fieldError('seat_required', `items.${index}.ticket_category`);
    }
  });
  const byId = new Map(categories.map((category) => [category.id, category]));
  const lines = [
    ...itemLines,
    ...seatLines.map((line) => {
      const category = byId.get(line.ticket_category_id);
      // A seat's category is the slot's event's (attaching checks it).
      if (!category) throw fieldError('seat_not_found', 'seats');
      return { ...line, category };
    }),
  ];
  checkOrderRules(event, lines, now, itemLines.length);
  let promo: Order['promo'] = null;
  if (input.promo_code) {
    const row = activePromo(
      first.promo_id === null
        ? null
        : {
            id: first.promo_id,
            code: first.promo_code,
            discount_type: first.promo_discount_type,
            value: first.promo_value,
            max_uses: first.promo_max_uses,
            uses: first.promo_uses,
            max_uses_per_user: first.promo_max_uses_per_user,
            valid_from: first.promo_valid_from,
            valid_until: first.promo_valid_until,
            ticket_category_ids: first.promo_ticket_category_ids,
            is_active: first.promo_is_active,
          },
      'promo_code',
    );
    const categoryIds = lines.map((line) => line.ticket_category_id);
    promo = { ...row, terms: checkPromoUsable(row, categoryIds, now, 'promo_code') };
  }
  return { event, slot, lines, settings: platformSettingsOf(first.settings), promo };
}

/** `sold_out` for an order's category, with what is left of it. */
export function soldOutError(
  items: BookRequest['items'],
  categoryId: number,
  available: number,
): AppError {
  const index = items.findIndex((item) => item.ticket_category === categoryId);
  return new AppError('sold_out', {
    status: 409,
    attr: `items.${index}.quantity`,
    params: { available },
  });
}
