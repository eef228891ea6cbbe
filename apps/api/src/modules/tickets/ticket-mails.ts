import { isLanguage, type Language } from '@hafla/shared/common/i18n';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { bookingConfirmedMail, type RefundReason, refundMail } from '../../lib/mail/booking-mails';
import type { Mailer } from '../../lib/mail/mailer';
import { ticketQrKey } from '../../lib/tickets/ticket-code';
import { renderTicketsPdf } from '../../lib/tickets/ticket-pdf';
import * as queries from './queries';
import { toTicketPdfData } from './ticket-views';

/**
 * The tickets module's public surface for booking emails. Payments calls these after its
 * transaction commits; each loads what it needs, renders in the booking's language and hands
 * the message to `mailer.sendLater`. They never reject: a mail that cannot be built is logged,
 * and the payment or refund it reports stands.
 */

export interface TicketMailDeps {
  db: Db;
  mailer: Pick<Mailer, 'sendLater'>;
  config: Pick<Config, 'JWT_SECRET' | 'PUBLIC_URL'>;
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
}

const languageOf = (value: string): Language => (isLanguage(value) ? value : 'en');

function slotOf(row: NonNullable<Awaited<ReturnType<typeof queries.findBookingForMail>>>) {
  return {
    eventTitle: row.event_title,
    timezone: row.timezone,
    start: row.slot_start,
    end: row.slot_end,
    isOnline: row.is_online,
    venueName: row.venue_name,
    address: row.address,
  };
}

async function buildConfirmation(deps: TicketMailDeps, bookingId: number) {
  const row = await queries.findBookingForMail(deps.db, bookingId);
  if (!row) return null;
  const ticketRows = (await queries.findBookingTickets(deps.db, bookingId)).filter((ticket) =>
    queries.ISSUED_STATUSES.includes(ticket.ticket.status),
  );
  if (ticketRows.length === 0) return null;
  const { booking } = row;
  const language = languageOf(booking.language);
  const qrKey = ticketQrKey(deps.config.JWT_SECRET);
  const [lines, pdf] = await Promise.all([
    queries.findBookingLines(deps.db, bookingId),
    renderTicketsPdf({
      language,
      tickets: ticketRows.map((ticket) => toTicketPdfData(ticket, qrKey)),
    }),
  ]);
  const mail = bookingConfirmedMail(
    {
      ...slotOf(row),
      bookingId,
      recipientName: row.first_name,
      lines: lines.map((line) => ({
        name: line.name,
        quantity: line.quantity,
        unitPrice: line.unit_price,
      })),
      subtotal: booking.subtotal,
      discount: booking.discount,
      fees: booking.fees,
      total: booking.total,
      currency: booking.currency,
      awaitingApproval: ticketRows.some((ticket) => ticket.ticket.status === 'pending_approval'),
      ticketsUrl: deps.config.PUBLIC_URL
        ? new URL(`/user/myTickets/${booking.event_id}`, deps.config.PUBLIC_URL).toString()
        : null,
      pdf,
    },
    language,
  );
  return { to: row.email, tag: 'booking_confirmed', ...mail };
}

/** Emails the buyer their confirmation with the issued tickets attached as one PDF. */
export async function sendBookingConfirmation(
  deps: TicketMailDeps,
  bookingId: number,
): Promise<void> {
  try {
    const mail = await buildConfirmation(deps, bookingId);
    if (!mail) {
      deps.log.warn({ bookingId }, 'no issued tickets to confirm by mail');
      return;
    }
    deps.mailer.sendLater(mail);
  } catch (error) {
    deps.log.error({ err: error, bookingId }, 'booking confirmation not sent');
  }
}

async function buildRefundNotice(deps: TicketMailDeps, refundId: number) {
  const found = await queries.findRefund(deps.db, refundId);
  if (!found) return null;
  const { refund } = found;
  const row = await queries.findBookingForMail(deps.db, refund.booking_id);
  if (!row) return null;
  const language = languageOf(row.booking.language);
  const mail = refundMail(
    {
      ...slotOf(row),
      bookingId: refund.booking_id,
      recipientName: row.first_name,
      amount: refund.amount,
      currency: refund.currency,
      reason: refund.reason as RefundReason,
      ticketIds: [...refund.ticket_ids].sort((a, b) => a - b),
      cardLast4: found.card_last4,
    },
    language,
  );
  return { to: row.email, tag: 'refund', ...mail };
}

/** Emails the buyer what a refund gave back, for which tickets and why. */
export async function sendRefundNotice(deps: TicketMailDeps, refundId: number): Promise<void> {
  try {
    const mail = await buildRefundNotice(deps, refundId);
    if (!mail) {
      deps.log.warn({ refundId }, 'no refund to report by mail');
      return;
    }
    deps.mailer.sendLater(mail);
  } catch (error) {
    deps.log.error({ err: error, refundId }, 'refund notice not sent');
  }
}
