import '@mantine/core/styles/Anchor.layer.css';
import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { Ticket } from '@hafla/shared/bookings/bookings';
import { ATTENDED_TICKET_STATES, isIn } from '@hafla/shared/bookings/states';
import { EmptyState } from '../../../components/empty-state';
import { FormAlert } from '../../../components/form-alert';
import { NotFound } from '../../../components/not-found';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { isNotFoundError } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { usePageMeta } from '../../../lib/page-meta';
import { parseId, useEventTickets } from '../api/get-tickets';
import {
  CancelTicketsDialog,
  type CancelScope,
  type Refunded,
} from '../components/cancel-tickets-dialog';
import { EventCancelledBanner } from '../components/event-cancelled-banner';
import { RatingSection } from '../components/rating-form';
import { isRefundable, TicketDetails, useSlotText } from '../components/ticket-details';
import { TicketIcon } from '../components/ticket-icon';
import classes from '../components/tickets.module.css';

/** Someone held a ticket to a slot of this event that is over: they may rate it. */
function hasAttended(tickets: readonly Ticket[], now: number): boolean {
  return tickets.some(
    (ticket) =>
      isIn(ATTENDED_TICKET_STATES, ticket.status) && Date.parse(ticket.event_date.end) < now,
  );
}

interface DateGroup {
  date: Ticket['event_date'];
  tickets: Ticket[];
}

/** The loaded tickets by date, in the list's order (by slot start): one group per night. */
export function groupByDate(tickets: readonly Ticket[]): DateGroup[] {
  const groups = new Map<number, DateGroup>();
  for (const ticket of tickets) {
    const group = groups.get(ticket.event_date.id);
    if (group) group.tickets.push(ticket);
    else groups.set(ticket.event_date.id, { date: ticket.event_date, tickets: [ticket] });
  }
  return [...groups.values()].sort(
    (a, b) => Date.parse(a.date.start) - Date.parse(b.date.start) || a.date.id - b.date.id,
  );
}

function TicketsOfEvent({ eventId }: { eventId: number }) {
  const { t, i18n } = useTranslation(['tickets', 'common']);
  const slotText = useSlotText();
  const tickets = useEventTickets(eventId);
  const [cancelScope, setCancelScope] = useState<CancelScope | null>(null);
  const [refunded, setRefunded] = useState<Refunded | null>(null);
  // The clock as the page opened: what may be cancelled or rated does not flicker while it is open.
  const [now] = useState(() => Date.now());
  const results = tickets.data?.pages.flatMap((page) => page.results) ?? [];
  const total = tickets.data?.pages[0]?.count ?? 0;
  const event = results[0]?.event ?? null;
  usePageMeta({
    title: event ? t('myTickets.meta.title', { title: event.title }) : t('myTickets.meta.fallback'),
    description: t('myTickets.meta.description'),
    keywords: t('myTickets.meta.keywords'),
    siteName: t('common:app.name'),
  });

  if (tickets.isPending) return <PageLoader />;
  if (tickets.isError) {
    if (isNotFoundError(tickets.error)) return <NotFound />;
    return <QueryError error={tickets.error} onRetry={() => void tickets.refetch()} />;
  }
  if (!event) {
    return (
      <Stack gap="lg">
        <Title order={1}>{t('myTickets.meta.fallback')}</Title>
        <EmptyState
          icon={<TicketIcon size={32} />}
          title={t('myTickets.empty.title')}
          text={t('myTickets.empty.text')}
          action={
            <Button component={Link} to="/user/tickets" mt="xs">
              {t('myTickets.empty.action')}
            </Button>
          }
        />
      </Stack>
    );
  }

  const groups = groupByDate(results);

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Anchor component={Link} to="/user/tickets" size="sm">
          {t('myTickets.back')}
        </Anchor>
        <Title order={1}>
          <span dir="auto">{event.title}</span>
        </Title>
        <Text>
          {event.is_online ? t('reserved.online') : <span dir="auto">{event.venue_name}</span>}
          {' · '}
          {/* A link inside a sentence is underlined (axe: link-in-text-block). */}
          <Anchor component={Link} to={`/events/${event.id}`} underline="always">
            {t('myTickets.eventPage')}
          </Anchor>
        </Text>
      </Stack>
      <EventCancelledBanner tickets={results} />
      {refunded && (
        <FormAlert
          tone="success"
          title={t('cancel.done.title')}
          message={t('cancel.done.text', {
            count: refunded.tickets,
            amount: formatMoney(refunded.amount, refunded.currency, i18n.language),
          })}
        />
      )}
      {hasAttended(results, now) && <RatingSection eventId={event.id} />}
      <section aria-labelledby="my-tickets">
        <Stack gap="md">
          <Title order={2} id="my-tickets">
            {t('myTickets.heading', { count: total })}
          </Title>
          {groups.map((group) => {
            const headingId = `my-tickets-date-${group.date.id}`;
            const isComing = Date.parse(group.date.start) > now;
            const when = slotText(group.date, event.timezone);
            return (
              <section key={group.date.id} aria-labelledby={headingId}>
                <Stack gap="md">
                  <div className={classes.dateHeader}>
                    <Stack gap={0}>
                      <Title order={3} size="h4" id={headingId}>
                        {when}
                      </Title>
                      <Text size="sm" c="dimmed">
                        {t('reserved.tickets', { count: group.tickets.length })}
                      </Text>
                    </Stack>
                    {isComing && group.tickets.some(isRefundable) && (
                      <Button
                        variant="outline"
                        color="red.9"
                        aria-label={t('myTickets.cancelDate', { date: when })}
                        onClick={() => {
                          setRefunded(null);
                          setCancelScope({ kind: 'date', date: group.date });
                        }}
                      >
                        {t('myTickets.cancelAll')}
                      </Button>
                    )}
                  </div>
                  <ul className={classes.list}>
                    {group.tickets.map((ticket) => (
                      <li key={ticket.id}>
                        <TicketDetails
                          ticket={ticket}
                          onCancel={
                            isComing
                              ? () => {
                                  setRefunded(null);
                                  setCancelScope({
                                    kind: 'ticket',
                                    booking: ticket.booking,
                                    ticket: ticket.id,
                                  });
                                }
                              : undefined
                          }
                        />
                      </li>
                    ))}
                  </ul>
                </Stack>
              </section>
            );
          })}
          <Text size="sm" c="dimmed" ta="center">
            {t('myTickets.shown', { shown: results.length, count: total })}
          </Text>
          {tickets.hasNextPage && (
            <div className={classes.more}>
              <Button
                variant="default"
                loading={tickets.isFetchingNextPage}
                onClick={() => void tickets.fetchNextPage()}
              >
                {t('myTickets.more')}
              </Button>
            </div>
          )}
        </Stack>
      </section>
      <CancelTicketsDialog
        eventId={event.id}
        timezone={event.timezone}
        scope={cancelScope}
        onClose={() => setCancelScope(null)}
        onRefunded={(result) => {
          setCancelScope(null);
          setRefunded(result);
        }}
      />
    </Stack>
  );
}

/** `/user/myTickets/:eventId`: the reader's tickets to one event, four at a time. */
export function MyTicketsPage() {
  const eventId = parseId(useParams().eventId);
  if (eventId === null) return <NotFound />;
  return <TicketsOfEvent key={eventId} eventId={eventId} />;
}
