import { z } from 'zod';
import {
  EventDateChart,
  EventDateChartParams,
  EventDateChartRequest,
  SeatBlockRequest,
  SeatBlockResult,
  SeatMap,
} from '@hafla/shared/charts/seats';
import type { App } from '../../lib/types';
import { currentUser } from '../../plugins/auth';
import { errorResponses } from '../../plugins/openapi';
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
