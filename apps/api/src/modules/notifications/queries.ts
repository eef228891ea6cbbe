import type { NotificationKind } from '@hafla/shared/notifications/notifications';
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { events } from '../../db/schema/events';
import { notificationFanouts, notifications } from '../../db/schema/notifications';
import { rowsOf } from '../../lib/db-rows';
import { EMAILED_KINDS, queueNotificationMails } from './notify';

const recipient = alias(users, 'recipient');
const organizer = alias(users, 'organizer');

/**
 * A stored notification with what rendering it needs: its event and organizer as they are now,
 * and its reader's language and address.
 */
const renderable = {
  notification: notifications,
  title: events.title,
  timezone: events.timezone,
  organization_name: organizer.organization_name,
  first_name: organizer.first_name,
  last_name: organizer.last_name,
  language: recipient.language,
  email: recipient.email,
};

function selectRenderable(db: Db) {
  return (
    db
      .select(renderable)
      .from(notifications)
      // Withdrawal notifications have no event.
      .leftJoin(events, eq(events.id, notifications.event_id))
      .leftJoin(organizer, eq(organizer.id, events.organizer_id))
      .innerJoin(recipient, eq(recipient.id, notifications.user_id))
  );
}

function ofUser(userId: string, seen: boolean | undefined): SQL | undefined {
  return and(
    eq(notifications.user_id, userId),
    seen === undefined ? undefined : eq(notifications.seen, seen),
  );
}

export type RenderableRow = Awaited<ReturnType<typeof listPage>>[number];

export async function listPage(
  db: Db,
  userId: string,
  seen: boolean | undefined,
  limit: number,
  offset: number,
) {
  return selectRenderable(db)
    .where(ofUser(userId, seen))
    .orderBy(desc(notifications.created_at), desc(notifications.id))
    .limit(limit)
    .offset(offset);
}

/** The filtered count and the unseen count, in one pass over the user's index entries. */
export async function counts(
  db: Db,
  userId: string,
  seen: boolean | undefined,
): Promise<{ count: number; unseen: number }> {
  const filter = seen === undefined ? sql`true` : sql`${notifications.seen} = ${seen}`;
  const [row] = await db
    .select({
      count: sql<number>`count(*) filter (where ${filter})::int`,
      unseen: sql<number>`count(*) filter (where not ${notifications.seen})::int`,
    })
    .from(notifications)
    .where(eq(notifications.user_id, userId));
  return { count: row?.count ?? 0, unseen: row?.unseen ?? 0 };
}

export async function unseenCount(db: Db, userId: string): Promise<number> {
  return (await counts(db, userId, false)).unseen;
}

export async function findOwn(db: Db, userId: string, id: number) {
  const [row] = await selectRenderable(db).where(
    and(eq(notifications.id, id), eq(notifications.user_id, userId)),
  );
  return row ?? null;
}

export async function setSeen(db: Db, userId: string, id: number, seen: boolean): Promise<boolean> {
  const updated = await db
    .update(notifications)
    .set({ seen })
    .where(and(eq(notifications.id, id), eq(notifications.user_id, userId)))
    .returning({ id: notifications.id });
  return updated.length > 0;
}

export async function markAllSeen(db: Db, userId: string): Promise<number> {
  const updated = await db
    .update(notifications)
    .set({ seen: true })
    .where(and(eq(notifications.user_id, userId), eq(notifications.seen, false)))
    .returning({ id: notifications.id });
  return updated.length;
}

export async function loadForPush(db: Db, ids: number[]) {
  return selectRenderable(db).where(inArray(notifications.id, ids));
}

export type FanoutRow = typeof notificationFanouts.$inferSelect;

/** Takes the oldest open fan-out no live process holds; a claim lapses after `claimSeconds`. */
export async function claimFanout(db: Db, claimSeconds: number): Promise<FanoutRow | null> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      update ${notificationFanouts}
         set claimed_until = now() + make_interval(secs => ${claimSeconds})
       where id = (select id from ${notificationFanouts}
                    where done_at is null and (claimed_until is null or claimed_until < now())
                    order by id
                    limit 1
                      for update skip locked)
      returning id`),
  );
  const id = rows[0]?.id;
  if (id === undefined) return null;
  const [job] = await db.select().from(notificationFanouts).where(eq(notificationFanouts.id, id));
  return job ?? null;
}

/** Ticket statuses that make someone a holder of a slot. */
const HOLDING = sql`('valid', 'pending_approval', 'checked_in')`;

/**
 * Writes the fan-out's notifications in one statement and marks it done in the same
 * transaction, so it happens once even if two processes ran it. Holders are those holding an
 * issued ticket when the job was queued: tickets the cancellation's own refunds cancelled since
 * still count; a hold that was never paid (its tickets cancelled when it was let go) does not.
 */
export async function deliverFanout(db: Db, job: FanoutRow): Promise<Array<{ id: number }>> {
  return db.transaction(async (tx) => {
    const params = JSON.stringify(job.params);
    const kind = job.kind as NotificationKind;
    const audience =
      job.audience === 'followers'
        ? sql`select f.follower_id from follows f
               join ${events} e on e.id = ${job.event_id}
              where f.organizer_id = e.organizer_id`
        : sql`select distinct t.user_id from tickets t
               join bookings b on b.id = t.booking_id
              where t.event_id = ${job.event_id}
                and (${job.event_date_id}::int is null or t.event_date_id = ${job.event_date_id})
                and b.confirmed_at is not null
                and (t.status in ${HOLDING}
                     or (t.status in ('refunded', 'cancelled')
                         and t.updated_at >= ${job.created_at.toISOString()}::timestamptz))`;
    // The emailed kinds' mails are queued by the same statement.
    const mailed = EMAILED_KINDS.has(kind)
      ? sql`, mailed as (${queueNotificationMails(sql`inserted`)})`
      : sql``;
    const inserted = rowsOf<{ id: number }>(
      await tx.execute(sql`
        with inserted as (
          insert into ${notifications} (user_id, kind, type, value, event_id, event_date_id, params)
          select audience.user_id, ${kind}, 'event', ${job.event_id}, ${job.event_id},
                 ${job.event_date_id}, ${params}::jsonb
            from (${audience}) as audience (user_id)
          returning id, user_id
        )${mailed}
        select id from inserted`),
    );
    const done = await tx
      .update(notificationFanouts)
      .set({ done_at: sql`now()` })
      .where(and(eq(notificationFanouts.id, job.id), sql`${notificationFanouts.done_at} is null`))
      .returning({ id: notificationFanouts.id });
    if (done.length === 0) throw new FanoutAlreadyDone();
    return inserted;
  });
}

export class FanoutAlreadyDone extends Error {}
