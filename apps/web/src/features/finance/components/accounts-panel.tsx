import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WithdrawalAccount } from '@hafla/shared/finance/accounts';
import { formatIban } from '@hafla/shared/finance/iban';
import { FormAlert } from '../../../components/form-alert';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { isolate } from '../../../lib/bidi';
import {
  useDeleteWithdrawalAccount,
  useUpdateWithdrawalAccount,
  useWithdrawalAccounts,
} from '../api/withdrawal-accounts';
import { errorText } from '../lib/error-text';
import { AccountForm } from './account-form';
import { ConfirmDialog } from './confirm-dialog';
import { FinanceDialog } from './finance-dialog';
import classes from './finance.module.css';

type Editing = { kind: 'new' } | { kind: 'edit'; account: WithdrawalAccount } | null;

function AccountCard({
  account,
  onEdit,
  onMakeDefault,
  onDelete,
  isMakingDefault,
}: {
  account: WithdrawalAccount;
  onEdit: () => void;
  onMakeDefault: () => void;
  onDelete: () => void;
  isMakingDefault: boolean;
}) {
  const { t } = useTranslation('finance');
  const titleId = `account-${account.id}`;
  return (
    <li className={classes.card}>
      <article aria-labelledby={titleId}>
        <Stack gap="xs">
          <div className={classes.row}>
            <Title order={3} size="h4" id={titleId}>
              {account.bank_name}
            </Title>
            {account.is_default && (
              <Text size="sm" fw={700} c="brand.7">
                {t('accounts.default')}
              </Text>
            )}
          </div>
          <Text>{account.account_holder}</Text>
          <Text className={classes.iban} dir="ltr" ta="start">
            {formatIban(account.iban)}
          </Text>
          <Text size="sm">
            {t('accounts.details', { swift: isolate(account.swift), currency: account.currency })}
          </Text>
          {account.in_use && <Text size="sm">{t('accounts.inUse')}</Text>}
          <Group gap="xs">
            <Button
              variant="light"
              onClick={onEdit}
              aria-label={t('accounts.editNamed', { bank: account.bank_name })}
            >
              {t('accounts.edit')}
            </Button>
            {!account.is_default && (
              <Button
                variant="default"
                onClick={onMakeDefault}
                loading={isMakingDefault}
                aria-label={t('accounts.makeDefaultNamed', { bank: account.bank_name })}
              >
                {t('accounts.makeDefault')}
              </Button>
            )}
            {!account.in_use && (
              <Button
                variant="default"
                onClick={onDelete}
                aria-label={t('accounts.deleteNamed', { bank: account.bank_name })}
              >
                {t('accounts.delete')}
              </Button>
            )}
          </Group>
        </Stack>
      </article>
    </li>
  );
}

/** The organizer's bank accounts: add, change, choose the default, delete an unused one. */
export function AccountsPanel() {
  const { t } = useTranslation('finance');
  const accounts = useWithdrawalAccounts();
  const update = useUpdateWithdrawalAccount();
  const remove = useDeleteWithdrawalAccount();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<WithdrawalAccount | null>(null);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const list = accounts.data?.results ?? [];

  let content;
  if (accounts.isPending) content = <PageLoader />;
  else if (accounts.isError) {
    content = <QueryError error={accounts.error} onRetry={() => void accounts.refetch()} />;
  } else if (list.length === 0) {
    content = <Text>{t('accounts.empty')}</Text>;
  } else {
    content = (
      <ul className={classes.list}>
        {list.map((account) => (
          <AccountCard
            key={account.id}
            account={account}
            onEdit={() => {
              setMessage(null);
              setEditing({ kind: 'edit', account });
            }}
            isMakingDefault={update.isPending && update.variables?.id === account.id}
            onMakeDefault={() => {
              setMessage(null);
              update.mutate(
                { id: account.id, patch: { is_default: true } },
                {
                  onSuccess: () =>
                    setMessage({
                      tone: 'success',
                      text: t('accounts.defaultDone', { bank: account.bank_name }),
                    }),
                  onError: (error) => setMessage({ tone: 'error', text: errorText(error) }),
                },
              );
            }}
            onDelete={() => {
              setMessage(null);
              remove.reset();
              setDeleting(account);
            }}
          />
        ))}
      </ul>
    );
  }

  return (
    <Stack gap="md">
      <div className={classes.row}>
        <Stack gap={4} maw={640}>
          <Title order={2} size="h3">
            {t('accounts.heading')}
          </Title>
          <Text>{t('accounts.lead')}</Text>
        </Stack>
        <Button
          onClick={() => {
            setMessage(null);
            setEditing({ kind: 'new' });
          }}
        >
          {t('accounts.add')}
        </Button>
      </div>
      {message && <FormAlert tone={message.tone} message={message.text} />}
      {content}
      <FinanceDialog
        opened={editing !== null}
        title={
          editing?.kind === 'edit' ? t('accounts.form.editTitle') : t('accounts.form.addTitle')
        }
        onClose={() => setEditing(null)}
      >
        {editing && (
          <AccountForm
            account={editing.kind === 'edit' ? editing.account : null}
            isFirst={list.length === 0}
            onCancel={() => setEditing(null)}
            onDone={(saved) => {
              setEditing(null);
              setMessage({
                tone: 'success',
                text:
                  editing.kind === 'edit'
                    ? t('accounts.saved', { bank: saved.bank_name })
                    : t('accounts.added', { bank: saved.bank_name }),
              });
            }}
          />
        )}
      </FinanceDialog>
      <ConfirmDialog
        opened={deleting !== null}
        title={t('accounts.deleteTitle')}
        text={t('accounts.deleteText', { bank: deleting?.bank_name ?? '' })}
        confirmLabel={t('accounts.deleteConfirm')}
        isPending={remove.isPending}
        error={remove.isError ? errorText(remove.error) : null}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          const bank = deleting.bank_name;
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null);
              setMessage({ tone: 'success', text: t('accounts.deleted', { bank }) });
            },
          });
        }}
      />
    </Stack>
  );
}
