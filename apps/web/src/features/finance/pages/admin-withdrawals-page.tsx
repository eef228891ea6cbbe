import '@mantine/core/styles/Tabs.layer.css';
import { Button, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatIban } from '@hafla/shared/finance/iban';
import type { AdminWithdrawal, WithdrawalStatus } from '@hafla/shared/finance/withdrawals';
import { WITHDRAWAL_NOTE_MAX, WITHDRAWAL_STATUSES } from '../lib/finance-constants';
import { FormAlert } from '../../../components/form-alert';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { isolate } from '../../../lib/bidi';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { usePageMeta } from '../../../lib/page-meta';
import {
  ADMIN_WITHDRAWALS_PAGE_SIZE,
  useAdminWithdrawals,
  useDecideWithdrawal,
} from '../api/admin-withdrawals';
import { DecisionDialog } from '../components/decision-dialog';
import classes from '../components/finance.module.css';
import { Pager } from '../components/pager';
import { WithdrawalStatusBadge } from '../components/status-badge';
import { WithdrawalDetails } from '../components/withdrawal-history';
import { readerTimeZone } from '../lib/calendar-days';
import { errorText } from '../lib/error-text';

const FILTERS = ['requested', 'approved', 'all', ...WITHDRAWAL_STATUSES.slice(2)] as const;
type Filter = 'all' | WithdrawalStatus;

function isFilter(value: string | null): value is Filter {
  return (FILTERS as readonly (string | null)[]).includes(value);
}

/** The longest transfer reference the API takes. */
const REFERENCE_MAX = 100;

type Deciding = { kind: 'reject' | 'pay'; withdrawal: AdminWithdrawal } | null;

function RequestCard({
  withdrawal,
  onApprove,
  onDecide,
  isApproving,
}: {
  withdrawal: AdminWithdrawal;
  onApprove: () => void;
  onDecide: (kind: 'reject' | 'pay') => void;
  isApproving: boolean;
}) {
  const { t, i18n } = useTranslation('finance');
  const amount = formatMoney(withdrawal.amount, withdrawal.currency, i18n.language);
  const { account, organizer } = withdrawal;
  const titleId = `request-${withdrawal.id}`;
  const named = { amount, name: organizer.name };
  return (
    <li className={classes.card}>
      <article aria-labelledby={titleId}>
        <Stack gap="xs">
          <div className={classes.row}>
            <Title order={2} size="h4" id={titleId}>
              {t('admin.requestTitle', { amount: isolate(amount), name: isolate(organizer.name) })}
            </Title>
            <WithdrawalStatusBadge status={withdrawal.status} />
          </div>
          <Text size="sm" dir="ltr" ta="start">
            {organizer.email}
          </Text>
          <Text size="sm">
            {t('admin.requestedAt', {
              date: formatDateTime(withdrawal.created_at, readerTimeZone(), i18n.language),
            })}
          </Text>
          <Text size="sm" data-testid="organizer-balance">
            {withdrawal.organizer_balance
              ? t('admin.balance', {
                  available: formatMoney(
                    withdrawal.organizer_balance.available,
                    withdrawal.currency,
                    i18n.language,
                  ),
                  reserved: formatMoney(
                    withdrawal.organizer_balance.reserved,
                    withdrawal.currency,
                    i18n.language,
                  ),
                  withdrawn: formatMoney(
                    withdrawal.organizer_balance.withdrawn,
                    withdrawal.currency,
                    i18n.language,
                  ),
                })
              : t('admin.noBalance')}
          </Text>
          {withdrawal.status === 'requested' && withdrawal.approval.needs_second_admin && (
            <Text size="sm" fw={600}>
              {withdrawal.approval.first_approved_by
                ? t('admin.firstApproval', { email: withdrawal.approval.first_approved_by.email })
                : t('admin.secondAdmin')}
            </Text>
          )}
          <dl className={classes.breakdown}>
            <dt>{t('admin.bank')}</dt>
            <dd>{account.bank_name}</dd>
            <dt>{t('admin.holder')}</dt>
            <dd>{account.account_holder}</dd>
            <dt>{t('admin.iban')}</dt>
            <dd className={classes.iban} dir="ltr">
              {formatIban(account.iban)}
            </dd>
            <dt>{t('admin.swift')}</dt>
            <dd dir="ltr">{account.swift}</dd>
          </dl>
          <WithdrawalDetails withdrawal={withdrawal} />
          <Group gap="xs">
            {withdrawal.status === 'requested' && (
              <Button
                onClick={onApprove}
                loading={isApproving}
                aria-label={t('admin.approveNamed', named)}
              >
                {t('admin.approve')}
              </Button>
            )}
            {withdrawal.status === 'approved' && (
              <Button onClick={() => onDecide('pay')} aria-label={t('admin.markPaidNamed', named)}>
                {t('admin.markPaid')}
              </Button>
            )}
            {(withdrawal.status === 'requested' || withdrawal.status === 'approved') && (
              <Button
                variant="default"
                onClick={() => onDecide('reject')}
                aria-label={t('admin.rejectNamed', named)}
              >
                {t('admin.reject')}
              </Button>
            )}
          </Group>
        </Stack>
      </article>
    </li>
  );
}

/**
 * `/admin/withdrawals`: the queue of organizers' withdrawal requests, for admins to approve,
 * reject with a reason, and mark paid with the bank transfer's reference, with the organizer's
 * balance beside each; above the configured amount two different admins approve. Shown inside
 * the admin console's frame.
 */
