import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BalanceLine } from '@hafla/shared/finance/balance';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useBalance } from '../api/get-balance';
import { readerTimeZone } from '../lib/calendar-days';
import { currencyName } from '../lib/currency';
import classes from './finance.module.css';

const PARTS = ['available', 'pending', 'reserved', 'withdrawn'] as const;

function BalanceCard({ line }: { line: BalanceLine }) {
  const { t, i18n } = useTranslation('finance');
  const language = i18n.language;
  const headingId = `balance-${line.currency}`;
  return (
    <section className={classes.card} aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={3} size="h4" id={headingId}>
          {t('balance.currencyHeading', {
            name: currencyName(line.currency, language),
            code: line.currency,
          })}
        </Title>
        <dl className={classes.figures}>
          {PARTS.map((part) => (
            <div key={part} className={classes.figure} data-part={part}>
              <dt>{t(`balance.${part}.label`)}</dt>
              <dd className={classes.figureValue}>
                {formatMoney(line[part], line.currency, language)}
              </dd>
              <dd className={classes.figureHint}>{t(`balance.${part}.hint`)}</dd>
            </div>
          ))}
        </dl>
        {line.next_available_at && line.pending > 0 && (
          <Text size="sm">
            {t('balance.nextAvailable', {
              date: formatDateTime(line.next_available_at, readerTimeZone(), language),
            })}
          </Text>
        )}
      </Stack>
    </section>
  );
}

/** What the organizer has, per currency, with what each part means in plain words. */
export function BalancePanel() {
  const { t } = useTranslation('finance');
  const balance = useBalance();
  let content;
  if (balance.isPending) content = <PageLoader />;
  else if (balance.isError) {
    content = <QueryError error={balance.error} onRetry={() => void balance.refetch()} />;
  } else if (balance.data.results.length === 0) {
    content = <Text>{t('balance.empty')}</Text>;
  } else {
    content = balance.data.results.map((line) => <BalanceCard key={line.currency} line={line} />);
  }
  return (
    <section aria-labelledby="balance-heading">
      <Stack gap="sm">
        <Title order={2} size="h3" id="balance-heading">
          {t('balance.heading')}
        </Title>
        <Text>{t('balance.lead')}</Text>
        {content}
      </Stack>
    </section>
  );
}
