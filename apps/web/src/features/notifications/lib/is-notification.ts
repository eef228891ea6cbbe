import type { Notification } from '@hafla/shared/notifications/notifications';

const TYPES: readonly unknown[] = ['ticket', 'event', 'withdrawal', 'report'];

/**
 * A pushed payload shaped like a notification, checked by hand: the contract's zod schema would
 * bring zod into the realtime chunk for the few fields the client reads.
 */
export function isNotification(value: unknown): value is Notification {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  const extra = candidate.extra_data as Record<string, unknown> | null | undefined;
  return (
    typeof candidate.id === 'number' &&
    typeof candidate.title === 'string' &&
    typeof candidate.content === 'string' &&
    TYPES.includes(candidate.type) &&
    typeof candidate.value === 'number' &&
    typeof candidate.seen === 'boolean' &&
    typeof candidate.created_at === 'string' &&
    typeof extra === 'object' &&
    extra !== null &&
    // Every notification is about an event, except an organizer's withdrawal request and the
    // answer to a problem report.
    (typeof extra.event === 'number' ||
      candidate.type === 'withdrawal' ||
      candidate.type === 'report')
  );
}
