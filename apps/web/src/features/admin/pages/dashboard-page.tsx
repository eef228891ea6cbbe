import { Anchor, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Anchor.layer.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { formatCount } from '../lib/format';
import { usePageMeta } from '../../../lib/page-meta';
import { useDashboard } from '../api/get-dashboard';
import classes from '../components/admin.module.css';

/** `/admin`: what waits for staff (new reports, pending withdrawals) and the last seven days. */
export function AdminDashboardPage() {
  const { t, i18n } = useTranslation(['admin', 'common']);
  const dashboard = useDashboard();
  usePageMeta({
    title: t('dashboard.title'),
    description: t('dashboard.lead'),
    keywords: t('meta.keywords'),
    siteName: t('common:app.name'),
  });
  let body;
  if (dashboard.isPending) body = <PageLoader />;
  else if (dashboard.isError) {
    body = <QueryError error={dashboard.error} onRetry={() => void dashboard.refetch()} />;
  } else {
    const counts = [
      { key: 'newReports', value: dashboard.data.new_reports, to: '/admin/reports?status=new' },
      {
        key: 'pendingWithdrawals',
        value: dashboard.data.pending_withdrawals,
        to: '/admin/withdrawals',
      },
      {
        key: 'eventsPublished',
        value: dashboard.data.events_published_this_week,
        to: '/admin/events?status=published',
      },
      { key: 'signUps', value: dashboard.data.sign_ups_this_week, to: '/admin/users' },
    ] as const;
    body = (
      <dl className={classes.counts}>
        {counts.map((count) => (
          <div key={count.key} className={classes.count} data-testid={`count-${count.key}`}>
            <dt>
              <Anchor component={Link} to={count.to}>
                {t(`dashboard.${count.key}`)}
              </Anchor>
            </dt>
            <dd className={classes.countValue}>{formatCount(count.value, i18n.language)}</dd>
          </div>
        ))}
      </dl>
    );
  }
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={1}>{t('dashboard.title')}</Title>
        <Text size="lg">{t('dashboard.lead')}</Text>
      </Stack>
      {body}
    </Stack>
  );
}
