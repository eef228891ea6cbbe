import {
  EventDetail,
  EventSummaryList,
  PublicEventParams,
  PublicEventQuery,
} from '@hafla/shared/events/discovery';
import compress from '@fastify/compress';
import { Home, HomeQuery } from '@hafla/shared/events/home';
import type { FastifyRequest } from 'fastify';
import { toPage } from '../../lib/pagination';
import type { App } from '../../lib/types';
import { errorResponses } from '../../plugins/openapi';
import { getHome, getPublicEvent, listPublicEvents, type Reader } from './service';

const tags = ['discovery'];

/** One view of an event's public page, for the organizer's dashboard (counted in memory, written in batches). */
const countEventPageView = (app: App, eventId: number) => app.pageViews.count(eventId);

/** Anyone may read; a signed-in reader also learns what they wishlisted and follow. */
const readerOf = (request: FastifyRequest): Reader => ({
  language: request.language,
  viewerId: request.auth?.userId ?? null,
  now: new Date(),
});

export async function discoveryRoutes(app: App) {
  const deps = { db: app.db, storage: app.storage };
  // The largest JSON the API sends, on every first visit (the home answer is about 36 KB, 3.4 KB
  // gzipped): compressed for clients that accept it (brotli or gzip), from 1 KB up.
  await app.register(compress, { threshold: 1024 });

  app.get('/api/v1/events_read/', {
    schema: {
      tags,
      summary: 'Published events: search, filters, near a point, sorts',
      querystring: PublicEventQuery,
      response: { 200: EventSummaryList, ...errorResponses },
    },
    handler: async (request) => {
      const { count, results } = await listPublicEvents(deps, readerOf(request), request.query);
      return toPage(request, request.query, count, results, app.config.PUBLIC_URL);
    },
  });

  app.get('/api/v1/events_read/:id', {
    schema: {
      tags,
      summary: 'One published or cancelled event with its dates, tickets and organizer',
      params: PublicEventParams,
      response: { 200: EventDetail, ...errorResponses },
    },
    handler: (request) => {
      countEventPageView(app, request.params.id);
      return getPublicEvent(deps, readerOf(request), request.params.id);
    },
  });

  app.get('/api/v1/home', {
    schema: {
      tags,
      summary: 'The home page sections, each with its events or organizers',
      querystring: HomeQuery,
      response: { 200: Home, ...errorResponses },
    },
    handler: (request) => getHome(deps, readerOf(request), request.query),
  });
}
