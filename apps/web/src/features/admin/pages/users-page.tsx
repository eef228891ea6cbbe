import '@mantine/core/styles/Tabs.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import { Badge, Button, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import type { AdminUser } from '@hafla/shared/admin/users';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form-alert';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { formatMoney } from '../../../lib/format';
import { usePageMeta } from '../../../lib/page-meta';
import { splitApiErrors } from '../../../lib/use-form';
import { useChangeUser, useUser, useUsers } from '../api/users';
import { AdminDialog, ConfirmAction } from '../components/admin-dialog';
import { AdminTable } from '../components/admin-table';
import { SearchBox } from '../components/search-box';
import classes from '../components/admin.module.css';
import { formatCount, formatWhen } from '../lib/format';
import { useTableState } from '../lib/use-table-state';

const ROLES = ['all', 'organizer', 'admin'] as const;

function Roles({ user }: { user: AdminUser }) {
  const { t } = useTranslation('admin');
  return (
    <Group gap={4} className={classes.badges}>
      {user.roles.map((role) => (
        <Badge key={role} variant="light">
          {t(`users.roles.${role}`)}
        </Badge>
      ))}
      {user.is_suspended && (
        <Badge color="red.9" variant="filled">
          {t('users.suspended')}
        </Badge>
      )}
    </Group>
  );
}

type Pending = { kind: 'suspend' } | { kind: 'admin'; grant: boolean } | null;

function UserDetail({ id, onNotice }: { id: string; onNotice: (text: string) => void }) {
  const { t, i18n } = useTranslation('admin');
  const user = useUser(id);
  const change = useChangeUser();
  const [pending, setPending] = useState<Pending>(null);
  if (user.isPending) return <PageLoader />;
  if (user.isError) return <QueryError error={user.error} onRetry={() => void user.refetch()} />;
  const detail = user.data;
  const isOrganizer = detail.roles.includes('organizer');
  const isAdmin = detail.roles.includes('admin');
  const done = (text: string) => {
    setPending(null);
    onNotice(text);
    void user.refetch();
  };
  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Text fw={700}>{detail.name || detail.email}</Text>
        <Text size="sm" dir="ltr" ta="start">
          {detail.email}
        </Text>
        <Roles user={detail} />
        {detail.is_suspended && (
          <Text size="sm">{t('users.suspendedBecause', { reason: detail.suspension_reason })}</Text>
        )}
      </Stack>
      <FormAlert
        message={change.isError && !pending ? splitApiErrors(change.error, []).message : null}
      />
      <Group gap="xs">
        {detail.is_suspended ? (
          <Button
            loading={change.isPending}
            onClick={() =>
              change.mutate(
                { id, action: { kind: 'reinstate' } },
                { onSuccess: () => done(t('users.reinstated', { email: detail.email })) },
              )
            }
          >
            {t('users.reinstate')}
          </Button>
        ) : (
          <Button
            color="red.9"
            onClick={() => {
              change.reset();
              setPending({ kind: 'suspend' });
            }}
          >
            {t('users.suspend')}
          </Button>
        )}
        <Button
          variant="default"
          loading={change.isPending && change.variables?.action.kind === 'roles'}
          onClick={() =>
            change.mutate(
              { id, action: { kind: 'roles', roles: { is_organizer: !isOrganizer } } },
              { onSuccess: () => done(t('users.rolesChanged', { email: detail.email })) },
            )
          }
        >
          {isOrganizer ? t('users.removeOrganizer') : t('users.grantOrganizer')}
        </Button>
        <Button
          variant="default"
          onClick={() => {
            change.reset();
            setPending({ kind: 'admin', grant: !isAdmin });
          }}
        >
          {isAdmin ? t('users.removeAdmin') : t('users.promoteAdmin')}
        </Button>
      </Group>
      <Stack gap={4}>
        <Text fw={600}>{t('users.events', { total: detail.events_count })}</Text>
        {detail.events.length === 0 ? (
          <Text size="sm">{t('users.none')}</Text>
        ) : (
          <ul>
            {detail.events.map((event) => (
              <li key={event.id}>
                <Text size="sm">
                  {t('users.eventLine', {
                    title: event.title,
                    status: t(`events.statuses.${event.status as 'draft'}`),
                  })}
                </Text>
              </li>
            ))}
          </ul>
        )}
      </Stack>
      <Stack gap={4}>
        <Text fw={600}>{t('users.bookings', { total: detail.bookings_count })}</Text>
        {detail.bookings.length === 0 ? (
          <Text size="sm">{t('users.none')}</Text>
        ) : (
          <ul>
            {detail.bookings.map((booking) => (
              <li key={booking.id}>
                <Text size="sm">
                  {t('users.bookingLine', {
                    title: booking.event.title,
                    amount: formatMoney(booking.total, booking.currency, i18n.language),
                    status: booking.status,
                    when: formatWhen(booking.created_at, i18n.language),
                  })}
                </Text>
              </li>
            ))}
          </ul>
        )}
      </Stack>
      <Text size="sm" c="dimmed">
        {t('users.joined', { when: formatWhen(detail.created_at, i18n.language) })}
      </Text>
      <ConfirmAction
        key={pending ? pending.kind : 'none'}
        opened={pending !== null}
        title={
          pending?.kind === 'suspend'
            ? t('users.suspendTitle')
            : pending?.grant
              ? t('users.promoteAdmin')
              : t('users.removeAdmin')
        }
        text={
          pending?.kind === 'suspend'
            ? t('users.suspendText', { email: detail.email })
            : t('users.adminText', { email: detail.email })
        }
        reasonLabel={pending?.kind === 'suspend' ? t('users.reason') : undefined}
        confirmLabel={
          pending?.kind === 'suspend'
            ? t('users.suspend')
            : pending?.grant
              ? t('users.promoteAdmin')
              : t('users.removeAdmin')
        }
        isPending={change.isPending}
        error={change.isError ? splitApiErrors(change.error, []).message : null}
        onClose={() => setPending(null)}
        onConfirm={(reason) => {
          if (!pending) return;
          change.mutate(
            pending.kind === 'suspend'
              ? { id, action: { kind: 'suspend', reason } }
              : { id, action: { kind: 'roles', roles: { is_admin: pending.grant } } },
            {
              onSuccess: () =>
                done(
                  pending.kind === 'suspend'
                    ? t('users.suspendedDone', { email: detail.email })
                    : t('users.rolesChanged', { email: detail.email }),
                ),
            },
          );
        }}
      />
    </Stack>
  );
}

