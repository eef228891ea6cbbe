import { useTranslation } from 'react-i18next';
import type { Ticket } from '@hafla/shared/bookings/bookings';
import { FormAlert } from '../../../components/form-alert';
import { formatDateTime, formatMoney } from '../../../lib/format';

/** What the refunds of a cancelled event gave back, counted once per refund. */
export function cancellationRefund(tickets: readonly Ticket[]) {
  const seen = new Map<number, NonNullable<Ticket['refund']>>();
  for (const ticket of tickets) {
    if (ticket.refund?.reason === 'event_cancelled') seen.set(ticket.refund.id, ticket.refund);
  }
  const refunds = [...seen.values()];
  if (refunds.length === 0) return null;
  return {
    amount: refunds.reduce((sum, refund) => sum + refund.amount, 0),
    currency: refunds[0]!.currency,
    at: refunds[refunds.length - 1]!.created_at,
  };
}

/**
 * Stays on the tickets of an event its organizer called off, after the toast is gone: what was
 * refunded and when, or that the refund is on its way.
 */
export function EventCancelledBanner({ tickets }: { tickets: readonly Ticket[] }) {
  const { t, i18n } = useTranslation('tickets');
  const first = tickets[0];
  if (!first || first.event.status !== 'cancelled') return null;
  const refund = cancellationRefund(tickets);
  const zone = first.event.timezone;
  return (
    <FormAlert
      tone="info"
      title={t('cancelledEvent.title')}
      message={
        refund === null
          ? t('cancelledEvent.pending')
          : refund.amount === 0
            ? t('cancelledEvent.free')
            : t('cancelledEvent.refunded', {
                amount: formatMoney(refund.amount, refund.currency, i18n.language),
                date: formatDateTime(refund.at, zone, i18n.language, {
                  day: 'numeric',
                  month: 'long',
                  year: 'numeric',
                }),
              })
      }
    />
  );
}
