import { Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Booking } from '@hafla/shared/bookings/bookings';
import { formatMoney } from '../../../lib/format';
import { formatSlot } from '../lib/format-slot';
import { useTicketSeat } from '../lib/use-ticket-seat';
import { OrderSummary } from './order-summary';
import { PromoCodeForm } from './promo-code-form';
import classes from './booking.module.css';

export interface ReviewStepProps {
  booking: Booking;
  onBack: () => void;
  onContinue: () => void;
  onBookingError: (error: unknown) => void;
}

/** Step 4: the order as the server prices it, and a promo code. */
export function ReviewStep({ booking, onBack, onContinue, onBookingError }: ReviewStepProps) {
  const { t, i18n } = useTranslation('booking');
  const seatText = useTicketSeat();
  const names = new Map(booking.items.map((item) => [item.ticket_category, item.name]));
  return (
    <>
      <section className={classes.card} aria-labelledby="booking-when">
        <h3 id="booking-when" className={classes.categoryName}>
          <span dir="auto">{booking.event_title}</span>
        </h3>
        <Text>{formatSlot(booking.event_date, booking.timezone, i18n.language)}</Text>
        <ul className={classes.tickets}>
          {booking.tickets.map((ticket) => (
            <li key={ticket.id}>
              <Text size="sm">
                {t('review.holder', {
                  name: names.get(ticket.ticket_category) ?? '',
                  holder: ticket.holder_name || t('review.noHolder'),
                })}
              </Text>
              {ticket.seat && <Text size="sm">{seatText(ticket.seat)}</Text>}
            </li>
          ))}
        </ul>
      </section>
      <PromoCodeForm booking={booking} onBookingError={onBookingError} />
      <OrderSummary booking={booking} headingLevel={3} />
      <div className={classes.actions}>
        <p className={classes.total}>
          {t('review.total', {
            amount: formatMoney(booking.total, booking.currency, i18n.language),
          })}
        </p>
        <div className={classes.actionButtons}>
          <Button variant="default" onClick={onBack}>
            {t('actions.back')}
          </Button>
          <Button onClick={onContinue}>{t('review.toPayment')}</Button>
        </div>
      </div>
    </>
  );
}
