import type { Notification } from '@hafla/shared/notifications/notifications';

/**
 * Where a notification leads: a ticket to the reader's tickets for its event, an event to the
 * event's page (an organizer's new booking or review included), a withdrawal request's change
 * to the organizer's wallet, an answered problem report to the notifications page.
 */
export function notificationTarget({ type, value, extra_data }: Notification): string {
  switch (type) {
    case 'ticket':
      return extra_data.event === undefined
        ? '/user/tickets'
        : `/user/myTickets/${extra_data.event}`;
    case 'event':
      return `/events/${value}`;
    case 'withdrawal':
      return '/organizer/wallet';
    case 'report':
      return '/notifications';
  }
}
