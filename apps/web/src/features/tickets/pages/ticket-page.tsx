import '@mantine/core/styles/Anchor.layer.css';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { NotFound } from '../../../components/not-found';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { isNotFoundError } from '../../../lib/api-client';
import { usePageMeta } from '../../../lib/page-meta';
import { parseId, useTicket } from '../api/get-tickets';
import { AddToCalendar, calendarLocation } from '../../../components/add-to-calendar';
import { EventCancelledBanner } from '../components/event-cancelled-banner';
import { TicketDetails } from '../components/ticket-details';
import { isActiveTicket } from '../components/ticket-status';

function OneTicket({ ticketId }: { ticketId: number }) {
  const { t } = useTranslation(['tickets', 'common']);
  const ticket = useTicket(ticketId);
  usePageMeta({
    title: t('ticketPage.meta.title', { id: ticketId }),
    description: t('ticketPage.meta.description'),
    keywords: t('ticketPage.meta.keywords'),
    siteName: t('common:app.name'),
  });
  if (ticket.isPending) return <PageLoader />;
  if (ticket.isError) {
    if (isNotFoundError(ticket.error)) return <NotFound />;
    return <QueryError error={ticket.error} onRetry={() => void ticket.refetch()} />;
  }
  const { event } = ticket.data;
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Anchor component={Link} to={`/user/myTickets/${event.id}`} size="sm">
          {t('ticketPage.back')}
        </Anchor>
        <Title order={1}>
          <span dir="auto">{event.title}</span>
        </Title>
        <Text>
          {event.is_online ? (
            t('reserved.online')
          ) : (
            <>
              <span dir="auto">{event.venue_name}</span>
              {' · '}
              <span dir="auto">{event.address}</span>
            </>
          )}
        </Text>
      </Stack>
      <EventCancelledBanner tickets={[ticket.data]} />
      {isActiveTicket(ticket.data.status) && <Text>{t('ticketPage.lead')}</Text>}
      <TicketDetails ticket={ticket.data} isLarge />
      {isActiveTicket(ticket.data.status) && (
        <AddToCalendar
          icsPath={`/api/v1/tickets/${ticket.data.id}/calendar.ics`}
          fileName={`hafla-ticket-${ticket.data.id}.ics`}
          label={t('calendar.labelTicket', { id: ticket.data.id })}
          event={event}
          entry={{
            title: event.title,
            start: ticket.data.event_date.start,
            end: ticket.data.event_date.end,
            location: calendarLocation(event),
            description: t('ticketPage.calendarNote', { id: ticket.data.id }),
          }}
        />
      )}
    </Stack>
  );
}

/** `/user/tickets/:ticketId`: one ticket, its code large enough to scan from across a desk. */
export function TicketPage() {
  const ticketId = parseId(useParams().ticketId);
  if (ticketId === null) return <NotFound />;
  return <OneTicket key={ticketId} ticketId={ticketId} />;
}
