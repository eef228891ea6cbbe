import type { Notification } from '@hafla/shared/notifications/notifications';

/**
 * Where a notification leads: a ticket to the reader's tickets for its event, an event to the
 * event's page (an organizer's new booking or review included).
 */
export function notificationTarget({ type, value, extra_data }: Notification): string {
  return type === 'ticket' ? `/user/myTickets/${extra_data.event}` : `/events/${value}`;
}
