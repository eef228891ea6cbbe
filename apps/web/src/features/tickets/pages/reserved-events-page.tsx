import '@mantine/core/styles/Badge.layer.css';
import { Badge, Button, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ReservedDate, ReservedEvent } from '@hafla/shared/bookings/bookings';
import { EmptyState } from '../../../components/empty-state';
import { EventCover } from '../../../components/event-cover';
import { formatMoney } from '../../../lib/format';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { usePageMeta } from '../../../lib/page-meta';
import { useReservedEvents } from '../api/get-reserved-events';
import { useSlotText } from '../components/ticket-details';
import { TicketIcon } from '../components/ticket-icon';
import classes from '../components/tickets.module.css';

/** One row of the list: the reader's tickets to one date (slot) of an event. */
export interface ReservedRow {
  event: ReservedEvent;
  date: ReservedDate;
}

/**
 * One row per date the reader holds (or held) tickets for, as ticketing sites list one entry
 * per order: two nights of the same event are two rows, each with its own count.
 */
export function reservedRows(events: readonly ReservedEvent[]): ReservedRow[] {
  return events.flatMap((event) => {
    const dates: ReservedDate[] =
      event.dates.length > 0
        ? event.dates
        : [
            {
              date: event.booked_date,
              tickets_count: event.tickets_count,
              refunded_tickets_count: event.refunded_tickets_count,
              refunded_amount: event.refunded_amount,
            },
          ];
    return dates.map((date) => ({ event, date }));
  });
}

/** Called off, or every ticket to the date given back: it belongs to the history, not the calendar. */
export function isHistory({ event, date }: ReservedRow): boolean {
  return event.status === 'cancelled' || date.tickets_count === 0;
}

function ReservedEventItem({ row: { event, date } }: { row: ReservedRow }) {
  const { t, i18n } = useTranslation('tickets');
  const slotText = useSlotText();
  return (
    <li className={classes.event}>
      <EventCover
        cover={event.cover}
        thumbnails={event.cover_thumbnails}
        sizes="6rem"
        categoryId={event.category}
        width={192}
        height={108}
      />
      <Stack gap={4}>
        <Title order={3} size="h4">
          <Link to={`/user/myTickets/${event.id}`} className={classes.eventLink} dir="auto">
            {event.title}
          </Link>
        </Title>
        <Text size="sm">{slotText(date.date, event.timezone)}</Text>
        <Text size="sm" c="dimmed">
          {event.is_online ? t('reserved.online') : <span dir="auto">{event.venue_name}</span>}
        </Text>
        {date.refunded_tickets_count > 0 && (
          <Text size="sm">
            {date.refunded_amount > 0
              ? t('reserved.refunded', {
                  count: date.refunded_tickets_count,
                  amount: formatMoney(date.refunded_amount, event.currency, i18n.language),
                })
              : t('reserved.returned', { count: date.refunded_tickets_count })}
          </Text>
        )}
        <Text size="sm" fw={600}>
          {date.tickets_count > 0
            ? t('reserved.tickets', { count: date.tickets_count })
            : t('reserved.allGivenBack')}
          {event.status === 'cancelled' && (
            <Badge
              ms="xs"
              color="red"
              variant="light"
              styles={{ label: { color: 'var(--mantine-color-text)' } }}
            >
              {t('reserved.cancelled')}
            </Badge>
          )}
        </Text>
      </Stack>
    </li>
  );
}

function EventList({ rows }: { rows: ReservedRow[] }) {
  return (
    <ul className={classes.events}>
      {rows.map((row) => (
        <ReservedEventItem key={`${row.event.id}-${row.date.date.id}`} row={row} />
      ))}
    </ul>
  );
}

/** `/user/tickets`: the dates the reader holds tickets for, one row each, the coming ones first. */
export function ReservedEventsPage() {
  const { t } = useTranslation(['tickets', 'common']);
  const reserved = useReservedEvents();
  const [now] = useState(() => Date.now());
  usePageMeta({
    title: t('reserved.meta.title'),
    description: t('reserved.meta.description'),
    keywords: t('reserved.meta.keywords'),
    siteName: t('common:app.name'),
  });
  const events = reserved.data?.pages.flatMap((page) => page.results) ?? [];
  const rows = reservedRows(events);
  const byStart = (a: ReservedRow, b: ReservedRow) =>
    Date.parse(a.date.date.start) - Date.parse(b.date.date.start);
  const history = rows.filter(isHistory).sort((a, b) => byStart(b, a));
  const held = rows.filter((row) => !isHistory(row));
  const upcoming = held.filter((row) => Date.parse(row.date.date.end) >= now).sort(byStart);
  const past = held.filter((row) => !upcoming.includes(row)).sort((a, b) => byStart(b, a));

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={1}>{t('reserved.heading')}</Title>
        <Text size="lg">{t('reserved.lead')}</Text>
      </Stack>
      {reserved.isPending ? (
        <PageLoader />
      ) : reserved.isError ? (
        <QueryError error={reserved.error} onRetry={() => void reserved.refetch()} />
      ) : events.length === 0 ? (
        <EmptyState
          icon={<TicketIcon size={32} />}
          title={t('reserved.empty.title')}
          text={t('reserved.empty.text')}
          action={
            <Button component={Link} to="/events" mt="xs">
              {t('reserved.empty.action')}
            </Button>
          }
        />
      ) : (
        <>
          <section aria-labelledby="reserved-upcoming">
            <Title order={2} id="reserved-upcoming" mb="md">
              {t('reserved.upcoming', { count: upcoming.length })}
            </Title>
            {upcoming.length > 0 ? (
              <EventList rows={upcoming} />
            ) : (
              <Text>{t('reserved.noUpcoming')}</Text>
            )}
          </section>
          {past.length > 0 && (
            <section aria-labelledby="reserved-past">
              <Title order={2} id="reserved-past" mb="md">
                {t('reserved.past', { count: past.length })}
              </Title>
              <EventList rows={past} />
            </section>
          )}
          {history.length > 0 && (
            <section aria-labelledby="reserved-history">
              <Title order={2} id="reserved-history" mb="md">
                {t('reserved.history', { count: history.length })}
              </Title>
              <EventList rows={history} />
            </section>
          )}
          {reserved.hasNextPage && (
            <div className={classes.more}>
              <Button
                variant="default"
                loading={reserved.isFetchingNextPage}
                onClick={() => void reserved.fetchNextPage()}
              >
                {t('reserved.more')}
              </Button>
            </div>
          )}
        </>
      )}
    </Stack>
  );
}
