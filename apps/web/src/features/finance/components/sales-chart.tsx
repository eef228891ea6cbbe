import '@mantine/charts/styles.layer.css';
import { BarChart } from '@mantine/charts';
import { Stack, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SalesChart as SalesChartAnswer } from '@hafla/shared/finance/dashboard';
import { formatMoney, intlLocale } from '../../../lib/format';
import { bucketAxisLabel, bucketFullLabel } from '../lib/bucket-labels';
import classes from './finance.module.css';

export type ChartMetric = 'tickets_sold' | 'gross' | 'net';

export interface SalesChartProps {
  chart: SalesChartAnswer;
  metric: ChartMetric;
}

/**
 * The sales chart (code in its own chunk, loaded by the dashboard only): one bar per bucket of
 * the chosen figure. Time runs the way the page reads — right to left in Arabic, with the
 * value axis on the right — and the same figures follow as a table for screen readers and for
 * reading exact numbers.
 */
export function SalesChart({ chart, metric }: SalesChartProps) {
  const { t, i18n } = useTranslation('finance');
  const language = i18n.language;
  const locale = intlLocale(language);
  const isRtl = i18n.dir() === 'rtl';
  const isMoney = metric !== 'tickets_sold';
  const count = new Intl.NumberFormat(locale);
  const format = (value: number) =>
    isMoney ? formatMoney(value, chart.currency, language) : count.format(value);
  const data = chart.buckets.map((bucket) => ({
    label: bucketAxisLabel(bucket, chart.period, locale),
    [metric]: bucket[metric],
  }));
  const seriesLabel = t(`dashboard.metrics.${metric}`);

  return (
    <Stack gap="sm">
      <div
        className={classes.chart}
        role="img"
        aria-label={t('dashboard.chart.summary', {
          metric: seriesLabel,
          period: t(`dashboard.periods.${chart.period}`),
          count: chart.buckets.length,
        })}
      >
        <BarChart
          h={300}
          data={data}
          dataKey="label"
          series={[{ name: metric, label: seriesLabel, color: 'brand.6' }]}
          valueFormatter={format}
          tickLine="y"
          gridAxis="x"
          textColor="gray.8"
          maxBarWidth={40}
          accessibilityLayer={false}
          tooltipAnimationDuration={0}
          xAxisProps={{ reversed: isRtl, minTickGap: 12 }}
          yAxisProps={{
            orientation: isRtl ? 'right' : 'left',
            width: isMoney ? 88 : 48,
            allowDecimals: false,
          }}
        />
      </div>
      <details className={classes.dataTable}>
        <summary>{t('dashboard.chart.asTable')}</summary>
        {/* Scrolls sideways on a phone: focusable, so a keyboard can scroll it too. */}
        <div
          className={classes.tableScroll}
          role="region"
          aria-label={t('dashboard.chart.tableCaption')}
          tabIndex={0}
        >
          <table className={classes.table}>
            <caption>
              <VisuallyHidden>{t('dashboard.chart.tableCaption')}</VisuallyHidden>
            </caption>
            <thead>
              <tr>
                <th scope="col">{t(`dashboard.periods.${chart.period}`)}</th>
                <th scope="col" className={classes.number}>
                  {t('dashboard.metrics.tickets_sold')}
                </th>
                <th scope="col" className={classes.number}>
                  {t('dashboard.metrics.gross')}
                </th>
                <th scope="col" className={classes.number}>
                  {t('dashboard.metrics.net')}
                </th>
                <th scope="col" className={classes.number}>
                  {t('dashboard.totals.pageViews')}
                </th>
              </tr>
            </thead>
            <tbody>
              {chart.buckets.map((bucket) => (
                <tr key={bucket.start}>
                  <th scope="row">{bucketFullLabel(bucket, chart.period, locale)}</th>
                  <td className={classes.number}>{count.format(bucket.tickets_sold)}</td>
                  <td className={classes.number}>
                    {formatMoney(bucket.gross, chart.currency, language)}
                  </td>
                  <td className={classes.number}>
                    {formatMoney(bucket.net, chart.currency, language)}
                  </td>
                  <td className={classes.number}>{count.format(bucket.page_views)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </Stack>
  );
}
