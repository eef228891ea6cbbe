import { Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  AUDIT_TARGET_TYPES,
  type AuditEntry,
  type AuditTargetType,
} from '@hafla/shared/admin/audit-log';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../../components/query-error';
import { usePageMeta } from '../../../lib/page-meta';
import { useAuditLog } from '../api/audit-log';
import { AdminTable } from '../components/admin-table';
import classes from '../components/admin.module.css';
import { formatWhen } from '../lib/format';
import { useTableState } from '../lib/use-table-state';

const json = (value: unknown) => (value === null ? '' : JSON.stringify(value, null, 1));

/** A day typed in the filter (YYYY-MM-DD) as the instant its day starts or ends, in UTC. */
function dayBound(day: string | undefined, end: boolean): string | undefined {
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  return `${day}T${end ? '23:59:59' : '00:00:00'}Z`;
}

/** `/admin/audit-log`: every admin action, newest first, filtered by what, on what and when. */
export function AuditLogPage() {
  const { t, i18n } = useTranslation(['admin', 'common']);
  const state = useTableState('-created_at');
  const targetType = state.filter('target');
  const log = useAuditLog({
    page: state.page,
    pageSize: state.pageSize,
    action: state.filter('action'),
    target_type: (AUDIT_TARGET_TYPES as readonly string[]).includes(targetType ?? '')
      ? (targetType as AuditTargetType)
      : undefined,
    target_id: state.filter('target_id'),
    from: dayBound(state.filter('from'), false),
    to: dayBound(state.filter('to'), true),
  });
  usePageMeta({
    title: t('audit.title'),
    description: t('audit.lead'),
    keywords: t('meta.keywords'),
    siteName: t('common:app.name'),
  });
  const columns: DataTableColumn<AuditEntry>[] = [
    {
      accessor: 'created_at',
      title: t('audit.when'),
      render: (entry) => formatWhen(entry.created_at, i18n.language),
    },
    {
      accessor: 'actor',
      title: t('audit.who'),
      render: (entry) => <span dir="ltr">{entry.actor.email}</span>,
    },
    {
      accessor: 'action',
      title: t('audit.action'),
      render: (entry) => <code dir="ltr">{entry.action}</code>,
    },
    {
      accessor: 'target_id',
      title: t('audit.target'),
      render: (entry) => (
        <span dir="ltr">{`${t(`audit.targets.${entry.target_type}`)} ${entry.target_id}`}</span>
      ),
    },
    {
      accessor: 'before',
      title: t('audit.before'),
      render: (entry) => <pre className={classes.pre}>{json(entry.before)}</pre>,
    },
    {
      accessor: 'after',
      title: t('audit.after'),
      render: (entry) => <pre className={classes.pre}>{json(entry.after)}</pre>,
    },
    {
      accessor: 'ip_address',
      title: t('audit.address'),
      render: (entry) => <span dir="ltr">{entry.ip_address ?? ''}</span>,
    },
  ];
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={1}>{t('audit.title')}</Title>
        <Text size="lg">{t('audit.lead')}</Text>
      </Stack>
      <Group align="flex-end" gap="sm">
        <NativeSelect
          label={t('audit.target')}
          value={targetType ?? ''}
          onChange={(event) => state.setFilter('target', event.currentTarget.value || null)}
          data={[
            { value: '', label: t('audit.anyTarget') },
            ...AUDIT_TARGET_TYPES.map((value) => ({
              value,
              label: t(`audit.targets.${value}`),
            })),
          ]}
        />
        <TextInput
          label={t('audit.action')}
          dir="ltr"
          defaultValue={state.filter('action') ?? ''}
          onBlur={(event) => state.setFilter('action', event.currentTarget.value.trim() || null)}
        />
        <TextInput
          type="date"
          label={t('audit.from')}
          value={state.filter('from') ?? ''}
          onChange={(event) => state.setFilter('from', event.currentTarget.value || null)}
        />
        <TextInput
          type="date"
          label={t('audit.to')}
          value={state.filter('to') ?? ''}
          onChange={(event) => state.setFilter('to', event.currentTarget.value || null)}
        />
      </Group>
      {log.isError ? (
        <QueryError error={log.error} onRetry={() => void log.refetch()} />
      ) : (
        <AdminTable
          label={t('audit.title')}
          records={log.data?.results}
          count={log.data?.count ?? 0}
          fetching={log.isFetching}
          columns={columns}
          state={state}
        />
      )}
    </Stack>
  );
}