/** `/admin/users`: find an account by name or email; see it, suspend it, change its roles. */
export function UsersPage() {
  const { t, i18n } = useTranslation(['admin', 'common']);
  const state = useTableState('-created_at');
  const requested = state.filter('role');
  const role = requested === 'organizer' || requested === 'admin' ? requested : undefined;
  const users = useUsers({
    page: state.page,
    pageSize: state.pageSize,
    ordering: state.ordering,
    search: state.search,
    role,
  });
  const [open, setOpen] = useState<AdminUser | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  usePageMeta({
    title: t('users.title'),
    description: t('users.lead'),
    keywords: t('meta.keywords'),
    siteName: t('common:app.name'),
  });
  const columns: DataTableColumn<AdminUser>[] = [
    {
      accessor: 'email',
      title: t('users.email'),
      sortable: true,
      render: (user) => <span dir="ltr">{user.email}</span>,
    },
    { accessor: 'name', title: t('users.name') },
    { accessor: 'roles', title: t('users.rolesTitle'), render: (user) => <Roles user={user} /> },
    {
      accessor: 'created_at',
      title: t('users.joinedTitle'),
      sortable: true,
      render: (user) => formatWhen(user.created_at, i18n.language),
    },
    {
      accessor: 'actions',
      title: t('table.actions'),
      render: (user) => (
        <Button
          size="compact-md"
          variant="default"
          onClick={() => setOpen(user)}
          aria-label={t('users.openNamed', { email: user.email })}
        >
          {t('users.open')}
        </Button>
      ),
    },
  ];
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={1}>{t('users.title')}</Title>
        <Text size="lg">{t('users.lead')}</Text>
      </Stack>
      {notice && <FormAlert tone="success" message={notice} />}
      <Tabs
        value={role ?? 'all'}
        onChange={(value) => state.setFilter('role', value === 'all' ? null : value)}
      >
        <Tabs.List>
          {ROLES.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {value === 'all' ? t('users.all') : t(`users.roles.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <SearchBox label={t('users.search')} value={state.search} onSearch={state.setSearch} />
      {users.data && (
        <Text size="sm" role="status">
          {t('users.count', { total: formatCount(users.data.count, i18n.language) })}
        </Text>
      )}
      {users.isError ? (
        <QueryError error={users.error} onRetry={() => void users.refetch()} />
      ) : (
        <AdminTable
          label={t('users.title')}
          records={users.data?.results}
          count={users.data?.count ?? 0}
          fetching={users.isFetching}
          columns={columns}
          state={state}
        />
      )}
      <AdminDialog
        opened={open !== null}
        title={t('users.detailTitle')}
        onClose={() => setOpen(null)}
        size="xl"
      >
        {open && <UserDetail key={open.id} id={open.id} onNotice={setNotice} />}
      </AdminDialog>
    </Stack>
  );
}
