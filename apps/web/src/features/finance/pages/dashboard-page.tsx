// The control's indicator is a FloatingIndicator: without its styles it sits beside the choice.
import '@mantine/core/styles/FloatingIndicator.layer.css';
import '@mantine/core/styles/SegmentedControl.layer.css';
import {
  Loader,
  NativeSelect,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { SalesPeriod } from '@hafla/shared/finance/dashboard';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { isolate } from '../../../lib/bidi';
import { intlLocale } from '../../../lib/format';
import { usePageMeta } from '../../../lib/page-meta';
import { useMyEvents } from '../../organizer-events/api/get-my-events';
import { useSalesChart, useSalesData } from '../api/dashboard';
import { CategoryTable } from '../components/category-table';
import classes from '../components/finance.module.css';
import type { ChartMetric } from '../components/sales-chart';
import { SalesTotals } from '../components/sales-totals';
import { formatCalendarRange, isCalendarDay, readerTimeZone, todayIn } from '../lib/calendar-days';
import { currencyName } from '../lib/currency';
import {
  defaultPeriod,
  RANGE_PRESETS,
  readDashboardSearch,
  SALES_PERIODS,
} from '../lib/dashboard-range';
import type { RangePreset } from '../lib/dashboard-range';

// The chart library is the heaviest code of the organizer area: its own chunk, fetched here only.
const SalesChart = lazy(() =>
  import('../components/sales-chart').then((module) => ({ default: module.SalesChart })),
);

const METRICS: readonly ChartMetric[] = ['tickets_sold', 'gross', 'net'];
/** Every event of the organizer's in the picker; more than this is rare for one organizer. */
const EVENT_PICKER_LIMIT = 100;

function ChartPlaceholder() {
  return (
    <div style={{ blockSize: 300, display: 'grid', placeItems: 'center' }}>
      <Loader aria-hidden="true" />
    </div>
  );
}

/**
 * `/organizer/dashboard`: sales figures and charts for all the organizer's events or one
 * (PRODUCT.md section 5), over a range of days, by day, week or month. The view lives in the
 * URL (`?event=&range=&from=&to=&period=&currency=`).
 */
export function DashboardPage() {
  const { t, i18n } = useTranslation(['finance', 'common']);
  const [searchParams, setSearchParams] = useSearchParams();
  const timeZone = readerTimeZone();
  const today = todayIn(timeZone);
  const search = readDashboardSearch(searchParams, today);
  const [metric, setMetric] = useState<ChartMetric>('tickets_sold');
  const events = useMyEvents({ limit: EVENT_PICKER_LIMIT });
  const filters = {
    event: search.event,
    from: search.range.from,
    to: search.range.to,
    tz: timeZone,
    currency: search.currency,
  };
  const data = useSalesData(filters);
  const chart = useSalesChart({ ...filters, period: search.period });
  const eventTitles = useMemo(
    () => new Map((events.data?.results ?? []).map((event) => [event.id, event.title])),
    [events.data],
  );
  usePageMeta({
    title: t('dashboard.meta.title'),
    description: t('dashboard.meta.description'),
    keywords: t('dashboard.meta.keywords'),
    siteName: t('common:app.name'),
  });

  function update(changes: Record<string, string | null>) {
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );
  }

  function choosePreset(preset: RangePreset) {
    if (preset === 'custom') {
      update({ range: 'custom', from: search.range.from, to: search.range.to });
      return;
    }
    const period = defaultPeriod(preset);
    update({ range: preset, from: null, to: null, period: period === 'day' ? null : period });
  }

  const currencies = data.data?.currencies ?? [];
  const rangeText = formatCalendarRange(
    search.range.from,
    search.range.to,
    intlLocale(i18n.language),
    {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
    },
  );

  return (
    <Stack gap="lg" className={classes.page}>
      <Stack gap="xs">
        <Title order={1}>{t('dashboard.heading')}</Title>
        <Text size="lg">{t('dashboard.lead')}</Text>
      </Stack>
      <form
        className={classes.filters}
        aria-label={t('dashboard.filters')}
        onSubmit={(event) => event.preventDefault()}
      >
        <NativeSelect
          label={t('dashboard.event')}
          value={search.event === undefined ? '' : String(search.event)}
          onChange={(event) => update({ event: event.currentTarget.value || null })}
          data={[
            { value: '', label: t('dashboard.allEvents') },
            ...(events.data?.results ?? []).map((event) => ({
              value: String(event.id),
              label: event.title,
            })),
          ]}
        />
        <NativeSelect
          label={t('dashboard.range')}
          value={search.preset}
          onChange={(event) => choosePreset(event.currentTarget.value as RangePreset)}
          data={RANGE_PRESETS.map((preset) => ({
            value: preset,
            label: t(`dashboard.presets.${preset}`),
          }))}
        />
        {search.preset === 'custom' && (
          <>
            <TextInput
              type="date"
              label={t('dashboard.from')}
              value={search.range.from}
              max={search.range.to}
              onChange={(event) => {
                const value = event.currentTarget.value;
                if (isCalendarDay(value)) update({ from: value });
              }}
            />
            <TextInput
              type="date"
              label={t('dashboard.to')}
              value={search.range.to}
              min={search.range.from}
              onChange={(event) => {
                const value = event.currentTarget.value;
                if (isCalendarDay(value)) update({ to: value });
              }}
            />
          </>
        )}
        {currencies.length > 1 && (
          <NativeSelect
            label={t('dashboard.currency')}
            value={data.data?.currency ?? ''}
            onChange={(event) => update({ currency: event.currentTarget.value })}
            data={currencies.map((code) => ({
              value: code,
              label: `${currencyName(code, i18n.language)} (${code})`,
            }))}
          />
        )}
      </form>
      <Text size="sm" c="dimmed">
        {t('dashboard.rangeNote', {
          range: isolate(rangeText),
          zone: isolate(timeZone.replace(/_/g, ' ')),
        })}
      </Text>

      <section aria-labelledby="totals-heading">
        <Stack gap="sm">
          <Title order={2} size="h3" id="totals-heading">
            {t('dashboard.totals.heading')}
          </Title>
          {data.isPending ? (
            <PageLoader />
          ) : data.isError ? (
            <QueryError error={data.error} onRetry={() => void data.refetch()} />
          ) : (
            <SalesTotals data={data.data} />
          )}
        </Stack>
      </section>

      <section aria-labelledby="chart-heading" className={classes.card}>
        <Stack gap="sm">
          <Title order={2} size="h3" id="chart-heading">
            {t('dashboard.chart.heading')}
          </Title>
          <div className={classes.filters}>
            <Stack gap={4}>
              <Text component="span" fw={600} size="sm" id="period-label">
                {t('dashboard.period')}
              </Text>
              <SegmentedControl
                aria-labelledby="period-label"
                value={search.period}
                onChange={(value) => update({ period: value })}
                data={SALES_PERIODS.map((period: SalesPeriod) => ({
                  value: period,
                  label: t(`dashboard.periods.${period}`),
                }))}
              />
            </Stack>
            <NativeSelect
              label={t('dashboard.metric')}
              value={metric}
              onChange={(event) => setMetric(event.currentTarget.value as ChartMetric)}
              data={METRICS.map((value) => ({ value, label: t(`dashboard.metrics.${value}`) }))}
            />
          </div>
          {chart.isPending ? (
            <ChartPlaceholder />
          ) : chart.isError ? (
            <QueryError error={chart.error} onRetry={() => void chart.refetch()} />
          ) : (
            <Suspense fallback={<ChartPlaceholder />}>
              <SalesChart chart={chart.data} metric={metric} />
            </Suspense>
          )}
        </Stack>
      </section>

      <section aria-labelledby="categories-heading">
        <Stack gap="sm">
          <Title order={2} size="h3" id="categories-heading">
            {t('dashboard.categories.heading')}
          </Title>
          {data.isSuccess && <CategoryTable data={data.data} eventTitles={eventTitles} />}
        </Stack>
      </section>
    </Stack>
  );
}
