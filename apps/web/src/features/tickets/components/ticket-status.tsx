import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TicketStatus } from '@hafla/shared/bookings/bookings';
import { isIn, ISSUED_TICKET_STATES } from '@hafla/shared/bookings/states';

const COLOURS: Record<TicketStatus, string> = {
  valid: 'green',
  pending_approval: 'yellow',
  pending: 'yellow',
  checked_in: 'blue',
  refunded: 'gray',
  cancelled: 'gray',
  rejected: 'red',
  expired: 'gray',
};

/** Tickets that still let their holder in (or will, once approved). */
export function isActiveTicket(status: TicketStatus): boolean {
  return isIn(ISSUED_TICKET_STATES, status);
}

export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  const { t } = useTranslation('tickets');
  return (
    <Badge
      color={COLOURS[status]}
      variant="light"
      size="lg"
      radius="sm"
      // Mantine's light badge text is too pale on its tint for AA; the text colour keeps it legible.
      styles={{ label: { color: 'var(--mantine-color-text)', textTransform: 'none' } }}
    >
      {t(`status.${status}`)}
    </Badge>
  );
}
