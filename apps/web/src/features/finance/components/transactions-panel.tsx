import { Button, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Transaction, TransactionKind } from '@hafla/shared/finance/transactions';
import { TRANSACTION_KINDS } from '../lib/finance-constants';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { formatDateTime, formatMoney } from '../../../lib/format';
import type { MoneyFormatOptions } from '../../../lib/format';
import { useMyEvents } from '../../organizer-events/api/get-my-events';
import { TRANSACTIONS_PAGE_SIZE, useTransactions } from '../api/get-transactions';
import { isCalendarDay, readerTimeZone } from '../lib/calendar-days';
import classes from './finance.module.css';
import { Pager } from './pager';

/** Every event of the organizer's in the filter; more than this is rare for one organizer. */
const EVENT_PICKER_LIMIT = 100;

interface Filters {
  event: string;
  kind: string;
  from: string;
  to: string;
}

const NO_FILTERS: Filters = { event: '', kind: '', from: '', to: '' };

/** A line's amount with its sign: + for money in, − for money out. */
const SIGNED: MoneyFormatOptions = { signDisplay: 'exceptZero' };

function isTransactionKind(value: string): value is TransactionKind {
  return (TRANSACTION_KINDS as readonly string[]).includes(value);
}

function TransactionLine({ line }: { line: Transaction }) {
  const { t, i18n } = useTranslation('finance');
  const language = i18n.language;
  const zone = readerTimeZone();
  const money = (amount: number) => formatMoney(amount, line.currency, language);
  const { explanation } = line;
  const isSale = line.kind === 'sale' || line.kind === 'refund';
  const titleId = `transaction-${line.id}`;
  return (
    <li className={classes.card}>
      <article aria-labelledby={titleId}>
        <Stack gap={6}>
          <div className={classes.row}>
            <Stack gap={2} miw={0}>
              <Title order={3} size="h5" id={titleId}>
                {t(`transactions.kinds.${line.kind}`)}
                {line.event && ` · ${line.event.title}`}
              </Title>
              <Text size="sm" c="dimmed">
                {[
                  formatDateTime(line.created_at, zone, language),
                  line.booking !== null && t('transactions.booking', { id: line.booking }),
                  line.withdrawal !== null && t('transactions.withdrawal', { id: line.withdrawal }),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            </Stack>
            <Text className={classes.amount} size="lg">
              {formatMoney(line.amount, line.currency, language, SIGNED)}
            </Text>
          </div>
          <Text size="sm">{explanation.text}</Text>
          {isSale && (
            <dl className={classes.breakdown}>
              <dt>{t('transactions.gross')}</dt>
              <dd>{money(explanation.gross)}</dd>
              <dt>{t('transactions.discount')}</dt>
              <dd>{money(-explanation.discount)}</dd>
              <dt>{t('transactions.fee')}</dt>
              <dd>{money(-explanation.fee)}</dd>
              <dt>{t(line.kind === 'refund' ? 'transactions.netRefund' : 'transactions.net')}</dt>
              <dd>{money(explanation.net)}</dd>
            </dl>
          )}
          {line.state === 'pending' && line.available_at && (
            <Text size="sm">
              {t('transactions.pendingUntil', {
                date: formatDateTime(line.available_at, zone, language),
              })}
            </Text>
          )}
          {line.state === 'available' && <Text size="sm">{t('transactions.available')}</Text>}
        </Stack>
      </article>
    </li>
  );
}

/** The ledger's lines for the organizer, newest first, with filters and pages. */
export function TransactionsPanel() {
  const { t } = useTranslation('finance');
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const events = useMyEvents({ limit: EVENT_PICKER_LIMIT });
  const eventId = Number(filters.event);
  const transactions = useTransactions({
    event: Number.isSafeInteger(eventId) && eventId > 0 ? eventId : undefined,
    kind: isTransactionKind(filters.kind) ? filters.kind : undefined,
    from: isCalendarDay(filters.from) ? filters.from : undefined,
    to: isCalendarDay(filters.to) ? filters.to : undefined,
    tz: readerTimeZone(),
    offset: (page - 1) * TRANSACTIONS_PAGE_SIZE,
  });
  const isFiltered = Object.values(filters).some(Boolean);

  function change(field: keyof Filters, value: string) {
    setFilters((current) => ({ ...current, [field]: value }));
    setPage(1);
  }

  let content;
  if (transactions.isPending) content = <PageLoader />;
  else if (transactions.isError) {
    content = <QueryError error={transactions.error} onRetry={() => void transactions.refetch()} />;
  } else if (transactions.data.results.length === 0) {
    content = <Text>{isFiltered ? t('transactions.noMatches') : t('transactions.empty')}</Text>;
  } else {
    const { count, results } = transactions.data;
    content = (
      <Stack gap="sm">
        <Text size="sm" role="status">
          {t('transactions.count', { count })}
        </Text>
        <ul className={classes.list}>
          {results.map((line) => (
            <TransactionLine key={line.id} line={line} />
          ))}
        </ul>
        <Pager
          page={page}
          total={Math.ceil(count / TRANSACTIONS_PAGE_SIZE)}
          label={t('transactions.pages')}
          onChange={setPage}
        />
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Stack gap={4} maw={640}>
        <Title order={2} size="h3">
          {t('transactions.heading')}
        </Title>
        <Text>{t('transactions.lead')}</Text>
      </Stack>
      <form
        className={classes.filters}
        aria-label={t('transactions.filters')}
        onSubmit={(event) => event.preventDefault()}
      >
        <NativeSelect
          label={t('transactions.event')}
          value={filters.event}
          onChange={(event) => change('event', event.currentTarget.value)}
          data={[
            { value: '', label: t('transactions.allEvents') },
            ...(events.data?.results ?? []).map((event) => ({
              value: String(event.id),
              label: event.title,
            })),
          ]}
        />
        <NativeSelect
          label={t('transactions.kind')}
          value={filters.kind}
          onChange={(event) => change('kind', event.currentTarget.value)}
          data={[
            { value: '', label: t('transactions.allKinds') },
            ...TRANSACTION_KINDS.map((kind) => ({
              value: kind,
              label: t(`transactions.kinds.${kind}`),
            })),
          ]}
        />
        <TextInput
          type="date"
          label={t('transactions.from')}
          value={filters.from}
          max={filters.to || undefined}
          onChange={(event) => change('from', event.currentTarget.value)}
        />
        <TextInput
          type="date"
          label={t('transactions.to')}
          value={filters.to}
          min={filters.from || undefined}
          onChange={(event) => change('to', event.currentTarget.value)}
        />
        {isFiltered && (
          <Button
            variant="default"
            onClick={() => {
              setFilters(NO_FILTERS);
              setPage(1);
            }}
          >
            {t('transactions.clear')}
          </Button>
        )}
      </form>
      {content}
    </Stack>
  );
}
