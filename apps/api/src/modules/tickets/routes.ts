import {
  BookingParams,
  BookingTicket,
  ReservedEventList,
  ReservedEventListQuery,
  Ticket,
  TicketList,
  TicketListQuery,
  TicketParams,
  TicketUpdateRequest,
} from '@hafla/shared/bookings/bookings';
import { GuestList, GuestListQuery } from '@hafla/shared/door/guest-list';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { toPage } from '../../lib/pagination';
import { TicketPdfCache } from '../../lib/tickets/pdf-cache';
import { ticketQrKey } from '../../lib/tickets/ticket-code';
import type { App } from '../../lib/types';
import { currentUser } from '../../plugins/auth';
import { errorResponses } from '../../plugins/openapi';
import { fieldError } from '../../lib/app-error';
import { guestListDeps, listGuests } from '../door/guest-list';
import * as service from './service';

/** Without `view` the reader's own tickets; with `view=guest_list` an event's guests. */
const TicketsQuery = TicketListQuery.extend({
  view: GuestListQuery.shape.view.optional(),
  search: GuestListQuery.shape.search,
  event_date: GuestListQuery.shape.event_date,
  ticket_category: GuestListQuery.shape.ticket_category,
  state: GuestListQuery.shape.state,
});

const tags = ['tickets'];
const security = [{ bearer: [] }];
const signedIn = { auth: true as const };

const pdfResponse = {
  200: {
    description: 'The tickets, a page each, in the request’s language',
    content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } },
  },
  ...errorResponses,
};

const calendarResponse = {
  200: {
    description:
      'An iCalendar file (RFC 5545) with the slot, in UTC; its UID is stable, so importing it again updates the entry',
    content: { 'text/calendar': { schema: z.string() } },
  },
  ...errorResponses,
};

function sendCalendar(reply: FastifyReply, { filename, ics }: service.TicketsCalendar) {
  return reply
    .type('text/calendar; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'private, no-store')
    .send(ics);
}

function sendPdf(reply: FastifyReply, { filename, pdf }: service.TicketsPdf) {
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'private, no-store')
    .send(pdf);
}

/** The holder's tickets: lists, one ticket, attendee details, PDFs and the events they hold tickets for. */
export async function ticketsRoutes(app: App) {
  const deps: service.TicketsDeps = {
    db: app.db,
    storage: app.storage,
    qrKey: ticketQrKey(app.config.JWT_SECRET),
    pdfs: new TicketPdfCache(),
    now: () => new Date(),
  };
  const publicUrl = app.config.PUBLIC_URL;
  const door = guestListDeps(app);

  app.get('/api/v1/tickets/', {
    config: signedIn,
    schema: {
      tags,
      summary:
        'The reader’s tickets (unpaid holds left out), by slot start (filter by event, and by event_date for one slot); with view=guest_list, the guest list of an event for its organizer and ushers',
      security,
      querystring: TicketsQuery,
      // GuestList first: an empty guest list would also read as an (empty) TicketList.
      response: { 200: z.union([GuestList, TicketList]), ...errorResponses },
    },
    handler: async (request) => {
      const { query } = request;
      if (query.view === 'guest_list') {
        if (query.event === undefined) throw fieldError('required', 'event');
        const { results, count, ...rest } = await listGuests(door, currentUser(request).userId, {
          ...query,
          event: query.event,
          view: 'guest_list',
        });
        return { ...toPage(request, query, count, results, publicUrl), ...rest };
      }
      const page = await service.listTickets(deps, currentUser(request).userId, request.query);
      return toPage(request, request.query, page.count, page.results, publicUrl);
    },
  });

  app.get('/api/v1/tickets/:id/', {
    config: signedIn,
    schema: {
      tags,
      summary: 'One of the reader’s tickets with its signed QR code',
      security,
      params: TicketParams,
      response: { 200: Ticket, ...errorResponses },
    },
    handler: (request) => service.getTicket(deps, currentUser(request).userId, request.params.id),
  });

  app.patch('/api/v1/tickets/:id/', {
    config: signedIn,
    schema: {
      tags,
      summary:
        'Set the attendee of a ticket (name, email, phone) while its booking is pending or confirmed',
      security,
      params: TicketParams,
      body: TicketUpdateRequest,
      response: { 200: BookingTicket, ...errorResponses },
    },
    handler: (request) =>
      service.updateTicket(deps, currentUser(request).userId, request.params.id, request.body),
  });

  app.get('/api/v1/tickets/:id/pdf/', {
    config: signedIn,
    schema: {
      tags,
      summary: 'One issued ticket as a PDF',
      security,
      params: TicketParams,
      response: pdfResponse,
    },
    handler: async (request, reply) =>
      sendPdf(
        reply,
        await service.getTicketPdf(
          deps,
          currentUser(request).userId,
          request.params.id,
          request.language,
        ),
      ),
  });

  app.get('/api/v1/bookings/:id/pdf/', {
    config: signedIn,
    schema: {
      tags,
      summary: 'Every issued ticket of one of the reader’s bookings as a PDF',
      security,
      params: BookingParams,
      response: pdfResponse,
    },
    handler: async (request, reply) =>
      sendPdf(
        reply,
        await service.getBookingPdf(
          deps,
          currentUser(request).userId,
          request.params.id,
          request.language,
        ),
      ),
  });

  app.get('/api/v1/tickets/:id/calendar.ics', {
    config: signedIn,
    schema: {
      tags,
      summary: 'One of the reader’s issued tickets as a calendar entry (.ics)',
      security,
      params: TicketParams,
      response: calendarResponse,
    },
    handler: async (request, reply) =>
      sendCalendar(
        reply,
        await service.getTicketCalendar(
          deps,
          { userId: currentUser(request).userId, language: request.language, publicUrl },
          request.params.id,
        ),
      ),
  });

  app.get('/api/v1/bookings/:id/calendar.ics', {
    config: signedIn,
    schema: {
      tags,
      summary: 'One of the reader’s bookings with issued tickets as a calendar entry (.ics)',
      security,
      params: BookingParams,
      response: calendarResponse,
    },
    handler: async (request, reply) =>
      sendCalendar(
        reply,
        await service.getBookingCalendar(
          deps,
          { userId: currentUser(request).userId, language: request.language, publicUrl },
          request.params.id,
        ),
      ),
  });

  app.get('/api/v1/events_read/reserved-events/', {
    config: signedIn,
    schema: {
      tags,
      summary:
        'Events the reader holds tickets for: upcoming first by their next slot, then past ones, most recent first; include=history adds those whose tickets were all refunded, cancelled or declined (the order history)',
      security,
      querystring: ReservedEventListQuery,
      response: { 200: ReservedEventList, ...errorResponses },
    },
    handler: async (request) => {
      const page = await service.listReservedEvents(
        deps,
        { userId: currentUser(request).userId, language: request.language },
        request.query,
      );
      return toPage(request, request.query, page.count, page.results, publicUrl);
    },
  });
}
