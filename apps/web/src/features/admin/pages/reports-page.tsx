import '@mantine/core/styles/Tabs.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import {
  Badge,
  Button,
  Group,
  NativeSelect,
  Stack,
  Tabs,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import {
  PROBLEM_REPORT_STATUSES,
  type AdminProblemReport,
  type ProblemReportStatus,
} from '@hafla/shared/admin/problem-reports';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form-alert';
import { QueryError } from '../../../components/query-error';
import { usePageMeta } from '../../../lib/page-meta';
import { splitApiErrors } from '../../../lib/use-form';
import { useReports, useUpdateReport } from '../api/problem-reports';
import { useUsers } from '../api/users';
import { AdminDialog } from '../components/admin-dialog';
import { AdminTable } from '../components/admin-table';
import { SearchBox } from '../components/search-box';
import { formatWhen } from '../lib/format';
import { useTableState } from '../lib/use-table-state';

const TABS = ['all', ...PROBLEM_REPORT_STATUSES] as const;

const STATUS_COLORS: Record<ProblemReportStatus, string> = {
  new: 'blue.9',
  in_progress: 'orange.9',
  resolved: 'green.9',
  dismissed: 'gray.7',
};

function StatusBadge({ status }: { status: ProblemReportStatus }) {
  const { t } = useTranslation('admin');
  return (
    <Badge color={STATUS_COLORS[status]} variant="light">
      {t(`reports.statuses.${status}`)}
    </Badge>
  );
}

function HandleReport({ report, onDone }: { report: AdminProblemReport; onDone: () => void }) {
  const { t, i18n } = useTranslation('admin');
  const update = useUpdateReport();
  const admins = useUsers({ page: 1, pageSize: 100, role: 'admin', ordering: 'email' });
  const [status, setStatus] = useState<ProblemReportStatus>(report.status);
  const [assignee, setAssignee] = useState(report.assignee?.id ?? '');
  const [note, setNote] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        update.mutate(
          {
            id: report.id,
            change: {
              ...(status !== report.status && { status }),
              ...(assignee !== (report.assignee?.id ?? '') && { assignee: assignee || null }),
              note,
            },
          },
          {
            onSuccess: onDone,
            onError: (error) => setMessage(splitApiErrors(error, []).message),
          },
        );
      }}
    >
      <Stack gap="md">
        <Text fw={600}>{report.subject}</Text>
        <Text style={{ whiteSpace: 'pre-wrap' }}>{report.message}</Text>
        <Text size="sm">
          {t('reports.from', { name: report.reporter.name || report.reporter.email })}{' '}
          <span dir="ltr">{report.reporter.email}</span>
        </Text>
        {report.history.length > 0 && (
          <Stack gap={4}>
            <Text fw={600}>{t('reports.history')}</Text>
            <ul>
              {report.history.map((change, index) => (
                <li key={index}>
                  <Text size="sm">
                    {t('reports.change', {
                      when: formatWhen(change.at, i18n.language),
                      who: change.by?.email ?? '',
                      status: t(`reports.statuses.${change.status}`),
                    })}
                  </Text>
                  {change.note && (
                    <Text size="sm" c="dimmed">
                      {change.note}
                    </Text>
                  )}
                </li>
              ))}
            </ul>
          </Stack>
        )}
        <Group grow align="flex-start">
          <NativeSelect
            label={t('reports.status')}
            value={status}
            onChange={(event) => setStatus(event.currentTarget.value as ProblemReportStatus)}
            data={PROBLEM_REPORT_STATUSES.map((value) => ({
              value,
              label: t(`reports.statuses.${value}`),
            }))}
          />
          <NativeSelect
            label={t('reports.assignee')}
            value={assignee}
            onChange={(event) => setAssignee(event.currentTarget.value)}
            data={[
              { value: '', label: t('reports.unassigned') },
              ...(admins.data?.results ?? []).map((admin) => ({
                value: admin.id,
                label: admin.email,
              })),
            ]}
          />
        </Group>
        {status === 'resolved' && report.status !== 'resolved' && (
          <Text size="sm">{t('reports.notifies')}</Text>
        )}
        <Textarea
          label={t('reports.note')}
          description={t('reports.noteHint')}
          value={note}
          maxLength={2000}
          autosize
          minRows={2}
          onChange={(event) => setNote(event.currentTarget.value)}
        />
        <FormAlert message={message} />
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            {t('form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** `/admin/reports`: problem reports by status; assign, move and answer them. */
export function ReportsPage() {
  const { t, i18n } = useTranslation(['admin', 'common']);
  const state = useTableState('-created_at');
  const requested = state.filter('status');
  const status = (PROBLEM_REPORT_STATUSES as readonly string[]).includes(requested ?? '')
    ? (requested as ProblemReportStatus)
    : undefined;
  const reports = useReports({
    page: state.page,
    pageSize: state.pageSize,
    ordering: state.ordering,
    search: state.search,
    status,
  });
  const [handling, setHandling] = useState<AdminProblemReport | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  usePageMeta({
    title: t('reports.title'),
    description: t('reports.lead'),
    keywords: t('meta.keywords'),
    siteName: t('common:app.name'),
  });
  const columns: DataTableColumn<AdminProblemReport>[] = [
    { accessor: 'subject', title: t('reports.subject') },
    {
      accessor: 'reporter',
      title: t('reports.reporter'),
      render: (report) => <span dir="ltr">{report.reporter.email}</span>,
    },
    {
      accessor: 'status',
      title: t('reports.status'),
      render: (report) => <StatusBadge status={report.status} />,
    },
    {
      accessor: 'assignee',
      title: t('reports.assignee'),
      render: (report) => report.assignee?.email ?? t('reports.unassigned'),
    },
    {
      accessor: 'created_at',
      title: t('reports.received'),
      sortable: true,
      render: (report) => formatWhen(report.created_at, i18n.language),
    },
    {
      accessor: 'actions',
      title: t('table.actions'),
      render: (report) => (
        <Button
          size="compact-md"
          variant="default"
          onClick={() => setHandling(report)}
          aria-label={t('reports.handleNamed', { subject: report.subject })}
        >
          {t('reports.handle')}
        </Button>
      ),
    },
  ];
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={1}>{t('reports.title')}</Title>
        <Text size="lg">{t('reports.lead')}</Text>
      </Stack>
      {notice && <FormAlert tone="success" message={notice} />}
      <Tabs
        value={status ?? 'all'}
        onChange={(value) => state.setFilter('status', value === 'all' ? null : value)}
      >
        <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
          {TABS.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {value === 'all' ? t('reports.all') : t(`reports.statuses.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <SearchBox label={t('table.search')} value={state.search} onSearch={state.setSearch} />
      {reports.isError ? (
        <QueryError error={reports.error} onRetry={() => void reports.refetch()} />
      ) : (
        <AdminTable
          label={t('reports.title')}
          records={reports.data?.results}
          count={reports.data?.count ?? 0}
          fetching={reports.isFetching}
          columns={columns}
          state={state}
        />
      )}
      <AdminDialog
        opened={handling !== null}
        title={t('reports.handleTitle')}
        onClose={() => setHandling(null)}
      >
        {handling && (
          <HandleReport
            key={handling.id}
            report={handling}
            onDone={() => {
              setHandling(null);
              setNotice(t('reports.saved'));
            }}
          />
        )}
      </AdminDialog>
    </Stack>
  );
}
