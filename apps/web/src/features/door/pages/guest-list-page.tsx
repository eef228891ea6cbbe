import '@mantine/core/styles/Anchor.layer.css';
// The control's indicator is a FloatingIndicator: without its styles it sits beside the choice.
import '@mantine/core/styles/FloatingIndicator.layer.css';
import '@mantine/core/styles/SegmentedControl.layer.css';
import { Anchor, Button, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import type { GuestTicket } from '@hafla/shared/door/guest-list';
import type { User } from '@hafla/shared/auth/users';
import { FormAlert } from '../../../components/form-alert';
import { NotFound } from '../../../components/not-found';
import { isNotFoundError } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download';
import { formatDateTime } from '../../../lib/format';
import { usePageMeta } from '../../../lib/page-meta';
import { guestListKeyOf } from '../../../lib/realtime-refetch';
import { useSignedInUser } from '../../../lib/session';
import { errorText } from '../lib/error-text';
import { parseEventId, useEvent } from '../../events/api/get-event';
import {
  getAllGuests,
  NothingToUndo,
  useApproveReject,
  useGuestList,
  useUndoCheckIn,
} from '../api/guest-list';
import type { GuestListFilters } from '../api/guest-list';
import { useUsherEvents } from '../api/ushers';
import { DoorConflicts, DoorStatus } from '../components/door-status';
import classes from '../components/door.module.css';
import { GuestListPanel } from '../components/guest-list-panel';
import { ConfirmDialog } from '../components/reject-dialog';
import { ScanResult } from '../components/scan-result';
import { ScannerPanel } from '../components/scanner-panel';
import { toCsv } from '../lib/csv';
import type { ScanOutcome } from '../lib/door-sync';
import { playVerdict, unlockAudio } from '../lib/feedback';
import { checkedInCount, verdictOf } from '../lib/offline-door';
import { GUEST_TICKET_STATES, isIn } from '@hafla/shared/bookings/states';
import { registerDoorServiceWorker } from '../lib/service-worker';
import { deviceId, useDoor } from '../lib/use-door';

function positiveId(value: string | null): number | undefined {
  return parseEventId(value) ?? undefined;
}

function useFilters(): { filters: GuestListFilters; page: number } {
  const [params] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const state = params.get('state');
  return {
    page,
    filters: {
      search: params.get('search') ?? undefined,
      state: isIn(GUEST_TICKET_STATES, state) ? state : undefined,
      ticket_category: positiveId(params.get('category')),
      event_date: positiveId(params.get('date')),
      offset: (page - 1) * 10,
    },
  };
}

/** The page follows the browser's zone until the event's own has loaded. */
const LOCAL_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

function GuestListScreen({ eventId, user }: { eventId: number; user: User }) {
  const { t } = useTranslation(['door', 'common']);
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const mode = searchParams.get('mode') === 'scan' ? 'scan' : 'list';
  const { filters, page } = useFilters();
  const event = useEvent(eventId);
  const list = useGuestList(eventId, filters);
  const door = useDoor(eventId, user);
  const approveReject = useApproveReject(eventId);
  const undoCheckIn = useUndoCheckIn(eventId);
  const [listOutcome, setListOutcome] = useState<ScanOutcome | null>(null);
  const [busyTicket, setBusyTicket] = useState<number | null>(null);
  const [rejecting, setRejecting] = useState<GuestTicket | null>(null);
  const [notice, setNotice] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [isExporting, setIsExporting] = useState(false);

  useEffect(registerDoorServiceWorker, []);

  const isOrganizer = list.data?.is_organizer ?? false;
  const usherEvents = useUsherEvents(list.isSuccess && !isOrganizer && !list.data.role);
  const role =
    list.data?.role ??
    (isOrganizer
      ? 'organizer'
      : usherEvents.data?.results.find((item) => item.id === eventId)?.role);
  const canApprove = role === 'organizer' || role === 'supervisor';
  const timeZone = event.data?.timezone ?? LOCAL_ZONE;
  const title = event.data?.title;

  usePageMeta({
    title: title ? t('guests.meta.title', { title }) : t('guests.meta.fallbackTitle'),
    description: t('guests.meta.description'),
    keywords: t('guests.meta.keywords'),
    siteName: t('common:app.name'),
  });

  const refreshList = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: guestListKeyOf(eventId) }),
    [eventId, queryClient],
  );

  async function checkIn(guest: GuestTicket) {
    unlockAudio();
    setBusyTicket(guest.id);
    setNotice(null);
    try {
      const outcome = await door.scan(guest.short_code, undefined);
      setListOutcome(outcome);
      playVerdict(verdictOf(outcome.result));
      refreshList();
    } catch (failure) {
      setNotice({ tone: 'error', text: errorText(failure) });
    } finally {
      setBusyTicket(null);
    }
  }

  function decide(guest: GuestTicket, action: 'approve' | 'reject', reason = '') {
    setNotice(null);
    setBusyTicket(guest.id);
    approveReject.mutate(
      { ticketId: guest.id, action, ...(reason ? { reason } : {}) },
      {
        onSuccess: () => {
          setRejecting(null);
          setNotice({
            tone: 'success',
            text: t(action === 'approve' ? 'guests.approved' : 'guests.rejected', {
              name: guest.holder_name,
            }),
          });
        },
        onError: (failure) => {
          if (action === 'approve') {
            setNotice({ tone: 'error', text: errorText(failure) });
          }
        },
        onSettled: () => setBusyTicket(null),
      },
    );
  }

  function undo(guest: GuestTicket) {
    setNotice(null);
    setBusyTicket(guest.id);
    undoCheckIn.mutate(
      { ticketId: guest.id, device: deviceId() },
      {
        onSuccess: () =>
          setNotice({ tone: 'success', text: t('guests.undone', { name: guest.holder_name }) }),
        onError: (failure) =>
          setNotice({
            tone: 'error',
            text: failure instanceof NothingToUndo ? t('guests.nothingToUndo') : errorText(failure),
          }),
        onSettled: () => setBusyTicket(null),
      },
    );
  }

  async function exportCsv() {
    setIsExporting(true);
    setNotice(null);
    try {
      const { offset: _offset, ...rest } = filters;
      const guests = await getAllGuests(eventId, rest);
      const when = (iso: string | null) =>
        iso ? formatDateTime(iso, timeZone, 'en', { dateStyle: 'short', timeStyle: 'short' }) : '';
      const header = [
        'ticket',
        'shortCode',
        'holder',
        'email',
        'phone',
        'booking',
        'category',
        'date',
        'state',
        'checkedInAt',
        'checkedInBy',
      ] as const;
      const csv = toCsv([
        header.map((column) => t(`guests.csv.${column}`)),
        ...guests.map((guest) => [
          guest.id,
          guest.short_code,
          guest.holder_name,
          guest.holder_email,
          guest.holder_phone,
          guest.booking,
          guest.ticket_category.name,
          when(guest.event_date.start),
          t(`guests.state.${guest.state}`),
          when(guest.checked_in_at),
          guest.checked_in_by?.name ?? '',
        ]),
      ]);
      saveBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), `guests-event-${eventId}.csv`);
    } catch {
      setNotice({ tone: 'error', text: t('guests.exportFailed') });
    } finally {
      setIsExporting(false);
    }
  }

  if (list.isError && isNotFoundError(list.error)) {
    return (
      <Stack gap="md" py="xl" align="flex-start">
        <Title order={1}>{t('guests.heading')}</Title>
        <Text size="lg" role="alert">
          {t('guests.notFound')}
        </Text>
      </Stack>
    );
  }

  const counts = list.data?.counts;
  const rejectError = rejecting && approveReject.isError ? errorText(approveReject.error) : null;

  return (
    <Stack gap="lg">
      <div className={classes.pageHeader}>
        <Stack gap={4}>
          <Title order={1}>{t('guests.heading')}</Title>
          {title && (
            <Anchor component={Link} to={`/events/${eventId}`} fw={700} size="lg" dir="auto">
              {title}
            </Anchor>
          )}
        </Stack>
        {isOrganizer && (
          <Button variant="default" onClick={() => void exportCsv()} loading={isExporting}>
            {t('guests.export')}
          </Button>
        )}
      </div>

      <DoorStatus door={door} timeZone={timeZone} />

      <section aria-label={t('guests.counts.label')}>
        <dl className={classes.counts}>
          <div>
            <dt>{t('guests.counts.checkedIn')}</dt>
            <dd data-testid="count-checked-in">
              {counts
                ? checkedInCount(counts.checked_in, door.queuedCheckIns, filters.event_date)
                : door.stored.checkedIn}
            </dd>
          </div>
          <div>
            <dt>{t('guests.counts.total')}</dt>
            <dd data-testid="count-total">{counts?.total ?? door.stored.total}</dd>
          </div>
          {(counts?.pending_approval ?? 0) > 0 && (
            <div>
              <dt>{t('guests.counts.pending')}</dt>
              <dd>{counts?.pending_approval}</dd>
            </div>
          )}
        </dl>
        {!counts && door.stored.total > 0 && (
          <Text size="sm" mt={4}>
            {t('guests.counts.onDevice')}
          </Text>
        )}
      </section>

      <SegmentedControl
        aria-label={t('guests.modes.label')}
        value={mode}
        onChange={(value) =>
          setSearchParams(
            (params) => {
              const next = new URLSearchParams(params);
              if (value === 'scan') next.set('mode', 'scan');
              else next.delete('mode');
              return next;
            },
            { replace: true },
          )
        }
        data={[
          { value: 'list', label: t('guests.modes.list') },
          { value: 'scan', label: t('guests.modes.scan') },
        ]}
        size="md"
        fullWidth
        maw={480}
      />

      {notice && <FormAlert tone={notice.tone} message={notice.text} />}
      <DoorConflicts door={door} timeZone={timeZone} />

      {mode === 'scan' ? (
        <ScannerPanel
          door={door}
          dates={event.data?.dates ?? []}
          timeZone={timeZone}
          onScanned={refreshList}
        />
      ) : (
        <GuestListPanel
          list={list}
          event={event.data}
          timeZone={timeZone}
          page={page}
          canApprove={canApprove}
          isOnline={door.isOnline}
          busyTicket={busyTicket}
          onCheckIn={(guest) => void checkIn(guest)}
          onApprove={(guest) => decide(guest, 'approve')}
          onReject={(guest) => {
            approveReject.reset();
            setRejecting(guest);
          }}
          onUndo={undo}
        />
      )}

      {listOutcome && (
        <ScanResult outcome={listOutcome} timeZone={timeZone} onDone={() => setListOutcome(null)} />
      )}
      <ConfirmDialog
        key={rejecting?.id ?? 'none'}
        opened={rejecting !== null}
        title={t('guests.rejectDialog.title')}
        text={t('guests.rejectDialog.text', { name: rejecting?.holder_name ?? '' })}
        reasonLabel={t('guests.rejectDialog.reason')}
        keepLabel={t('guests.rejectDialog.keep')}
        confirmLabel={t('guests.rejectDialog.confirm')}
        closeLabel={t('guests.rejectDialog.close')}
        isPending={approveReject.isPending}
        error={rejectError}
        onClose={() => setRejecting(null)}
        onConfirm={(reason) => rejecting && decide(rejecting, 'reject', reason)}
      />
    </Stack>
  );
}

/** `/organizer/events/:id/guestList`, for the event's organizer and its ushers. */
export function GuestListPage() {
  const { id } = useParams();
  const user = useSignedInUser();
  const eventId = parseEventId(id);
  if (eventId === null) return <NotFound />;
  return <GuestListScreen key={eventId} eventId={eventId} user={user} />;
}
