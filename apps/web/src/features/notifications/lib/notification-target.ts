import type { Notification } from '@hafla/shared/notifications/notifications';

/**
 * Where a notification leads: a ticket to the reader's tickets for its event, an event to the
 * event's page (an organizer's new booking or review included), an organizer's withdrawal
 * request to their wallet.
 */
export function notificationTarget({ type, value, extra_data }: Notification): string {
  if (type === 'withdrawal') return '/organizer/wallet';
  return type === 'ticket' ? `/user/myTickets/${extra_data.event}` : `/events/${value}`;
}
