import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { Notification, NotificationType } from '@hafla/shared/notifications/notifications';
import { guestListKeyOf } from '../../../lib/realtime-refetch';
import { bookingKeys } from '../../booking/api/query-keys';
import { eventKeys } from '../../events/api/get-events';
import { financeKeys } from '../../finance/api/finance-keys';
import { ticketsKeys } from '../../tickets/api/tickets-keys';

/**
 * What a realtime notification makes stale, by its type (PRODUCT.md section 8); refetched
 * `REALTIME_REFETCH_DELAY_MS` after it arrives, and only where those lists are on screen.
 */
const REFETCH_RULES: Record<NotificationType, (notification: Notification) => QueryKey[]> = {
  // A ticket of the reader's changed (booked, refunded): the my-tickets pages of 4, the
  // reserved events and the ticket's own page.
  ticket: () => [ticketsKeys.all()],
  // An event changed, was cancelled or booked: its holders' tickets show its time, venue and
  // status; its organizer's guest list (pages of 10) shows the bookings; its page shows it all.
  event: ({ extra_data }) =>
    extra_data.event === undefined
      ? [ticketsKeys.all()]
      : [ticketsKeys.all(), guestListKeyOf(extra_data.event), eventKeys.detail(extra_data.event)],
  // A withdrawal request moved (approved, paid, rejected): the wallet's ledger lines, and an
  // admin's queue in another tab. The request and the balance are refetched at once (below).
  withdrawal: () => [financeKeys.transactions(), financeKeys.adminWithdrawals()],
  // A problem report was answered: nothing on screen shows it.
  report: () => [],
};

/**
 * What is refetched at once rather than after the pause: the page of the ticket the notification
 * names (its holder watching it turn "checked in" at the door), one row rather than a list; and
 * for a withdrawal request, the organizer's balance and requests, so the wallet on screen moves
 * with the toast (the change was committed before it was pushed).
 */
export function keysToRefetchAtOnce(notification: Notification): QueryKey[] {
  switch (notification.type) {
    case 'ticket':
      // A booking confirmed (or refunded) while its page waits for a lost payment answer: the
      // booking is read again at once, and the page follows its real state.
      return notification.extra_data.booking === undefined
        ? [ticketsKeys.ticket(notification.value)]
        : [
            ticketsKeys.ticket(notification.value),
            bookingKeys.booking(notification.extra_data.booking),
          ];
    case 'withdrawal':
      return [financeKeys.balance(), financeKeys.withdrawals()];
    case 'event':
    case 'report':
      return [];
  }
}

export function keysToRefetch(notification: Notification): QueryKey[] {
  return REFETCH_RULES[notification.type](notification);
}

/** Refetches the lists on screen a notification affects; the others are read when next shown. */
export async function refetchAfterNotification(
  queryClient: QueryClient,
  notification: Notification,
): Promise<void> {
  await Promise.all(
    keysToRefetch(notification).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}
