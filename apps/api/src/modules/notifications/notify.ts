import type { NotificationKind, NotificationType } from '@hafla/shared/notifications/notifications';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { notificationFanouts, notifications } from '../../db/schema/notifications';
import { queueMailsStatement } from '../mail/outbox';

/** One notification for one user, written by the module whose change it announces. */
export interface Notice {
  userId: string;
  kind: NotificationKind;
  type: NotificationType;
  /** The ticket's id for `ticket`, the event's for `event`, the request's for `withdrawal`, the report's for `report`. */
  value: number;
  /** Null for `withdrawal` and `report` notices (about no event). */
  eventId: number | null;
  bookingId?: number;
  eventDateId?: number;
  params?: Record<string, string | number>;
}

/**
 * Writes notifications in the caller's transaction, so they exist exactly when the change does;
 * the caller hands the ids to `Notifier.push` after the commit.
 */
export async function addNotifications(tx: Db, notices: Notice[]): Promise<number[]> {
  if (notices.length === 0) return [];
  const rows = await notificationsInsert(tx, notices);
  return rows.map((row) => row.id);
}

/** The INSERT of `addNotifications` (at least one notice), answering the new ids. */
export function notificationsInsert(db: Db, notices: Notice[]) {
  return db
    .insert(notifications)
    .values(
      notices.map((notice) => ({
        user_id: notice.userId,
        kind: notice.kind,
        type: notice.type,
        value: notice.value,
        event_id: notice.eventId,
        booking_id: notice.bookingId ?? null,
        event_date_id: notice.eventDateId ?? null,
        params: notice.params ?? {},
      })),
    )
    .returning({ id: notifications.id });
}

export interface Fanout {
  kind: NotificationKind;
  /** An event's ticket holders (of one slot when `eventDateId` is set), or its organizer's followers. */
  audience: 'holders' | 'followers';
  eventId: number;
  eventDateId?: number;
  params?: Record<string, string | number>;
}

/**
 * Queues a notification to many in the caller's transaction; a job writes and pushes them after
 * the commit (`Notifier.drain`), so a request never waits for ten thousand rows.
 */
export async function queueFanout(tx: Db, fanout: Fanout): Promise<void> {
  await tx.insert(notificationFanouts).values({
    kind: fanout.kind,
    audience: fanout.audience,
    event_id: fanout.eventId,
    event_date_id: fanout.eventDateId ?? null,
    params: fanout.params ?? {},
  });
}

/** Kinds that are also emailed (confirmations and refunds are mailed with their PDFs by tickets). */
export const EMAILED_KINDS: ReadonlySet<string> = new Set([
  'event_cancelled',
  'withdrawal_status_changed',
  'event_unpublished',
  'report_resolved',
]);

/**
 * The statement that queues an email of each notification in `inserted` (a CTE of the caller's
 * statement with `id` and `user_id`), to its reader in their language: the mail is written in
 * the transaction that writes the notifications.
 */
export function queueNotificationMails(inserted: SQL): SQL {
  return queueMailsStatement(
    'notification',
    sql`select u.email, u.language, jsonb_build_object('notification', i.id)
          from ${inserted} i join ${users} u on u.id = i.user_id`,
  );
}

/** Queues an email of each of these notifications (written in `tx`) to its reader, in `tx`. */
export async function queueNotificationMailsOf(tx: Db, notificationIds: number[]): Promise<void> {
  if (notificationIds.length === 0) return;
  await tx.execute(
    queueNotificationMails(
      sql`(select ${notifications.id} as id, ${notifications.user_id} as user_id from ${notifications}
            where ${notifications.id} in ${notificationIds})`,
    ),
  );
}
