import { and, count, desc, eq, getTableColumns, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { events, promoCodes, ticketCategories } from '../../db/schema/events';

const codeWithEvent = {
  ...getTableColumns(promoCodes),
  timezone: events.timezone,
  event_currency: events.currency,
  event_status: events.status,
  event_last_end_at: events.last_end_at,
};

export type PromoCodeRow = typeof promoCodes.$inferSelect;
export type PromoCodeWithEvent = PromoCodeRow & {
  timezone: string;
  event_currency: string;
  event_status: string;
  event_last_end_at: Date | null;
};

export async function findOwnPromoCodes(
  db: Db,
  organizerId: string,
  filter: { event?: number; limit: number; offset: number },
): Promise<{ rows: PromoCodeWithEvent[]; count: number }> {
  const conditions: SQL[] = [eq(events.organizer_id, organizerId)];
  if (filter.event !== undefined) conditions.push(eq(promoCodes.event_id, filter.event));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select(codeWithEvent)
      .from(promoCodes)
      .innerJoin(events, eq(events.id, promoCodes.event_id))
      .where(where)
      .orderBy(desc(promoCodes.created_at), desc(promoCodes.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db
      .select({ value: count() })
      .from(promoCodes)
      .innerJoin(events, eq(events.id, promoCodes.event_id))
      .where(where),
  ]);
  return { rows, count: total?.value ?? 0 };
}

export async function findOwnPromoCode(
  db: Db,
  id: number,
  organizerId: string,
): Promise<PromoCodeWithEvent | null> {
  const [row] = await db
    .select(codeWithEvent)
    .from(promoCodes)
    .innerJoin(events, eq(events.id, promoCodes.event_id))
    .where(and(eq(promoCodes.id, id), eq(events.organizer_id, organizerId)))
    .limit(1);
  return row ?? null;
}

export async function findEventCategoryPrices(
  db: Db,
  eventId: number,
): Promise<Array<{ id: number; price: number }>> {
  return db
    .select({ id: ticketCategories.id, price: ticketCategories.price })
    .from(ticketCategories)
    .where(eq(ticketCategories.event_id, eventId));
}

/** Whether the event has the code in any letter case (the unique index has the last word). */
export async function isCodeTaken(
  db: Db,
  eventId: number,
  code: string,
  exceptId: number | null,
): Promise<boolean> {
  const [row] = await db
    .select({ id: promoCodes.id })
    .from(promoCodes)
    .where(
      and(
        eq(promoCodes.event_id, eventId),
        sql`upper(${promoCodes.code}) = upper(${code})`,
        exceptId === null ? undefined : ne(promoCodes.id, exceptId),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export type PromoCodeValues = Omit<typeof promoCodes.$inferInsert, 'id' | 'uses'>;

export async function insertPromoCode(db: Db, values: PromoCodeValues): Promise<number> {
  const [row] = await db.insert(promoCodes).values(values).returning({ id: promoCodes.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/**
 * Replaces the organizer's fields; `uses` belongs to booking and is never written here. A new
 * `max_uses` must not drop below `uses`: the condition is part of the UPDATE, and a booking
 * raises `uses` with a conditional UPDATE of the same row, so whichever comes second waits for
 * the first's row lock and checks the committed value. Answers false when `max_uses` was refused.
 */
export async function replacePromoCode(
  db: Db,
  id: number,
  values: Omit<PromoCodeValues, 'event_id' | 'created_at'>,
): Promise<boolean> {
  const maxUses = values.max_uses ?? null;
  const updated = await db
    .update(promoCodes)
    .set(values)
    .where(
      and(
        eq(promoCodes.id, id),
        maxUses === null ? undefined : sql`${promoCodes.uses} <= ${maxUses}`,
      ),
    )
    .returning({ id: promoCodes.id });
  return updated.length > 0;
}

export async function findUses(db: Db, id: number): Promise<number> {
  const [row] = await db
    .select({ uses: promoCodes.uses })
    .from(promoCodes)
    .where(eq(promoCodes.id, id));
  return row?.uses ?? 0;
}

/** Its redemptions go with it; a booking that used it refuses (foreign key). */
export async function deletePromoCode(db: Db, id: number): Promise<void> {
  await db.delete(promoCodes).where(eq(promoCodes.id, id));
}
