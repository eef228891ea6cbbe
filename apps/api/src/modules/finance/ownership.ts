import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { rowsOf } from '../../lib/db-rows';

/** One of the organizer's events; another's (or none) is `not_found`, never a hint it exists. */
export async function ownEventOrNotFound(db: Db, organizerId: string, eventId: number) {
  const [event] = rowsOf<{ id: number; timezone: string; currency: string }>(
    await db.execute(sql`select id, timezone, currency from events
                          where id = ${eventId}::int and organizer_id = ${organizerId}::uuid`),
  );
  if (!event) throw notFound();
  return event;
}
