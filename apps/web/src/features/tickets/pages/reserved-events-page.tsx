import '@mantine/core/styles/Badge.layer.css';
import { Badge, Button, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ReservedEvent } from '@hafla/shared/bookings/bookings';
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

/** Called off, or every ticket given back: the event belongs to the history, not the calendar. */
export function isHistory(event: ReservedEvent): boolean {
  return event.status === 'cancelled' || event.tickets_count === 0;
}

function ReservedEventItem({ event }: { event: ReservedEvent }) {
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
        <Text size="sm">{slotText(event.booked_date, event.timezone)}</Text>
        <Text size="sm" c="dimmed">
          {event.is_online ? t('reserved.online') : <span dir="auto">{event.venue_name}</span>}
        </Text>
        {event.refunded_tickets_count > 0 && (
          <Text size="sm">
            {event.refunded_amount > 0
              ? t('reserved.refunded', {
                  count: event.refunded_tickets_count,
                  amount: formatMoney(event.refunded_amount, event.currency, i18n.language),
                })
              : t('reserved.returned', { count: event.refunded_tickets_count })}
          </Text>
        )}
        <Text size="sm" fw={600}>
          {event.tickets_count > 0
            ? t('reserved.tickets', { count: event.tickets_count })
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

function EventList({ events }: { events: ReservedEvent[] }) {
  return (
    <ul className={classes.events}>
      {events.map((event) => (
        <ReservedEventItem key={event.id} event={event} />
      ))}
    </ul>
  );
}

/** `/user/tickets`: the events the reader holds tickets for, the coming ones first. */
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
  const byStart = (a: ReservedEvent, b: ReservedEvent) =>
    Date.parse(a.booked_date.start) - Date.parse(b.booked_date.start);
  const history = events.filter(isHistory).sort((a, b) => byStart(b, a));
  const held = events.filter((event) => !isHistory(event));
  const upcoming = held.filter((event) => Date.parse(event.booked_date.end) >= now).sort(byStart);
  const past = held.filter((event) => !upcoming.includes(event)).sort((a, b) => byStart(b, a));

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
              <EventList events={upcoming} />
            ) : (
              <Text>{t('reserved.noUpcoming')}</Text>
            )}
          </section>
          {past.length > 0 && (
            <section aria-labelledby="reserved-past">
              <Title order={2} id="reserved-past" mb="md">
                {t('reserved.past', { count: past.length })}
              </Title>
              <EventList events={past} />
            </section>
          )}
          {history.length > 0 && (
            <section aria-labelledby="reserved-history">
              <Title order={2} id="reserved-history" mb="md">
                {t('reserved.history', { count: history.length })}
              </Title>
              <EventList events={history} />
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
