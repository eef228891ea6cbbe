import '@mantine/core/styles/Tabs.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Switch.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import { Anchor, Badge, Button, Stack, Switch, Tabs, Text, Title } from '@mantine/core';
import type { AdminEvent } from '@hafla/shared/admin/events';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormAlert } from '../../../components/form-alert';
import { QueryError } from '../../../components/query-error';
import { usePageMeta } from '../../../lib/page-meta';
import { splitApiErrors } from '../../../lib/use-form';
import { useAdminEvents, useFeatureEvent, useUnpublishEvent } from '../api/events';
import { ConfirmAction } from '../components/admin-dialog';
import { AdminTable } from '../components/admin-table';
import { SearchBox } from '../components/search-box';
import { formatWhen } from '../lib/format';
import { useTableState } from '../lib/use-table-state';

const STATUSES = ['all', 'published', 'draft', 'cancelled'] as const;

/** `/admin/events`: every event; feature one on the home page, or unpublish it with a reason. */
export function AdminEventsPage() {
  const { t, i18n } = useTranslation(['admin', 'common']);
  const state = useTableState('-created_at');
  const requested = state.filter('status');
  const status =
    requested === 'published' || requested === 'draft' || requested === 'cancelled'
      ? requested
      : undefined;
  const events = useAdminEvents({
    page: state.page,
    pageSize: state.pageSize,
    ordering: state.ordering,
    search: state.search,
    status,
  });
  const feature = useFeatureEvent();
  const unpublish = useUnpublishEvent();
  const [unpublishing, setUnpublishing] = useState<AdminEvent | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  usePageMeta({
    title: t('events.title'),
    description: t('events.lead'),
    keywords: t('meta.keywords'),
    siteName: t('common:app.name'),
  });
  const columns: DataTableColumn<AdminEvent>[] = [
    {
      accessor: 'title',
      title: t('events.event'),
      sortable: true,
      render: (event) => (
        <Anchor component={Link} to={`/events/${event.id}`}>
          {event.title}
        </Anchor>
      ),
    },
    {
      accessor: 'organizer',
      title: t('events.organizer'),
      render: (event) => event.organizer.name,
    },
    {
      accessor: 'status',
      title: t('events.status'),
      render: (event) => <Badge variant="light">{t(`events.statuses.${event.status}`)}</Badge>,
    },
    {
      accessor: 'first_start_at',
      title: t('events.starts'),
      sortable: true,
      render: (event) => formatWhen(event.first_start_at, i18n.language),
    },
    {
      accessor: 'is_featured',
      title: t('events.featured'),
      render: (event) => (
        <Switch
          checked={event.is_featured}
          disabled={event.status !== 'published'}
          aria-label={t('events.featureNamed', { title: event.title })}
          onChange={(change) => {
            setNotice(null);
            feature.mutate({ id: event.id, featured: change.currentTarget.checked });
          }}
        />
      ),
    },
    {
      accessor: 'actions',
      title: t('table.actions'),
      render: (event) =>
        event.status === 'published' ? (
          <Button
            size="compact-md"
            variant="default"
            color="red.9"
            onClick={() => {
              unpublish.reset();
              setUnpublishing(event);
            }}
            aria-label={t('events.unpublishNamed', { title: event.title })}
          >
            {t('events.unpublish')}
          </Button>
        ) : null,
    },
  ];
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={1}>{t('events.title')}</Title>
        <Text size="lg">{t('events.lead')}</Text>
      </Stack>
      {notice && <FormAlert tone="success" message={notice} />}
      {feature.isError && <FormAlert message={splitApiErrors(feature.error, []).message} />}
      <Tabs
        value={status ?? 'all'}
        onChange={(value) => state.setFilter('status', value === 'all' ? null : value)}
      >
        <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
          {STATUSES.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {value === 'all' ? t('events.all') : t(`events.statuses.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <SearchBox label={t('events.search')} value={state.search} onSearch={state.setSearch} />
      {events.isError ? (
        <QueryError error={events.error} onRetry={() => void events.refetch()} />
      ) : (
        <AdminTable
          label={t('events.title')}
          records={events.data?.results}
          count={events.data?.count ?? 0}
          fetching={events.isFetching}
          columns={columns}
          state={state}
        />
      )}
      <ConfirmAction
        key={unpublishing?.id ?? 'none'}
        opened={unpublishing !== null}
        title={t('events.unpublishTitle')}
        text={t('events.unpublishText', { title: unpublishing?.title ?? '' })}
        reasonLabel={t('events.reason')}
        confirmLabel={t('events.unpublish')}
        isPending={unpublish.isPending}
        error={unpublish.isError ? splitApiErrors(unpublish.error, []).message : null}
        onClose={() => setUnpublishing(null)}
        onConfirm={(reason) => {
          if (!unpublishing) return;
          const title = unpublishing.title;
          unpublish.mutate(
            { id: unpublishing.id, reason },
            {
              onSuccess: () => {
                setUnpublishing(null);
                setNotice(t('events.unpublished', { title }));
              },
            },
          );
        }}
      />
    </Stack>
  );
}
