import { and, asc, count, eq, getTableColumns, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { events, ticketCategories, ticketInventory } from '../../db/schema/events';

/** The most tickets of the category sold or held in any one slot: the floor for its quantity. */
const soldOf = (categoryId: SQL | number) =>
  sql<number>`(select coalesce(max(${ticketInventory.sold} + ${ticketInventory.held}), 0)::int from ${ticketInventory} where ${ticketInventory.ticket_category_id} = ${categoryId} and ${ticketInventory.quantity} is null)`;

const categoryWithEvent = {
  ...getTableColumns(ticketCategories),
  // Qualified by hand: a bare "id" inside the subquery would name ticket_inventory's own column.
  sold: soldOf(sql`${sql.identifier('ticket_categories')}.${sql.identifier('id')}`),
  timezone: events.timezone,
  event_status: events.status,
  event_last_end_at: events.last_end_at,
  event_max_tickets_per_order: events.max_tickets_per_order,
};

export type CategoryRow = typeof ticketCategories.$inferSelect;
export type CategoryWithEvent = CategoryRow & {
  sold: number;
  timezone: string;
  event_status: string;
  event_last_end_at: Date | null;
  event_max_tickets_per_order: number;
};

export async function findOwnCategories(
  db: Db,
  organizerId: string,
  filter: { event?: number; limit: number; offset: number },
): Promise<{ rows: CategoryWithEvent[]; count: number }> {
  const conditions: SQL[] = [eq(events.organizer_id, organizerId)];
  if (filter.event !== undefined) conditions.push(eq(ticketCategories.event_id, filter.event));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select(categoryWithEvent)
      .from(ticketCategories)
      .innerJoin(events, eq(events.id, ticketCategories.event_id))
      .where(where)
      .orderBy(
        asc(ticketCategories.event_id),
        asc(ticketCategories.position),
        asc(ticketCategories.id),
      )
      .limit(filter.limit)
      .offset(filter.offset),
    db
      .select({ value: count() })
      .from(ticketCategories)
      .innerJoin(events, eq(events.id, ticketCategories.event_id))
      .where(where),
  ]);
  return { rows, count: total?.value ?? 0 };
}

export async function findOwnCategory(
  db: Db,
  id: number,
  organizerId: string,
): Promise<CategoryWithEvent | null> {
  const [row] = await db
    .select(categoryWithEvent)
    .from(ticketCategories)
    .innerJoin(events, eq(events.id, ticketCategories.event_id))
    .where(and(eq(ticketCategories.id, id), eq(events.organizer_id, organizerId)))
    .limit(1);
  return row ?? null;
}

export type CategoryValues = Omit<typeof ticketCategories.$inferInsert, 'id'>;

export async function insertCategory(db: Db, values: CategoryValues): Promise<number> {
  const [row] = await db
    .insert(ticketCategories)
    .values(values)
    .returning({ id: ticketCategories.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/**
 * Updates a category; a new quantity must not drop below what any slot has sold. The condition is
 * part of the UPDATE itself, and the row is locked first: booking locks the category row
 * (FOR SHARE) before raising `sold`, so a sale either finishes before this statement reads the
 * inventory or waits until the new quantity is committed, and can never slip under it.
 * Answers false when the quantity was refused.
 */
export async function updateCategory(
  db: Db,
  id: number,
  values: Partial<CategoryValues>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx
      .select({ id: ticketCategories.id })
      .from(ticketCategories)
      .where(eq(ticketCategories.id, id))
      .for('update');
    const quantityHolds =
      values.quantity === undefined ? undefined : sql`${values.quantity} >= ${soldOf(id)}`;
    const updated = await tx
      .update(ticketCategories)
      .set(values)
      .where(and(eq(ticketCategories.id, id), quantityHolds))
      .returning({ id: ticketCategories.id });
    return updated.length > 0;
  });
}

export async function findSold(db: Db, id: number): Promise<number> {
  const [row] = await db
    .select({
      sold: sql<number>`coalesce(max(${ticketInventory.sold} + ${ticketInventory.held}), 0)::int`,
    })
    .from(ticketInventory)
    .where(and(eq(ticketInventory.ticket_category_id, id), isNull(ticketInventory.quantity)));
  return row?.sold ?? 0;
}

/**
 * Deletes the category unless one of its event's promo codes names it (false then); its
 * inventory rows go with it, a booking or ticket of it refuses (foreign key).
 */
export async function deleteCategoryUnlessInCodes(db: Db, id: number): Promise<boolean> {
  const deleted = await db
    .delete(ticketCategories)
    .where(
      and(
        eq(ticketCategories.id, id),
        sql`not exists (select 1 from promo_codes p
                         where p.event_id = ${ticketCategories.event_id}
                           and ${id}::int = any (p.ticket_category_ids))`,
      ),
    )
    .returning({ id: ticketCategories.id });
  return deleted.length > 0;
}
