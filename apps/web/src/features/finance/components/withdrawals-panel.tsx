import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Withdrawal } from '@hafla/shared/finance/withdrawals';
import { FormAlert } from '../../../components/form-alert';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useBalance } from '../api/get-balance';
import { useWithdrawalAccounts } from '../api/withdrawal-accounts';
import { useUpdateWithdrawal, useWithdrawals, WITHDRAWALS_PAGE_SIZE } from '../api/withdrawals';
import { accountLabel } from '../lib/account-label';
import { readerTimeZone } from '../lib/calendar-days';
import { errorText } from '../lib/error-text';
import { ConfirmDialog } from './confirm-dialog';
import { FinanceDialog } from './finance-dialog';
import classes from './finance.module.css';
import { Pager } from './pager';
import { WithdrawalStatusBadge } from './status-badge';
import { WithdrawalForm } from './withdrawal-form';
import { WithdrawalDetails } from './withdrawal-history';

type Editing = { kind: 'new' } | { kind: 'edit'; withdrawal: Withdrawal } | null;

function WithdrawalCard({
  withdrawal,
  onEdit,
  onCancel,
}: {
  withdrawal: Withdrawal;
  onEdit: () => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation('finance');
  const amount = formatMoney(withdrawal.amount, withdrawal.currency, i18n.language);
  const titleId = `withdrawal-${withdrawal.id}`;
  return (
    <li className={classes.card}>
      <article aria-labelledby={titleId}>
        <Stack gap="xs">
          <div className={classes.row}>
            <Title order={3} size="h4" id={titleId} className={classes.amount}>
              {amount}
            </Title>
            <WithdrawalStatusBadge status={withdrawal.status} />
          </div>
          <Text size="sm">
            {t('withdrawals.to', { account: accountLabel(withdrawal.account) })}
          </Text>
          <Text size="sm">
            {t('withdrawals.requestedAt', {
              date: formatDateTime(withdrawal.created_at, readerTimeZone(), i18n.language),
            })}
          </Text>
          <WithdrawalDetails withdrawal={withdrawal} />
          {withdrawal.editable && (
            <Group gap="xs">
              <Button
                variant="light"
                onClick={onEdit}
                aria-label={t('withdrawals.editNamed', { amount })}
              >
                {t('withdrawals.edit')}
              </Button>
              <Button
                variant="default"
                onClick={onCancel}
                aria-label={t('withdrawals.cancelNamed', { amount })}
              >
                {t('withdrawals.cancel')}
              </Button>
            </Group>
          )}
        </Stack>
      </article>
    </li>
  );
}

/** The organizer's withdrawal requests: ask for one, change or cancel it while it waits. */
export function WithdrawalsPanel({ onAddAccount }: { onAddAccount: () => void }) {
  const { t, i18n } = useTranslation('finance');
  const [page, setPage] = useState(1);
  const withdrawals = useWithdrawals((page - 1) * WITHDRAWALS_PAGE_SIZE);
  const accounts = useWithdrawalAccounts();
  const balance = useBalance();
  const update = useUpdateWithdrawal();
  const [editing, setEditing] = useState<Editing>(null);
  const [cancelling, setCancelling] = useState<Withdrawal | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const accountList = accounts.data?.results ?? [];
  const balances = balance.data?.results ?? [];
  const hasAvailable = balances.some((line) => line.available > 0);

  let content;
  if (withdrawals.isPending) content = <PageLoader />;
  else if (withdrawals.isError) {
    content = <QueryError error={withdrawals.error} onRetry={() => void withdrawals.refetch()} />;
  } else if (withdrawals.data.results.length === 0) {
    content = <Text>{t('withdrawals.empty')}</Text>;
  } else {
    const total = Math.ceil(withdrawals.data.count / WITHDRAWALS_PAGE_SIZE);
    content = (
      <Stack gap="sm">
        <ul className={classes.list}>
          {withdrawals.data.results.map((withdrawal) => (
            <WithdrawalCard
              key={withdrawal.id}
              withdrawal={withdrawal}
              onEdit={() => {
                setDone(null);
                setEditing({ kind: 'edit', withdrawal });
              }}
              onCancel={() => {
                setDone(null);
                update.reset();
                setCancelling(withdrawal);
              }}
            />
          ))}
        </ul>
        <Pager page={page} total={total} label={t('withdrawals.pages')} onChange={setPage} />
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <div className={classes.row}>
        <Stack gap={4} maw={640}>
          <Title order={2} size="h3">
            {t('withdrawals.heading')}
          </Title>
          <Text>{t('withdrawals.lead')}</Text>
        </Stack>
        {accounts.isSuccess && accountList.length === 0 ? (
          <Button onClick={onAddAccount}>{t('withdrawals.addAccountFirst')}</Button>
        ) : (
          <Button
            disabled={!accounts.isSuccess || !balance.isSuccess}
            onClick={() => {
              setDone(null);
              setEditing({ kind: 'new' });
            }}
          >
            {t('withdrawals.new')}
          </Button>
        )}
      </div>
      {accounts.isSuccess && accountList.length === 0 && (
        <Text size="sm">{t('withdrawals.needAccount')}</Text>
      )}
      {balance.isSuccess && accountList.length > 0 && !hasAvailable && (
        <Text size="sm">{t('withdrawals.nothingAvailable')}</Text>
      )}
      {done && <FormAlert tone="success" message={done} />}
      {content}
      <FinanceDialog
        opened={editing !== null}
        title={
          editing?.kind === 'edit'
            ? t('withdrawals.form.editTitle')
            : t('withdrawals.form.newTitle')
        }
        onClose={() => setEditing(null)}
      >
        {editing && (
          <WithdrawalForm
            withdrawal={editing.kind === 'edit' ? editing.withdrawal : null}
            accounts={accountList}
            balances={balances}
            onCancel={() => setEditing(null)}
            onDone={(saved) => {
              setEditing(null);
              const amount = formatMoney(saved.amount, saved.currency, i18n.language);
              setDone(
                editing.kind === 'edit'
                  ? t('withdrawals.saved', { amount })
                  : t('withdrawals.requested', { amount }),
              );
            }}
          />
        )}
      </FinanceDialog>
      <ConfirmDialog
        opened={cancelling !== null}
        title={t('withdrawals.cancelTitle')}
        text={t('withdrawals.cancelText', {
          amount: cancelling
            ? formatMoney(cancelling.amount, cancelling.currency, i18n.language)
            : '',
        })}
        confirmLabel={t('withdrawals.cancelConfirm')}
        isPending={update.isPending}
        error={update.isError ? errorText(update.error) : null}
        onClose={() => setCancelling(null)}
        onConfirm={() => {
          if (!cancelling) return;
          const amount = formatMoney(cancelling.amount, cancelling.currency, i18n.language);
          update.mutate(
            { id: cancelling.id, patch: { status: 'cancelled' } },
            {
              onSuccess: () => {
                setCancelling(null);
                setDone(t('withdrawals.cancelled', { amount }));
              },
            },
          );
        }}
      />
    </Stack>
  );
}
