import type { Language } from '@hafla/shared/common/i18n';
import type {
  MarkAllSeenResponse,
  Notification,
  NotificationKind,
  NotificationListQuery,
  NotificationType,
} from '@hafla/shared/notifications/notifications';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { organizerName } from '../social/organizer-cards';
import * as queries from './queries';
import { renderNotification } from './templates';

/** A stored notification as its reader sees it, rendered in `language`. */
export function toNotification(row: queries.RenderableRow, language: Language): Notification {
  const { notification: n } = row;
  const { title, content } = renderNotification(
    {
      kind: n.kind as NotificationKind,
      params: n.params,
      event: {
        title: row.title ?? '',
        timezone: row.timezone ?? 'UTC',
        organizer:
          row.first_name === null
            ? ''
            : organizerName({ ...row, first_name: row.first_name, last_name: row.last_name ?? '' }),
      },
    },
    language,
  );
  return {
    id: n.id,
    kind: n.kind as NotificationKind,
    title,
    content,
    type: n.type as NotificationType,
    value: n.value,
    extra_data: {
      ...(n.event_id !== null && { event: n.event_id }),
      ...(n.type === 'withdrawal' && { withdrawal: n.value }),
      ...(n.booking_id !== null && { booking: n.booking_id }),
      ...(n.event_date_id !== null && { event_date: n.event_date_id }),
    },
    seen: n.seen,
    created_at: n.created_at.toISOString(),
  };
}

export async function listNotifications(
  db: Db,
  userId: string,
  language: Language,
  query: NotificationListQuery,
) {
  const [rows, { count, unseen }] = await Promise.all([
    queries.listPage(db, userId, query.seen, query.limit, query.offset),
    queries.counts(db, userId, query.seen),
  ]);
  return {
    count,
    unseen_count: unseen,
    results: rows.map((row) => toNotification(row, language)),
  };
}

/** Marks one of the reader's notifications seen (or unseen); anyone else's is not found. */
export async function updateNotification(
  db: Db,
  userId: string,
  language: Language,
  id: number,
  seen: boolean,
): Promise<Notification> {
  if (!(await queries.setSeen(db, userId, id, seen))) throw notFound();
  const row = await queries.findOwn(db, userId, id);
  if (!row) throw notFound();
  return toNotification(row, language);
}

export async function markAllSeen(db: Db, userId: string): Promise<MarkAllSeenResponse> {
  const updated = await queries.markAllSeen(db, userId);
  return { updated, unseen_count: await queries.unseenCount(db, userId) };
}
