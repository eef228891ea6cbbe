import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  EventDateChart,
  EventDateChartParams,
  EventDateChartRequest,
  SeatBlockRequest,
  SeatBlockResult,
  SeatMap,
  SeatMapChart,
  SeatMapStatus,
} from '@hafla/shared/charts/seats';
import type { App } from '../../lib/types';
import { currentUser } from '../../plugins/auth';
import { matchesEtag } from '../../lib/read-cache';
import { acceptedEncodings } from '../../plugins/http-cache';
import { errorResponses } from '../../plugins/openapi';
import { ChartCache } from './chart-cache';
import * as service from './service';

const tags = ['seats'];
const security = [{ bearer: [] }];
const organizerOnly = { auth: ['organizer' as const] };

/** Seats of event dates: a chart attached to a date, its seat map, blocked seats (decision 0020). */
export async function seatsRoutes(app: App) {
  const deps: service.SeatsDeps = {
    db: app.db,
    now: () => new Date(),
    seats: app.realtime.seatFeed,
    charts: new ChartCache(),
  };

  app.get('/api/v1/event_dates/:id/chart/', {
    config: organizerOnly,
    schema: {
      tags,
      summary: 'The chart version an own date sells its seats from, and its category mapping',
      security,
      params: EventDateChartParams,
      response: { 200: EventDateChart, ...errorResponses },
    },
    handler: (request) =>
      service.getDateChart(deps, currentUser(request).userId, request.params.id),
  });

  app.put('/api/v1/event_dates/:id/chart/', {
    config: organizerOnly,
    schema: {
      tags,
      summary:
        'Attach an own chart’s newest published version to an own date, mapping every chart category to a ticket category of the event (their quantity for the date becomes their seat count)',
      security,
      params: EventDateChartParams,
      body: EventDateChartRequest,
      response: { 200: EventDateChart, ...errorResponses },
    },
    handler: (request) =>
      service.attachChart(deps, currentUser(request).userId, request.params.id, request.body),
  });

  app.delete('/api/v1/event_dates/:id/chart/', {
    config: organizerOnly,
    schema: {
      tags,
      summary: 'Take the chart off a date while none of its seats is held or sold (chart_in_use)',
      security,
      params: EventDateChartParams,
      response: { 204: z.null().describe('Detached'), ...errorResponses },
    },
    handler: async (request, reply) => {
      await service.detachChart(deps, currentUser(request).userId, request.params.id);
      return reply.code(204).send(null);
    },
  });

  app.get('/api/v1/event_dates/:id/seats/', {
    schema: {
      tags,
      summary:
        'The seat map of a date of a published event: its chart version, every seat’s status (available, held, sold, blocked) and the free seats per category',
      params: EventDateChartParams,
      response: { 200: SeatMap, ...errorResponses },
    },
    handler: (request) => service.getSeatMap(deps, request.params.id),
  });

  app.get('/api/v1/event_dates/:id/seats/chart/', {
    schema: {
      tags,
      summary:
        'The chart version a date of a published event pins, alone: the same bytes for every date pinning it, with a strong ETag naming the version (If-None-Match → 304), gzipped when accepted',
      params: EventDateChartParams,
      response: {
        200: SeatMapChart,
        304: z.null().describe('The version named by If-None-Match: keep it'),
        ...errorResponses,
      },
    },
    handler: async (request, reply) => {
      const chart = await service.getSeatMapChart(deps, request.params.id);
      const gzip = acceptsGzip(request.headers['accept-encoding']);
      const etag = gzip ? chart.gzipEtag : chart.etag;
      reply
        .header('etag', etag)
        .header('cache-control', 'public, no-cache')
        .header('vary', 'Accept-Encoding');
      // Either representation's tag names the same version.
      if (
        matchesEtag(request.headers['if-none-match'], chart.etag) ||
        matchesEtag(request.headers['if-none-match'], chart.gzipEtag)
      ) {
        return reply.code(304).send(null);
      }
      // The bytes as built once for the version (the schema documents them; no serializer runs).
      const raw: FastifyReply = reply.type('application/json; charset=utf-8');
      if (gzip) raw.header('content-encoding', 'gzip');
      return raw.send(gzip ? chart.gzip : chart.body);
    },
  });

  app.get('/api/v1/event_dates/:id/seats/status/', {
    schema: {
      tags,
      summary:
        'The live part of a date’s seat map, compact: every seat’s status as one letter (a available, h held, s sold, b blocked) in the chart’s seat order, and the free seats per category',
      params: EventDateChartParams,
      response: { 200: SeatMapStatus, ...errorResponses },
    },
    handler: (request) => service.getSeatMapStatus(deps, request.params.id),
  });

  app.post('/api/v1/event_dates/:id/seats/block/', {
    config: organizerOnly,
    schema: {
      tags,
      summary:
        'Block seats of an own date (never sold) or unblock them; held or sold seats are refused',
      security,
      params: EventDateChartParams,
      body: SeatBlockRequest,
      response: { 200: SeatBlockResult, ...errorResponses },
    },
    handler: (request) =>
      service.blockSeats(deps, currentUser(request).userId, request.params.id, request.body),
  });
}

/** Whether the client takes gzip (a `q=0` refuses it). */
function acceptsGzip(acceptEncoding: string | undefined): boolean {
  const accepted = acceptedEncodings(acceptEncoding);
  return accepted.has('gzip') || accepted.has('*');
}
