import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SalesData } from '@hafla/shared/finance/dashboard';
import { formatMoney, intlLocale } from '../../../lib/format';
import classes from './finance.module.css';

/** What each ticket category sold in the range; the event's name where several events show. */
export function CategoryTable({
  data,
  eventTitles,
}: {
  data: SalesData;
  eventTitles: ReadonlyMap<number, string>;
}) {
  const { t, i18n } = useTranslation('finance');
  const count = new Intl.NumberFormat(intlLocale(i18n.language));
  if (data.categories.length === 0) return <Text>{t('dashboard.categories.empty')}</Text>;
  const isAllEvents = data.event === null;
  return (
    // Scrolls sideways on a phone: focusable, so a keyboard can scroll it too.
    <div
      className={classes.tableScroll}
      role="region"
      aria-labelledby="categories-heading"
      tabIndex={0}
    >
      <table className={classes.table} aria-labelledby="categories-heading">
        <thead>
          <tr>
            <th scope="col">{t('dashboard.categories.name')}</th>
            {isAllEvents && <th scope="col">{t('dashboard.categories.event')}</th>}
            <th scope="col" className={classes.number}>
              {t('dashboard.categories.sold')}
            </th>
            <th scope="col" className={classes.number}>
              {t('dashboard.categories.refunded')}
            </th>
            <th scope="col" className={classes.number}>
              {t('dashboard.categories.gross')}
            </th>
          </tr>
        </thead>
        <tbody>
          {data.categories.map((category) => (
            <tr key={category.id}>
              <th scope="row">{category.name}</th>
              {isAllEvents && (
                <td>
                  {eventTitles.get(category.event) ??
                    t('dashboard.categories.eventId', { id: category.event })}
                </td>
              )}
              <td className={classes.number}>{count.format(category.tickets_sold)}</td>
              <td className={classes.number}>{count.format(category.tickets_refunded)}</td>
              <td className={classes.number}>
                {formatMoney(category.gross, data.currency, i18n.language)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
