import { z } from 'zod';
import {
  Event,
  EventCreateRequest,
  EventList,
  EventListQuery,
  EventParams,
  EventsPublishedThisMonth,
  EventUpdateRequest,
} from '@hafla/shared/events/events';
import { toPage } from '../../lib/pagination';
import type { App } from '../../lib/types';
import { currentUser } from '../../plugins/auth';
import { acceptImageUploads, uploadedFile } from '../../plugins/image-upload';
import { errorResponses } from '../../plugins/openapi';
import { deleteDraftEvent, duplicateEvent } from './drafts';
import * as service from './service';

const tags = ['events'];
const security = [{ bearer: [] }];
const organizerOnly = { auth: ['organizer' as const] };

/** The multipart form of a cover upload, for the schema and the documentation. */
const CoverUpload = z.strictObject({
  cover: z.string().describe('The image file: PNG, JPEG, WebP or GIF, at most 5 MiB'),
});

/** The organizer's own events: create, edit, publish or cancel, list, cover image. */
export async function eventsRoutes(app: App) {
  const deps: service.EventsDeps = {
    db: app.db,
    storage: app.storage,
    now: () => new Date(),
    notifier: app.notifier,
  };
  const publicUrl = app.config.PUBLIC_URL;

  app.post('/api/v1/events/', {
    config: organizerOnly,
    schema: {
      tags,
      summary: 'Create an event (a draft) as an organizer',
      security,
      body: EventCreateRequest,
      response: { 201: Event, ...errorResponses },
    },
    handler: async (request, reply) => {
      const event = await service.createEvent(deps, currentUser(request).userId, request.body);
      return reply.code(201).send(event);
    },
  });

  app.get('/api/v1/events/', {
    config: organizerOnly,
    schema: {
      tags,
      summary: "The organizer's own events, newest first (filter by status, search the title)",
      security,
      querystring: EventListQuery,
      response: { 200: EventList, ...errorResponses },
    },
    handler: async (request) => {
      const { count, results } = await service.listOwnEvents(
        deps,
        currentUser(request).userId,
        request.query,
      );
      return toPage(request, request.query, count, results, publicUrl);
    },
  });

  app.get('/api/v1/events/events_published_this_month/', {
    config: organizerOnly,
    schema: {
      tags,
      summary: 'How many events the organizer published this month (UTC), and the limit',
      security,
      response: { 200: EventsPublishedThisMonth, ...errorResponses },
    },
    handler: (request) => service.getPublishedThisMonth(deps, currentUser(request).userId),
  });

  app.get('/api/v1/events/:id', {
    config: organizerOnly,
    schema: {
      tags,
      summary: 'One of the organizer’s own events',
      security,
      params: EventParams,
      response: { 200: Event, ...errorResponses },
    },
    handler: (request) => service.getOwnEvent(deps, currentUser(request).userId, request.params.id),
  });

  app.patch('/api/v1/events/:id/', {
    config: organizerOnly,
    schema: {
      tags,
      summary:
        'Edit an own event; `status` publishes or cancels it, `cover: null` removes the cover',
      security,
      params: EventParams,
      body: EventUpdateRequest,
      response: { 200: Event, ...errorResponses },
    },
    handler: async (request) => {
      const event = await service.updateEvent(
        deps,
        currentUser(request).userId,
        request.params.id,
        request.body,
      );
      // Ticket holders get their money back; the answer does not wait for every refund.
      if (event.status === 'cancelled') app.bookingJobs.afterEventCancelled(event.id);
      return event;
    },
  });

  app.delete('/api/v1/events/:id/', {
    config: organizerOnly,
    schema: {
      tags,
      summary:
        'Delete an own draft that nobody booked, with its slots, tickets and codes (a published event is cancelled instead)',
      security,
      params: EventParams,
      response: { 204: z.null().describe('Deleted'), ...errorResponses },
    },
    handler: async (request, reply) => {
      await deleteDraftEvent(deps, currentUser(request).userId, request.params.id);
      return reply.code(204).send(null);
    },
  });

  app.post('/api/v1/events/:id/duplicate/', {
    config: organizerOnly,
    schema: {
      tags,
      summary: 'Copy an own event as a new draft, with its ticket categories and promo codes',
      security,
      params: EventParams,
      response: { 201: Event, ...errorResponses },
    },
    handler: async (request, reply) => {
      const copy = await duplicateEvent(
        deps,
        currentUser(request).userId,
        request.params.id,
        request.language,
      );
      return reply.code(201).send(copy);
    },
  });

  // Only the cover route reads multipart/form-data; the others stay JSON-only.
  await app.register(async (uploads: App) => {
    await acceptImageUploads(uploads, ['cover']);
    uploads.post('/api/v1/events/:id/cover/', {
      config: organizerOnly,
      schema: {
        tags,
        summary: 'Upload the cover image of an own event (multipart/form-data, field `cover`)',
        security,
        consumes: ['multipart/form-data'],
        params: EventParams,
        body: CoverUpload,
        response: { 200: Event, ...errorResponses },
      },
      handler: (request) =>
        service.setEventCover(
          deps,
          currentUser(request).userId,
          request.params.id,
          uploadedFile(request, 'cover'),
        ),
    });
  });
}
