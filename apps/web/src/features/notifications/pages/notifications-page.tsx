import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { usePageMeta } from '../../../lib/page-meta';
import { useSignedInUser } from '../../../lib/session';
import {
  NOTIFICATIONS_PAGE_SIZE,
  useNotificationsPage,
  useUnseenCount,
} from '../api/get-notifications';
import { useMarkAllNotificationsSeen, useMarkNotificationSeen } from '../api/mark-seen';
import { SEEN_FILTERS, type SeenFilter } from '../api/notifications-keys';
import { BellIcon } from '../components/bell-icon';
import { NotificationList } from '../components/notification-list';
import classes from '../components/notifications.module.css';

function isSeenFilter(value: string | null): value is SeenFilter {
  return (SEEN_FILTERS as readonly (string | null)[]).includes(value);
}

interface ResultsProps {
  userId: string;
  filter: SeenFilter;
  page: number;
  onPage: (page: number) => void;
}

function NotificationResults({ userId, filter, page, onPage }: ResultsProps) {
  const { t } = useTranslation('notifications');
  const list = useNotificationsPage(userId, filter, (page - 1) * NOTIFICATIONS_PAGE_SIZE);
  const markSeen = useMarkNotificationSeen(userId);
  const [now] = useState(() => Date.now());

  if (list.isPending) return <PageLoader />;
  if (list.isError) return <QueryError error={list.error} onRetry={() => void list.refetch()} />;
  const { count, results } = list.data;
  const pages = Math.max(1, Math.ceil(count / NOTIFICATIONS_PAGE_SIZE));

  if (results.length === 0) {
    return (
      <EmptyState
        icon={<BellIcon size={32} />}
        title={t(`empty.${filter}.title`)}
        text={t(`empty.${filter}.text`)}
      />
    );
  }

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed" role="status">
        {t('page.count', { count })}
      </Text>
      <div className={classes.pageList}>
        <NotificationList
          notifications={results}
          now={now}
          onOpen={(notification) => {
            if (!notification.seen) markSeen.mutate(notification);
          }}
        />
      </div>
      {pages > 1 && (
        <nav aria-label={t('page.pagination')}>
          <Group justify="space-between">
            <Button variant="default" disabled={page <= 1} onClick={() => onPage(page - 1)}>
              {t('page.previous')}
            </Button>
            <Text>{t('page.pageOf', { page, pages })}</Text>
            <Button variant="default" disabled={page >= pages} onClick={() => onPage(page + 1)}>
              {t('page.next')}
            </Button>
          </Group>
        </nav>
      )}
    </Stack>
  );
}

/** `/notifications`: every notification of the reader's, filtered by seen, ten to a page. */
export function NotificationsPage() {
  const { t } = useTranslation(['notifications', 'common']);
  const user = useSignedInUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('filter');
  const filter: SeenFilter = isSeenFilter(requested) ? requested : 'all';
  const page = Math.max(1, Number.parseInt(searchParams.get('page') ?? '1', 10) || 1);
  const markAll = useMarkAllNotificationsSeen(user.id);
  const unseenCount = useUnseenCount(user.id) ?? 0;
  usePageMeta({
    title: t('page.meta.title'),
    description: t('page.meta.description'),
    keywords: t('page.meta.keywords'),
    siteName: t('common:app.name'),
  });

  function changeSearch(change: (next: URLSearchParams) => void) {
    setSearchParams((params) => {
      const next = new URLSearchParams(params);
      change(next);
      return next;
    });
  }

  function goTo(nextPage: number) {
    changeSearch((next) => {
      if (nextPage > 1) next.set('page', String(nextPage));
      else next.delete('page');
    });
  }

  return (
    <Stack gap="lg" className={classes.page}>
      <div className={classes.pageHeader}>
        <Stack gap="xs">
          <Title order={1}>{t('page.heading')}</Title>
          <Text size="lg">{t('page.lead')}</Text>
        </Stack>
        <Button
          variant="light"
          disabled={unseenCount === 0}
          loading={markAll.isPending}
          onClick={() => markAll.mutate()}
        >
          {t('markAll')}
        </Button>
      </div>
      {/* Links, not tabs: each filter is an address of its own, the first page of it. */}
      <nav aria-label={t('page.filter')}>
        <ul className={classes.filters}>
          {SEEN_FILTERS.map((value) => (
            <li key={value}>
              <Link
                to={value === 'all' ? '/notifications' : `/notifications?filter=${value}`}
                className={classes.filter}
                aria-current={value === filter ? 'page' : undefined}
              >
                {t(`page.filters.${value}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <NotificationResults userId={user.id} filter={filter} page={page} onPage={goTo} />
    </Stack>
  );
}
