import { useTranslation } from 'react-i18next';
import type { SalesData } from '@hafla/shared/finance/dashboard';
import { formatMoney, intlLocale } from '../../../lib/format';
import classes from './finance.module.css';

interface Figure {
  key: string;
  value: string;
  hint?: string;
}

/** The range's totals: what sold and what it earned, where the money went, who came and bought. */
export function SalesTotals({ data }: { data: SalesData }) {
  const { t, i18n } = useTranslation('finance');
  const language = i18n.language;
  const locale = intlLocale(language);
  const money = (amount: number) => formatMoney(amount, data.currency, language);
  const count = new Intl.NumberFormat(locale);
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
  const { revenue } = data;
  const figures: Figure[] = [
    {
      key: 'ticketsSold',
      value: count.format(data.tickets_sold),
      hint: t('dashboard.totals.ticketsRefunded', { count: data.tickets_refunded }),
    },
    { key: 'gross', value: money(revenue.gross), hint: t('dashboard.totals.grossHint') },
    { key: 'discount', value: money(revenue.discount), hint: t('dashboard.totals.discountHint') },
    { key: 'fees', value: money(revenue.fees), hint: t('dashboard.totals.feesHint') },
    { key: 'refunded', value: money(revenue.refunded), hint: t('dashboard.totals.refundedHint') },
    { key: 'net', value: money(revenue.net), hint: t('dashboard.totals.netHint') },
    { key: 'bookings', value: count.format(data.bookings) },
    { key: 'refunds', value: count.format(data.refunds) },
    { key: 'pageViews', value: count.format(data.page_views) },
    {
      key: 'conversion',
      value:
        data.conversion === null ? t('dashboard.totals.noViews') : percent.format(data.conversion),
      hint: t('dashboard.totals.conversionHint'),
    },
  ];
  return (
    <dl className={`${classes.figures} ${classes.figuresCompact}`}>
      {figures.map((figure) => (
        <div key={figure.key} className={classes.figure}>
          <dt>{t(`dashboard.totals.${figure.key}` as 'dashboard.totals.gross')}</dt>
          <dd className={classes.figureValue}>{figure.value}</dd>
          {figure.hint && <dd className={classes.figureHint}>{figure.hint}</dd>}
        </div>
      ))}
    </dl>
  );
}
