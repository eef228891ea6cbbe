import { isIn, ISSUED_TICKET_STATES } from '@hafla/shared/bookings/states';
import { isLanguage, type Language } from '@hafla/shared/common/i18n';
import { sql, type SQL } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { bookings } from '../../db/schema/bookings';
import { refunds } from '../../db/schema/payments';
import { bookingConfirmedMail, type RefundReason, refundMail } from '../../lib/mail/booking-mails';
import type { MailKind } from '../mail/mail-worker';
import { enqueueMailsFrom, queueMailsStatement, type OutboxRow } from '../mail/outbox';
import { ticketQrKey } from '../../lib/tickets/ticket-code';
import { ticketQrPng } from '../../lib/tickets/ticket-qr';
import * as queries from './queries';
import { toTicketPdfData } from './ticket-views';

/**
 * The tickets module's public surface for booking emails. Payments queues them in the
 * transaction that confirms a booking or records a refund (`queueBookingConfirmation`,
 * `queueRefundNotice`); the mail worker renders them when it sends (`ticketMailKinds`), in the
 * booking's language — so the payment's answer never waits for it, and a rollback leaves no
 * mail. The confirmation carries each ticket's QR code and a calendar file; the tickets' PDF is
 * made when first downloaded (decision 0013).
 */

export interface TicketMailDeps {
  db: Db;
  config: Pick<Config, 'JWT_SECRET' | 'PUBLIC_URL'>;
}

/** Queues the buyer's confirmation, with the booking's issued tickets, in `tx`. */
export async function queueBookingConfirmation(tx: Db, bookingId: number): Promise<void> {
  await tx.execute(bookingConfirmationStatement(bookingId));
}

/** The statement of `queueBookingConfirmation`, to send in a pipeline. */
export function bookingConfirmationStatement(bookingId: number): SQL {
  return queueMailsStatement(
    'booking_confirmed',
    sql`select u.email, b.language, jsonb_build_object('booking', b.id)
          from ${bookings} b join ${users} u on u.id = b.user_id
         where b.id = ${bookingId}`,
  );
}

/** Queues the buyer's notice of a refund, in `tx`. */
export async function queueRefundNotice(tx: Db, refundId: number): Promise<void> {
  await enqueueMailsFrom(
    tx,
    'refund',
    sql`select u.email, b.language, jsonb_build_object('refund', r.id)
          from ${refunds} r
          join ${bookings} b on b.id = r.booking_id
          join ${users} u on u.id = b.user_id
         where r.id = ${refundId}`,
  );
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
  const [row, allTickets, lines] = await Promise.all([
    queries.findBookingForMail(deps.db, bookingId),
    queries.findBookingTickets(deps.db, bookingId),
    queries.findBookingLines(deps.db, bookingId),
  ]);
  if (!row) return null;
  const ticketRows = allTickets.filter((ticket) =>
    isIn(ISSUED_TICKET_STATES, ticket.ticket.status),
  );
  if (ticketRows.length === 0) return null;
  const { booking } = row;
  const language = languageOf(booking.language);
  const qrKey = ticketQrKey(deps.config.JWT_SECRET);
  const tickets = ticketRows.map((ticket) => toTicketPdfData(ticket, qrKey));
  const ticketsUrl = deps.config.PUBLIC_URL
    ? new URL(`/user/myTickets/${booking.event_id}`, deps.config.PUBLIC_URL).toString()
    : null;
  const slot = slotOf(row);
  return bookingConfirmedMail(
    {
      ...slot,
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
      ticketsUrl,
      tickets: tickets.map((ticket) => ({
        id: ticket.id,
        categoryName: ticket.categoryName,
        holderName: ticket.holderName,
        qr: ticketQrPng(ticket.code),
      })),
      onlineUrl: tickets[0]?.onlineUrl ?? null,
    },
    language,
  );
}

async function buildRefundNotice(deps: TicketMailDeps, refundId: number) {
  const found = await queries.findRefund(deps.db, refundId);
  if (!found) return null;
  const { refund } = found;
  const row = await queries.findBookingForMail(deps.db, refund.booking_id);
  if (!row) return null;
  const language = languageOf(row.booking.language);
  return refundMail(
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
}

const idParam = (row: OutboxRow, name: string): number | null => {
  const value = row.params[name];
  return typeof value === 'number' ? value : null;
};

/** How the worker renders the booking emails; null when the booking or refund is gone. */
export function ticketMailKinds(deps: TicketMailDeps): Record<string, MailKind> {
  return {
    booking_confirmed: {
      async render(row) {
        const bookingId = idParam(row, 'booking');
        return bookingId === null ? null : buildConfirmation(deps, bookingId);
      },
    },
    refund: {
      async render(row) {
        const refundId = idParam(row, 'refund');
        return refundId === null ? null : buildRefundNotice(deps, refundId);
      },
    },
  };
}
