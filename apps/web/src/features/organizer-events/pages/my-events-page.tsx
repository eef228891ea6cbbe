import '@mantine/core/styles/Tabs.layer.css';
import { Button, Group, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Event, EventStatus } from '@hafla/shared/events/events';
import { FormAlert } from '../../../components/form-alert';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { dayKey, formatDateTime, formatPriceRange } from '../../../lib/format';
import { usePageMeta } from '../../../lib/page-meta';
import { MY_EVENTS_PAGE_SIZE, useMyEvents } from '../api/get-my-events';
import { useDeleteEvent, useDuplicateEvent } from '../api/remove-event-parts';
import { ConfirmDeleteDialog } from '../components/confirm-delete-dialog';
import { EventStatusBadge } from '../components/event-status-badge';
import { PublishCounter } from '../components/publish-counter';
import classes from '../components/organizer.module.css';
import { editEventPath } from '../lib/event-steps';
import { splitApiErrors } from '../../../lib/use-form';
import { isolate } from '../../../lib/bidi';

const STATUS_TABS = ['all', 'draft', 'published', 'ended', 'cancelled'] as const;
type StatusTab = (typeof STATUS_TABS)[number];

const SEARCH_DELAY_MS = 350;

function isStatusTab(value: string | null): value is StatusTab {
  return (STATUS_TABS as readonly (string | null)[]).includes(value);
}

function EventWhen({ event }: { event: Event }) {
  const { t, i18n } = useTranslation('organizer');
  const { first_start: first, last_end: last, timezone } = event;
  if (!first || !last) return <>{t('list.noDates')}</>;
  const language = i18n.language;
  // Written like a range's ends ("7 Dec 2026"), with the time when it is one day.
  const day = { day: 'numeric', month: 'short', year: 'numeric' } as const;
  const dayAndTime = { ...day, hour: 'numeric', minute: '2-digit' } as const;
  if (dayKey(first, timezone) === dayKey(last, timezone)) {
    return <>{formatDateTime(first, timezone, language, dayAndTime)}</>;
  }
  return (
    <>
      {t('list.between', {
        from: formatDateTime(first, timezone, language, day),
        until: formatDateTime(last, timezone, language, day),
      })}
    </>
  );
}

function EventCard({ event, onDelete }: { event: Event; onDelete: (event: Event) => void }) {
  const { t, i18n } = useTranslation('organizer');
  const navigate = useNavigate();
  const duplicate = useDuplicateEvent();
  const [duplicateError, setDuplicateError] = useState<string | null>(null);
  const price = formatPriceRange(event.price_min, event.price_max, event.currency, i18n.language, {
    free: t('tickets.freeLabel'),
  });
  return (
    <li className={classes.card}>
      <article className={classes.eventCard} aria-labelledby={`event-${event.id}-title`}>
        {event.cover ? (
          <img className={classes.eventThumb} src={event.cover} alt="" loading="lazy" />
        ) : (
          <div className={classes.eventThumb} aria-hidden="true" />
        )}
        <Stack gap={6} miw={0}>
          <Group gap="xs" align="center" justify="space-between" wrap="wrap">
            <Title
              order={2}
              size="h4"
              id={`event-${event.id}-title`}
              className={classes.eventTitle}
            >
              {event.title}
            </Title>
            <EventStatusBadge status={event.status} />
          </Group>
          <Text size="sm">
            <EventWhen event={event} />
          </Text>
          <Text size="sm" c="dimmed">
            {[
              price ?? t('list.noPrice'),
              t('list.slots', { count: event.dates_count }),
              t('list.categories', { count: event.ticket_categories_count }),
            ].join(' · ')}
          </Text>
        </Stack>
        <Group gap="xs" className={classes.eventActions}>
          <Button
            component={Link}
            to={editEventPath(event.id)}
            variant="light"
            aria-label={t('list.editNamed', { title: event.title })}
          >
            {t('actions.edit')}
          </Button>
          {(event.status === 'published' || event.status === 'ended') && (
            <Button
              component={Link}
              to={`/organizer/events/${event.id}/guestList`}
              variant="light"
              aria-label={t('list.guestListNamed', { title: event.title })}
            >
              {t('list.guestList')}
            </Button>
          )}
          {(event.status === 'published' || event.status === 'ended') && (
            <Button
              component={Link}
              to={`/events/${event.id}`}
              variant="subtle"
              aria-label={t('list.viewNamed', { title: event.title })}
            >
              {t('list.view')}
            </Button>
          )}
          <Button
            variant="subtle"
            loading={duplicate.isPending}
            aria-label={t('list.duplicateNamed', { title: event.title })}
            onClick={() => {
              setDuplicateError(null);
              duplicate.mutate(event.id, {
                onSuccess: (copy) => void navigate(editEventPath(copy.id)),
                onError: (failure) => setDuplicateError(splitApiErrors(failure, []).message),
              });
            }}
          >
            {t('list.duplicate')}
          </Button>
          {event.status === 'draft' && (
            <Button
              variant="subtle"
              color="red.9"
              c="red.9"
              aria-label={t('list.deleteNamed', { title: event.title })}
              onClick={() => onDelete(event)}
            >
              {t('actions.delete')}
            </Button>
          )}
        </Group>
      </article>
      <FormAlert message={duplicateError} />
    </li>
  );
}

