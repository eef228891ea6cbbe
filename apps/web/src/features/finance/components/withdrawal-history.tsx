import { useTranslation } from 'react-i18next';
import type { WithdrawalStatusChange } from '@hafla/shared/finance/withdrawals';
import { formatDateTime } from '../../../lib/format';
import { readerTimeZone } from '../lib/calendar-days';
import classes from './finance.module.css';

/** A request's life, oldest first: each status, when, by whom, and the reason where one was given. */
export function WithdrawalHistory({ history }: { history: readonly WithdrawalStatusChange[] }) {
  const { t, i18n } = useTranslation('finance');
  const zone = readerTimeZone();
  return (
    <ol className={classes.history}>
      {history.map((change, index) => (
        <li key={`${change.status}-${change.at}-${index}`}>
          {t(`withdrawals.history.${change.by}`, {
            status: t(`withdrawals.status.${change.status}`),
            date: formatDateTime(change.at, zone, i18n.language),
          })}
          {change.note && ` — ${change.note}`}
        </li>
      ))}
    </ol>
  );
}
