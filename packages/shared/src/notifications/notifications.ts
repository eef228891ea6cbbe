import { z } from 'zod';
import { DbId, DbIdParam } from '../common/ids';
import { paginated, PaginationQuery } from '../common/pagination';
import { Instant, QueryBoolean } from '../common/time';

/**
 * What a notification opens: a ticket of the reader's, an event, an organizer's withdrawal
 * request, or a problem report the reader sent.
 */
export const NotificationType = z.enum(['ticket', 'event', 'withdrawal', 'report']);
export type NotificationType = z.infer<typeof NotificationType>;

/**
 * What happened. The API stores the kind and its parameters, never frozen text, and renders
 * `title` and `content` in the reader's language each time a notification is listed or pushed.
 */
export const NotificationKind = z.enum([
  'booking_confirmed',
  'refund_done',
  'event_changed',
  'event_cancelled',
  'event_published',
  'new_booking',
  'new_review',
  'ticket_approved',
  'ticket_rejected',
  'ticket_checked_in',
  'withdrawal_status_changed',
  'event_unpublished',
  'report_resolved',
]);
export type NotificationKind = z.infer<typeof NotificationKind>;

export const Notification = z.object({
  id: DbId,
  kind: NotificationKind,
  title: z.string(),
  content: z.string(),
  type: NotificationType,
  /**
   * The ticket's id for `ticket`, the event's id for `event`, the request's id for `withdrawal`,
   * the problem report's for `report`.
   */
  value: z.number().int(),
  extra_data: z
    .object({
      /** Absent on `withdrawal` notifications, and on `report` ones about no event. */
      event: z.number().int().optional(),
      booking: z.number().int().optional(),
      withdrawal: z.number().int().optional(),
      event_date: z.number().int().optional(),
    })
    .meta({
      description:
        '`event` except on withdrawal notifications; `booking`, `event_date` and `withdrawal` where they apply',
    }),
  seen: z.boolean(),
  created_at: Instant,
});
export type Notification = z.infer<typeof Notification>;

/** GET /api/v1/notifications/ — newest first; `seen` filters, absent lists all. */
export const NotificationListQuery = PaginationQuery.extend({
  seen: QueryBoolean.optional(),
});
export type NotificationListQuery = z.infer<typeof NotificationListQuery>;

/** The page plus the reader's unseen count, so the bell needs one call. */
export const NotificationList = paginated(Notification).extend({
  unseen_count: z.number().int().min(0),
});
export type NotificationList = z.infer<typeof NotificationList>;

export const NotificationParams = z.object({ id: DbIdParam });

/** PATCH /api/v1/notifications/{id}/ */
export const NotificationUpdateRequest = z.strictObject({ seen: z.boolean() });
export type NotificationUpdateRequest = z.infer<typeof NotificationUpdateRequest>;

/** PATCH /api/v1/notifications/mark-all-as-seen/ */
export const MarkAllSeenResponse = z.object({
  updated: z.number().int().min(0),
  unseen_count: z.number().int().min(0),
});
export type MarkAllSeenResponse = z.infer<typeof MarkAllSeenResponse>;

/** The socket.io event each pushed notification arrives as, on the reader's own channel. */
export const NOTIFICATION_EVENT = 'notification';
/** Sent just before the server ends a connection whose access token has expired. */
export const TOKEN_EXPIRED_EVENT = 'token_expired';