function EventResults({
  status,
  search,
  page,
}: {
  status: StatusTab;
  search: string;
  page: number;
}) {
  const { t } = useTranslation('organizer');
  const [, setSearchParams] = useSearchParams();
  const [deleting, setDeleting] = useState<Event | null>(null);
  const [deleted, setDeleted] = useState<string | null>(null);
  const remove = useDeleteEvent();
  // After a delete the event's card is gone: focus goes to the count of what is left.
  const countText = useRef<HTMLParagraphElement>(null);
  const events = useMyEvents({
    status: status === 'all' ? undefined : (status as EventStatus),
    search,
    offset: (page - 1) * MY_EVENTS_PAGE_SIZE,
  });

  if (events.isPending) return <PageLoader />;
  if (events.isError) {
    return <QueryError error={events.error} onRetry={() => void events.refetch()} />;
  }
  const { count, results } = events.data;
  const pages = Math.max(1, Math.ceil(count / MY_EVENTS_PAGE_SIZE));

  function goTo(nextPage: number) {
    setSearchParams((params) => {
      const next = new URLSearchParams(params);
      if (nextPage > 1) next.set('page', String(nextPage));
      else next.delete('page');
      return next;
    });
  }

  if (results.length === 0) {
    return (
      <Stack className={classes.card} align="flex-start" gap="sm" py="xl">
        <Text fw={700} size="lg">
          {search ? t('list.noMatches') : t(`list.empty.${status}`)}
        </Text>
        {!search && status === 'all' && (
          <>
            <Text>{t('list.emptyLead')}</Text>
            <Button component={Link} to="/organizer/events/new">
              {t('list.createFirst')}
            </Button>
          </>
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      {deleted && <FormAlert tone="success" message={deleted} />}
      <Text size="sm" c="dimmed" role="status" ref={countText} tabIndex={-1}>
        {t('list.count', { count })}
      </Text>
      <ul className={classes.eventList}>
        {results.map((event) => (
          <EventCard
            key={event.id}
            event={event}
            onDelete={(chosen) => {
              setDeleted(null);
              setDeleting(chosen);
            }}
          />
        ))}
      </ul>
      <ConfirmDeleteDialog
        opened={deleting !== null}
        title={t('list.deleteTitle')}
        text={deleting ? t('list.deleteText', { title: isolate(deleting.title) }) : ''}
        onConfirm={() => (deleting ? remove.mutateAsync(deleting.id) : Promise.resolve())}
        onDeleted={() => {
          if (deleting) setDeleted(t('list.deleted', { title: isolate(deleting.title) }));
          setDeleting(null);
          requestAnimationFrame(() => countText.current?.focus());
        }}
        onClose={() => setDeleting(null)}
      />
      {pages > 1 && (
        <nav aria-label={t('list.pagination')}>
          <Group justify="space-between">
            <Button variant="default" disabled={page <= 1} onClick={() => goTo(page - 1)}>
              {t('list.previous')}
            </Button>
            <Text>{t('list.pageOf', { page, pages })}</Text>
            <Button variant="default" disabled={page >= pages} onClick={() => goTo(page + 1)}>
              {t('list.next')}
            </Button>
          </Group>
        </nav>
      )}
    </Stack>
  );
}

export function MyEventsPage() {
  const { t } = useTranslation(['organizer', 'common']);
  const [searchParams, setSearchParams] = useSearchParams();
  const requestedStatus = searchParams.get('status');
  const status: StatusTab = isStatusTab(requestedStatus) ? requestedStatus : 'all';
  const search = searchParams.get('search') ?? '';
  const page = Math.max(1, Number.parseInt(searchParams.get('page') ?? '1', 10) || 1);
  const [searchText, setSearchText] = useState(search);
  usePageMeta({
    title: t('list.meta.title'),
    description: t('list.meta.description'),
    keywords: t('list.meta.keywords'),
    siteName: t('common:app.name'),
  });

  // The URL follows the search box after a pause, so each keystroke is not a request.
  useEffect(() => {
    if (searchText.trim() === search) return;
    const timer = setTimeout(() => {
      setSearchParams(
        (params) => {
          const next = new URLSearchParams(params);
          if (searchText.trim()) next.set('search', searchText.trim());
          else next.delete('search');
          next.delete('page');
          return next;
        },
        { replace: true },
      );
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchText, search, setSearchParams]);

  function selectStatus(value: string | null) {
    setSearchParams((params) => {
      const next = new URLSearchParams(params);
      if (value && value !== 'all') next.set('status', value);
      else next.delete('status');
      next.delete('page');
      return next;
    });
  }

  return (
    <Stack gap="lg" className={classes.page}>
      <div className={classes.pageHeader}>
        <Stack gap="xs">
          <Title order={1}>{t('list.heading')}</Title>
          <Text size="lg">{t('list.lead')}</Text>
        </Stack>
        <Group gap="sm">
          <Button component={Link} to="/organizer/ushers" size="md" variant="default">
            {t('list.ushers')}
          </Button>
          <Button component={Link} to="/organizer/events/new" size="md">
            {t('list.create')}
          </Button>
        </Group>
      </div>
      <PublishCounter />
      <form
        role="search"
        aria-label={t('list.search')}
        onSubmit={(submitEvent) => submitEvent.preventDefault()}
      >
        <TextInput
          type="search"
          label={t('list.search')}
          placeholder={t('list.searchPlaceholder')}
          value={searchText}
          onChange={(changeEvent) => setSearchText(changeEvent.currentTarget.value)}
          maw={480}
          enterKeyHint="search"
        />
      </form>
      <Tabs value={status} onChange={selectStatus} keepMounted={false}>
        <Tabs.List>
          {STATUS_TABS.map((tab) => (
            <Tabs.Tab key={tab} value={tab}>
              {t(`list.tabs.${tab}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {STATUS_TABS.map((tab) => (
          <Tabs.Panel key={tab} value={tab} pt="md">
            <EventResults status={tab} search={search} page={page} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
