import { z } from 'zod';
import {
  EventDate,
  EventDateBulkRequest,
  EventDateBulkResult,
  EventDateCreateRequest,
  EventDateList,
  EventDateListQuery,
  EventDateParams,
  EventDateUpdateRequest,
} from '@hafla/shared/event-dates/event-dates';
import { toPage } from '../../lib/pagination';
import type { App } from '../../lib/types';
import { currentUser } from '../../plugins/auth';
import { errorResponses } from '../../plugins/openapi';
import * as service from './service';

const tags = ['event dates'];
const security = [{ bearer: [] }];
const organizerOnly = { auth: ['organizer' as const] };

/** Time slots of the organizer's own events. */
export async function eventDatesRoutes(app: App) {
  const deps: service.EventDatesDeps = {
    db: app.db,
    now: () => new Date(),
    notifier: app.notifier,
  };
  const publicUrl = app.config.PUBLIC_URL;

  app.get('/api/v1/event_dates/', {
    config: organizerOnly,
    schema: {
      tags,
      summary: "Time slots of the organizer's own events, by start (filter by event, upcoming)",
      security,
      querystring: EventDateListQuery,
      response: { 200: EventDateList, ...errorResponses },
    },
    handler: async (request) => {
      const { count, results } = await service.listOwnDates(
        deps,
        currentUser(request).userId,
        request.query,
      );
      return toPage(request, request.query, count, results, publicUrl);
    },
  });

  app.post('/api/v1/event_dates/', {
    config: organizerOnly,
    schema: {
      tags,
      summary: 'Add a time slot to an own event',
      security,
      body: EventDateCreateRequest,
      response: { 201: EventDate, ...errorResponses },
    },
    handler: async (request, reply) => {
      const date = await service.createDate(deps, currentUser(request).userId, request.body);
      return reply.code(201).send(date);
    },
  });

  app.post('/api/v1/event_dates/bulk/', {
    config: organizerOnly,
    schema: {
      tags,
      summary: 'Add the time slots of a repeating pattern (weekdays, times, date range) at once',
      security,
      body: EventDateBulkRequest,
      response: { 201: EventDateBulkResult, ...errorResponses },
    },
    handler: async (request, reply) => {
      const result = await service.createDatesInBulk(
        deps,
        currentUser(request).userId,
        request.body,
      );
      return reply.code(201).send(result);
    },
  });

  app.get('/api/v1/event_dates/:id', {
    config: organizerOnly,
    schema: {
      tags,
      summary: 'One time slot of an own event',
      security,
      params: EventDateParams,
      response: { 200: EventDate, ...errorResponses },
    },
    handler: (request) => service.getOwnDate(deps, currentUser(request).userId, request.params.id),
  });

  app.patch('/api/v1/event_dates/:id/', {
    config: organizerOnly,
    schema: {
      tags,
      summary: 'Move a time slot of an own event',
      security,
      params: EventDateParams,
      body: EventDateUpdateRequest,
      response: { 200: EventDate, ...errorResponses },
    },
    handler: (request) =>
      service.updateDate(deps, currentUser(request).userId, request.params.id, request.body),
  });

  app.delete('/api/v1/event_dates/:id/', {
    config: organizerOnly,
    schema: {
      tags,
      summary: 'Delete a time slot of an own event that nobody booked',
      security,
      params: EventDateParams,
      response: { 204: z.null().describe('Deleted'), ...errorResponses },
    },
    handler: async (request, reply) => {
      await service.deleteDate(deps, currentUser(request).userId, request.params.id);
      return reply.code(204).send(null);
    },
  });
}
