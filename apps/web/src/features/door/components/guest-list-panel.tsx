import { NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { GuestTicket } from '@hafla/shared/door/guest-list';
import type { EventDetail } from '@hafla/shared/events/discovery';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { formatDateTime } from '../../../lib/format';
import type { UseQueryResult } from '@tanstack/react-query';
import { GUEST_PAGE_SIZE } from '../api/guest-list';
import type { GuestListAnswer } from '../api/guest-list';
import { GUEST_TICKET_STATES } from '@hafla/shared/bookings/states';
import classes from './door.module.css';
import { GuestRow } from './guest-row';
import { Pager } from './pager';

const SEARCH_DELAY_MS = 350;

export interface GuestListPanelProps {
  list: UseQueryResult<GuestListAnswer>;
  event: EventDetail | undefined;
  timeZone: string;
  page: number;
  canApprove: boolean;
  isOnline: boolean;
  busyTicket: number | null;
  onCheckIn: (guest: GuestTicket) => void;
  onApprove: (guest: GuestTicket) => void;
  onReject: (guest: GuestTicket) => void;
  onUndo: (guest: GuestTicket) => void;
}

/** Filters live in the address, so a reload or a shared link shows the same page of guests. */
function useFilterParam() {
  const [, setSearchParams] = useSearchParams();
  return (name: string, value: string) =>
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        if (value) next.set(name, value);
        else next.delete(name);
        if (name !== 'page') next.delete('page');
        return next;
      },
      { replace: true },
    );
}

export function GuestListPanel({
  list,
  event,
  timeZone,
  page,
  canApprove,
  isOnline,
  busyTicket,
  onCheckIn,
  onApprove,
  onReject,
  onUndo,
}: GuestListPanelProps) {
  const { t, i18n } = useTranslation('door');
  const [searchParams] = useSearchParams();
  const setFilter = useFilterParam();
  const search = searchParams.get('search') ?? '';
  const [searchText, setSearchText] = useState(search);

  // The address follows the search box after a pause, so each keystroke is not a request.
  useEffect(() => {
    if (searchText.trim() === search) return;
    const timer = setTimeout(() => setFilter('search', searchText.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, searchText, setFilter]);

  const stateOptions = [
    { value: '', label: t('guests.filters.anyState') },
    ...GUEST_TICKET_STATES.map((state) => ({
      value: state,
      label: t(`guests.state.${state}`),
    })),
  ];

  let body;
  if (list.isPending) body = <PageLoader />;
  else if (list.isError && !isOnline) body = <Text role="status">{t('guests.offlineList')}</Text>;
  else if (list.isError) {
    body = <QueryError error={list.error} onRetry={() => void list.refetch()} />;
  } else {
    const { count, results } = list.data;
    const pages = Math.max(1, Math.ceil(count / GUEST_PAGE_SIZE));
    const isFiltered = [...searchParams.keys()].some((key) => key !== 'mode' && key !== 'page');
    body =
      results.length === 0 ? (
        <Text fw={700} size="lg" py="md">
          {isFiltered ? t('guests.noMatches') : t('guests.empty')}
        </Text>
      ) : (
        <Stack gap="sm">
          <Text size="sm" role="status">
            {t('guests.results', { count })}
          </Text>
          <ul className={classes.list} aria-busy={list.isFetching || undefined}>
            {results.map((guest) => (
              <GuestRow
                key={guest.id}
                guest={guest}
                timeZone={timeZone}
                canApprove={canApprove}
                isBusy={busyTicket === guest.id}
                onCheckIn={onCheckIn}
                onApprove={onApprove}
                onReject={onReject}
                onUndo={onUndo}
              />
            ))}
          </ul>
          <Pager
            page={page}
            pages={pages}
            label={t('guests.pagination')}
            onPage={(next) => setFilter('page', next > 1 ? String(next) : '')}
          />
        </Stack>
      );
  }

  return (
    <Stack gap="md">
      <TextInput
        type="search"
        label={t('guests.search')}
        description={t('guests.searchHint')}
        value={searchText}
        onChange={(change) => setSearchText(change.currentTarget.value)}
      />
      <div className={classes.filters}>
        <NativeSelect
          label={t('guests.filters.state')}
          value={searchParams.get('state') ?? ''}
          onChange={(change) => setFilter('state', change.currentTarget.value)}
          data={stateOptions}
        />
        {event && event.ticket_categories.length > 1 && (
          <NativeSelect
            label={t('guests.filters.category')}
            value={searchParams.get('category') ?? ''}
            onChange={(change) => setFilter('category', change.currentTarget.value)}
            data={[
              { value: '', label: t('guests.filters.anyCategory') },
              ...event.ticket_categories.map((category) => ({
                value: String(category.id),
                label: category.name,
              })),
            ]}
          />
        )}
        {event && event.dates.length > 1 && (
          <NativeSelect
            label={t('guests.filters.date')}
            value={searchParams.get('date') ?? ''}
            onChange={(change) => setFilter('date', change.currentTarget.value)}
            data={[
              { value: '', label: t('guests.filters.anyDate') },
              ...event.dates.map((slot) => ({
                value: String(slot.id),
                label: formatDateTime(slot.start, timeZone, i18n.language),
              })),
            ]}
          />
        )}
      </div>
      {body}
    </Stack>
  );
}