export function AdminWithdrawalsPage() {
  const { t, i18n } = useTranslation(['finance', 'common']);
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('status');
  const filter: Filter = isFilter(requested) ? requested : 'requested';
  const page = Math.max(1, Number.parseInt(searchParams.get('page') ?? '1', 10) || 1);
  const withdrawals = useAdminWithdrawals({
    status: filter === 'all' ? undefined : filter,
    offset: (page - 1) * ADMIN_WITHDRAWALS_PAGE_SIZE,
  });
  const decide = useDecideWithdrawal();
  const [deciding, setDeciding] = useState<Deciding>(null);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  usePageMeta({
    title: t('admin.meta.title'),
    description: t('admin.meta.description'),
    keywords: t('admin.meta.keywords'),
    siteName: t('common:app.name'),
  });

  function amountOf(withdrawal: AdminWithdrawal) {
    return formatMoney(withdrawal.amount, withdrawal.currency, i18n.language);
  }

  function select(value: string | null) {
    setMessage(null);
    setSearchParams(value && value !== 'requested' ? { status: value } : {});
  }

  let list;
  if (withdrawals.isPending) list = <PageLoader />;
  else if (withdrawals.isError) {
    list = <QueryError error={withdrawals.error} onRetry={() => void withdrawals.refetch()} />;
  } else if (withdrawals.data.results.length === 0) {
    list = <Text>{t('admin.empty')}</Text>;
  } else {
    const { count, results } = withdrawals.data;
    list = (
      <Stack gap="sm">
        <Text size="sm" role="status">
          {t('admin.count', { count })}
        </Text>
        <ul className={classes.list}>
          {results.map((withdrawal) => (
            <RequestCard
              key={withdrawal.id}
              withdrawal={withdrawal}
              isApproving={
                decide.isPending &&
                decide.variables?.id === withdrawal.id &&
                decide.variables.decision.status === 'approved'
              }
              onApprove={() => {
                setMessage(null);
                decide.mutate(
                  { id: withdrawal.id, decision: { status: 'approved' } },
                  {
                    onSuccess: () =>
                      setMessage({
                        tone: 'success',
                        text: t('admin.approved', {
                          amount: amountOf(withdrawal),
                          name: withdrawal.organizer.name,
                        }),
                      }),
                    onError: (error) => setMessage({ tone: 'error', text: errorText(error) }),
                  },
                );
              }}
              onDecide={(kind) => {
                setMessage(null);
                decide.reset();
                setDeciding({ kind, withdrawal });
              }}
            />
          ))}
        </ul>
        <Pager
          page={page}
          total={Math.ceil(count / ADMIN_WITHDRAWALS_PAGE_SIZE)}
          label={t('admin.pages')}
          onChange={(next) =>
            setSearchParams((params) => {
              const updated = new URLSearchParams(params);
              if (next > 1) updated.set('page', String(next));
              else updated.delete('page');
              return updated;
            })
          }
        />
      </Stack>
    );
  }

  const isReject = deciding?.kind === 'reject';
  const decidingNames = deciding
    ? { amount: amountOf(deciding.withdrawal), name: deciding.withdrawal.organizer.name }
    : { amount: '', name: '' };

  return (
    <Stack gap="lg" className={classes.page}>
      <Stack gap="xs">
        <Title order={1}>{t('admin.heading')}</Title>
        <Text size="lg">{t('admin.lead')}</Text>
      </Stack>
      {message && <FormAlert tone={message.tone} message={message.text} />}
      <Tabs value={filter} onChange={select} keepMounted={false}>
        <Tabs.List>
          {FILTERS.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {t(`admin.filters.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value={filter} pt="md">
          {list}
        </Tabs.Panel>
      </Tabs>
      <DecisionDialog
        key={deciding ? `${deciding.kind}-${deciding.withdrawal.id}` : 'closed'}
        opened={deciding !== null}
        title={isReject ? t('admin.rejectTitle') : t('admin.payTitle')}
        text={isReject ? t('admin.rejectText', decidingNames) : t('admin.payText', decidingNames)}
        fieldLabel={isReject ? t('admin.reason') : t('admin.reference')}
        fieldHint={isReject ? t('admin.reasonHint') : t('admin.referenceHint')}
        maxLength={isReject ? WITHDRAWAL_NOTE_MAX : REFERENCE_MAX}
        confirmLabel={isReject ? t('admin.rejectConfirm') : t('admin.payConfirm')}
        isDanger={isReject}
        isPending={decide.isPending}
        error={decide.isError ? errorText(decide.error) : null}
        onClose={() => setDeciding(null)}
        onConfirm={(value) => {
          if (!deciding) return;
          const { withdrawal, kind } = deciding;
          decide.mutate(
            {
              id: withdrawal.id,
              decision:
                kind === 'reject'
                  ? { status: 'rejected', reason: value }
                  : { status: 'paid', transfer_reference: value },
            },
            {
              onSuccess: () => {
                setDeciding(null);
                setMessage({
                  tone: 'success',
                  text: t(kind === 'reject' ? 'admin.rejected' : 'admin.paid', {
                    amount: amountOf(withdrawal),
                    name: withdrawal.organizer.name,
                  }),
                });
              },
            },
          );
        }}
      />
    </Stack>
  );
}
