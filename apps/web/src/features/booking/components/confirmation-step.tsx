import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import { Anchor, Badge, Button, Group, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Booking, TicketStatus } from '@hafla/shared/bookings/bookings';
import { isIn, ISSUED_TICKET_STATES, REFUNDED_BOOKING_STATES } from '@hafla/shared/bookings/states';
import { FormAlert } from '../../../components/form-alert';
import { CheckIcon } from '../../../components/page-icons';
import { isolate } from '../../../lib/bidi';
import { formatMoney } from '../../../lib/format';
import { useDownloadBookingPdf } from '../api/download-booking-pdf';
import { formatSlot } from '../lib/format-slot';
import { useTicketSeat } from '../lib/use-ticket-seat';
import { AddToCalendar } from '../../../components/add-to-calendar';
import { DownloadIcon } from './icons';
import classes from './booking.module.css';

const STATUS_COLOR: Partial<Record<TicketStatus, string>> = {
  valid: 'green',
  checked_in: 'green',
  pending_approval: 'yellow',
  rejected: 'red',
};

export interface ConfirmationStepProps {
  booking: Booking;
  email: string | null;
  /** The venue and its address (empty online: the calendar file carries the link). */
  location: string;
}

/** Step 6: the booking is paid; the tickets, their pages and the PDF. */
export function ConfirmationStep({ booking, email, location }: ConfirmationStepProps) {
  const { t, i18n } = useTranslation(['booking', 'tickets']);
  const download = useDownloadBookingPdf();
  const seatText = useTicketSeat();
  const names = new Map(booking.items.map((item) => [item.ticket_category, item.name]));
  const needsApproval = booking.tickets.some((ticket) => ticket.status === 'pending_approval');

  return (
    <div className={classes.main}>
      <div className={classes.success}>
        <span className={classes.successIcon}>
          <CheckIcon size={32} />
        </span>
        <Text size="lg" fw={700}>
          {isIn(REFUNDED_BOOKING_STATES, booking.status)
            ? t(`confirmation.status.${booking.status}`)
            : t('confirmation.thanks')}
        </Text>
        <Text>
          {t('confirmation.summary', {
            count: booking.tickets.length,
            event: isolate(booking.event_title),
            date: formatSlot(booking.event_date, booking.timezone, i18n.language),
          })}
        </Text>
        {booking.total > 0 && (
          <Text>
            {t('confirmation.paid', {
              amount: formatMoney(booking.total, booking.currency, i18n.language),
            })}
          </Text>
        )}
        {email && <Text>{t('confirmation.emailed', { email: isolate(email) })}</Text>}
        {needsApproval && <Text fw={600}>{t('confirmation.approval')}</Text>}
      </div>

      <section className={classes.main} aria-labelledby="booking-tickets">
        <Title order={3} id="booking-tickets">
          {t('confirmation.ticketsHeading')}
        </Title>
        <ul className={classes.tickets}>
          {booking.tickets.map((ticket, index) => (
            <li key={ticket.id} className={classes.ticket}>
              <div>
                <Anchor component={Link} to={`/user/tickets/${ticket.id}`} fw={700}>
                  {t('confirmation.ticket', {
                    number: index + 1,
                    name: names.get(ticket.ticket_category) ?? '',
                  })}
                </Anchor>
                {ticket.seat && (
                  <Text size="sm" data-testid="ticket-seat">
                    {seatText(ticket.seat)}
                  </Text>
                )}
                {ticket.holder_name && (
                  <Text size="sm" dir="auto">
                    {ticket.holder_name}
                  </Text>
                )}
              </div>
              <Badge
                variant="light"
                size="lg"
                color={STATUS_COLOR[ticket.status] ?? 'gray'}
                // Mantine's light badge text is too pale on its tint for AA (axe: color-contrast).
                styles={{ label: { color: 'var(--mantine-color-text)' } }}
              >
                {t(`confirmation.ticketStatus.${ticket.status}`)}
              </Badge>
            </li>
          ))}
        </ul>
        <FormAlert message={download.isError ? t('confirmation.downloadFailed') : null} />
        <Group gap="sm">
          <Button
            leftSection={<DownloadIcon />}
            loading={download.isPending}
            onClick={() =>
              download.mutate({
                bookingId: booking.id,
                fileName: t('confirmation.fileName', { id: booking.id }),
              })
            }
          >
            {t('confirmation.download')}
          </Button>
          <Button component={Link} to={`/user/myTickets/${booking.event}`} variant="default">
            {t('confirmation.myTickets')}
          </Button>
        </Group>
        {booking.tickets.some((ticket) => isIn(ISSUED_TICKET_STATES, ticket.status)) && (
          <AddToCalendar
            icsPath={`/api/v1/bookings/${booking.id}/calendar.ics`}
            fileName={`hafla-booking-${booking.id}.ics`}
            label={t('tickets:calendar.labelBooking', { id: booking.id })}
            event={{ id: booking.event, title: booking.event_title }}
            entry={{
              title: booking.event_title,
              start: booking.event_date.start,
              end: booking.event_date.end,
              location,
              description: t('confirmation.calendarNote', { id: booking.id }),
            }}
          />
        )}
      </section>
    </div>
  );
}
