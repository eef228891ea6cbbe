import { useTranslation } from 'react-i18next';
import { Text } from '@mantine/core';
import type { Withdrawal, WithdrawalStatusChange } from '@hafla/shared/finance/withdrawals';
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

/** A request's note, rejection reason, transfer reference and status history (organizer and admin). */
export function WithdrawalDetails({ withdrawal }: { withdrawal: Withdrawal }) {
  const { t } = useTranslation('finance');
  return (
    <>
      {withdrawal.note && <Text size="sm">{t('withdrawals.note', { note: withdrawal.note })}</Text>}
      {withdrawal.rejection_reason && (
        <Text size="sm" fw={700}>
          {t('withdrawals.rejectionReason', { reason: withdrawal.rejection_reason })}
        </Text>
      )}
      {withdrawal.transfer_reference && (
        <Text size="sm" fw={700}>
          {t('withdrawals.transferReference', { reference: withdrawal.transfer_reference })}
        </Text>
      )}
      <details>
        <summary>{t('withdrawals.historyHeading')}</summary>
        <WithdrawalHistory history={withdrawal.history} />
      </details>
    </>
  );
}
