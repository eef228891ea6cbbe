import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Booking } from '@hafla/shared/bookings/bookings';
import { isolate } from '../../../lib/bidi';
import { formatMoney } from '../../../lib/format';
import classes from './booking.module.css';

export interface OrderSummaryProps {
  booking: Pick<
    Booking,
    'items' | 'subtotal' | 'discount' | 'fees' | 'total' | 'currency' | 'promo_code'
  >;
  headingLevel?: 2 | 3;
}

/** The lines and the server's totals, in the event's currency. */
export function OrderSummary({ booking, headingLevel = 2 }: OrderSummaryProps) {
  const { t, i18n } = useTranslation('booking');
  const money = (amount: number) => formatMoney(amount, booking.currency, i18n.language);
  return (
    <section className={classes.card} aria-labelledby="booking-summary">
      <Title order={headingLevel} size="h4" id="booking-summary">
        {t('summary.heading')}
      </Title>
      <dl className={classes.summaryLines}>
        {booking.items.map((item) => (
          <div key={item.ticket_category} className={classes.summaryRow}>
            <dt>{t('summary.line', { name: isolate(item.name), count: item.quantity })}</dt>
            <dd>{money(item.unit_price * item.quantity)}</dd>
          </div>
        ))}
        <div className={classes.summaryRow}>
          <dt>{t('summary.subtotal')}</dt>
          <dd>{money(booking.subtotal)}</dd>
        </div>
        {booking.discount > 0 && (
          <div className={`${classes.summaryRow} ${classes.discount}`}>
            <dt>
              {booking.promo_code
                ? t('summary.discountWithCode', { code: booking.promo_code })
                : t('summary.discount')}
            </dt>
            <dd>{t('summary.discountAmount', { amount: isolate(money(booking.discount)) })}</dd>
          </div>
        )}
        <div className={classes.summaryRow}>
          <dt>{t('summary.fees')}</dt>
          <dd>{money(booking.fees)}</dd>
        </div>
        <div className={`${classes.summaryRow} ${classes.summaryTotal}`}>
          <dt>{t('summary.total')}</dt>
          <dd>{money(booking.total)}</dd>
        </div>
      </dl>
    </section>
  );
}
