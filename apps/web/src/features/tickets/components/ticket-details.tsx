import '@mantine/core/styles/Badge.layer.css';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Ticket } from '@hafla/shared/bookings/bookings';
import { isIn, REFUNDABLE_TICKET_STATES } from '@hafla/shared/bookings/states';
import { FormAlert } from '../../../components/form-alert';
import { isolate } from '../../../lib/bidi';
import { formatDateTime, formatMoney, formatTime } from '../../../lib/format';
import { formatTimeZone } from '../../../lib/format-time-zone';
import { splitApiErrors } from '../../../lib/use-form';
import { useDownloadTicketPdf } from '../api/download-ticket-pdf';
import { TicketQr } from './ticket-qr';
import { isActiveTicket, TicketStatusBadge } from './ticket-status';
import classes from './tickets.module.css';

const SLOT_DAY: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
};

/** "Sat, 5 Dec 2026 · 19:00 – 22:00" on the event's own clock. */
export function useSlotText() {
  const { t, i18n } = useTranslation('tickets');
  return (slot: { start: string; end: string }, timezone: string) =>
    t('slot', {
      day: formatDateTime(slot.start, timezone, i18n.language, SLOT_DAY),
      start: formatTime(slot.start, timezone, i18n.language),
      end: formatTime(slot.end, timezone, i18n.language),
    });
}

/** "Sat, 5 Dec 2026 · 19:00": a moment (a refund deadline) written like the slots. */
export function useMomentText() {
  const { t, i18n } = useTranslation('tickets');
  return (moment: string, timezone: string) =>
    t('moment', {
      day: formatDateTime(moment, timezone, i18n.language, SLOT_DAY),
      time: formatTime(moment, timezone, i18n.language),
    });
}

/** Tickets the holder may still give back under the refund policy. */
export function isRefundable(ticket: Pick<Ticket, 'status'>): boolean {
  return isIn(REFUNDABLE_TICKET_STATES, ticket.status);
}

export function PdfButton({ ticketId }: { ticketId: number }) {
  const { t } = useTranslation('tickets');
  const download = useDownloadTicketPdf();
  return (
    <Stack gap="xs">
      <Button
        variant="default"
        loading={download.isPending}
        onClick={() => download.mutate(ticketId)}
        aria-label={t('ticket.pdfNamed', { id: ticketId })}
      >
        {t('ticket.pdf')}
      </Button>
      {download.isError && <FormAlert message={splitApiErrors(download.error, []).message} />}
    </Stack>
  );
}

interface TicketDetailsProps {
  ticket: Ticket;
  /** The one-ticket page draws the code larger and names the event. */
  isLarge?: boolean;
  /** Shown on the my-tickets page: a link to the ticket alone, and cancelling this one. */
  onCancel?: () => void;
}

/** One ticket: its QR code while it admits someone, who holds it, when, and what it is. */
export function TicketDetails({ ticket, isLarge = false, onCancel }: TicketDetailsProps) {
  const { t, i18n } = useTranslation('tickets');
  const slotText = useSlotText();
  const zone = ticket.event.timezone;
  const headingId = `ticket-${ticket.id}`;

  return (
    <article className={classes.ticket} aria-labelledby={headingId} data-large={isLarge}>
      <div className={classes.ticketCode}>
        {isActiveTicket(ticket.status) ? (
          <Stack gap={4} align="center">
            <TicketQr
              payload={ticket.qr}
              size={isLarge ? 320 : 240}
              label={t('ticket.qrLabel', { id: ticket.id })}
            />
            {/* Typed at the door when the QR cannot be read. */}
            <Text size="sm" ta="center">
              {t('ticket.shortCode')}{' '}
              <Text span fw={700} ff="monospace" dir="ltr">
                {ticket.short_code}
              </Text>
            </Text>
          </Stack>
        ) : (
          <Text className={classes.voidCode}>{t('ticket.noCode')}</Text>
        )}
      </div>
      <Stack gap="xs" className={classes.ticketText}>
        <Group gap="xs" justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={isLarge ? 2 : 4} size="h4" id={headingId}>
            {t('ticket.heading', { id: ticket.id, category: ticket.ticket_category_name })}
          </Title>
          <TicketStatusBadge status={ticket.status} />
        </Group>
        <dl className={classes.facts}>
          <div>
            <dt>{t('ticket.holder')}</dt>
            <dd>
              {ticket.holder_name ? (
                <span dir="auto">{ticket.holder_name}</span>
              ) : (
                t('ticket.noHolder')
              )}
            </dd>
          </div>
          <div>
            <dt>{t('ticket.when')}</dt>
            <dd>
              {slotText(ticket.event_date, zone)}
              <Text component="span" display="block" size="sm" c="dimmed">
                {t('timeZone', {
                  zone: formatTimeZone(zone, i18n.language, ticket.event_date.start),
                })}
              </Text>
            </dd>
          </div>
          {ticket.seat && (
            <div>
              <dt>{t('ticket.seat')}</dt>
              <dd data-testid="ticket-seat">
                {t('ticket.seatText', {
                  section: isolate(
                    i18n.language === 'ar' ? ticket.seat.section_ar : ticket.seat.section_en,
                  ),
                  row: isolate(ticket.seat.row),
                  seat: isolate(ticket.seat.seat),
                })}
              </dd>
            </div>
          )}
          <div>
            <dt>{t('ticket.paid')}</dt>
            <dd>
              {ticket.price === 0
                ? t('ticket.free')
                : formatMoney(ticket.price, ticket.currency, i18n.language)}
            </dd>
          </div>
          {ticket.refund && (
            <div>
              <dt>{t('ticket.refunded')}</dt>
              <dd>
                {ticket.refund.amount === 0
                  ? t('ticket.refundNothing')
                  : t('ticket.refundAmount', {
                      count: ticket.refund.tickets,
                      amount: formatMoney(
                        ticket.refund.amount,
                        ticket.refund.currency,
                        i18n.language,
                      ),
                      date: formatDateTime(ticket.refund.created_at, zone, i18n.language, {
                        day: 'numeric',
                        month: 'long',
                        year: 'numeric',
                      }),
                    })}
                <Text component="span" display="block" size="sm">
                  {t(`ticket.refundReason.${ticket.refund.reason}`)}
                </Text>
              </dd>
            </div>
          )}
          {ticket.checked_in_at && (
            <div>
              <dt>{t('ticket.checkedIn')}</dt>
              <dd>{formatDateTime(ticket.checked_in_at, zone, i18n.language)}</dd>
            </div>
          )}
        </dl>
        {ticket.status === 'pending_approval' && (
          <Text size="sm">{t('ticket.awaitingApproval')}</Text>
        )}
        <Group gap="sm" mt="xs">
          <PdfButton ticketId={ticket.id} />
          {!isLarge && (
            <Button variant="subtle" component={Link} to={`/user/tickets/${ticket.id}`}>
              {t('ticket.open')}
            </Button>
          )}
          {onCancel && isRefundable(ticket) && (
            // The default variant keeps AA contrast in either colour scheme (axe measured the
            // subtle red below it).
            <Button variant="default" c="red.9" onClick={onCancel}>
              {t('ticket.cancel')}
            </Button>
          )}
        </Group>
      </Stack>
    </article>
  );
}
