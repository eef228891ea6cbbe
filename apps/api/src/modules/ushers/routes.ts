import { PaginationQuery } from '@hafla/shared/common/pagination';
import {
  UsherCreated,
  UsherCreateRequest,
  UsherEventList,
  UsherList,
  UsherParams,
} from '@hafla/shared/door/ushers';
import { z } from 'zod';
import { toPage } from '../../lib/pagination';
import type { App } from '../../lib/types';
import { currentUser } from '../../plugins/auth';
import { errorResponses } from '../../plugins/openapi';
import * as service from './service';

const tags = ['ushers'];
const security = [{ bearer: [] }];
const organizerOnly = { auth: ['organizer' as const] };

/** The organizer's ushers, and the events an usher scans for. */
export async function ushersRoutes(app: App) {
  const deps: service.UshersDeps = {
    db: app.db,
    storage: app.storage,
    onMailQueued: () => app.mailer.poke(),
    disconnect: (userId) => app.realtime.disconnect(userId),
  };
  const publicUrl = app.config.PUBLIC_URL;

  app.get('/api/v1/ushers/', {
    config: organizerOnly,
    schema: {
      tags,
      summary: 'The organizer’s ushers, newest first: invited until their address registers',
      security,
      querystring: PaginationQuery,
      response: { 200: UsherList, ...errorResponses },
    },
    handler: async (request) => {
      const page = await service.listUshers(deps, currentUser(request).userId, request.query);
      return toPage(request, request.query, page.count, page.results, publicUrl);
    },
  });

  app.post('/api/v1/ushers/', {
    config: organizerOnly,
    schema: {
      tags,
      summary:
        'Add an usher by email (the same answer whether or not the address has an account); a duplicate is already_exists',
      security,
      body: UsherCreateRequest,
      response: { 201: UsherCreated, ...errorResponses },
    },
    handler: async (request, reply) => {
      const created = await service.addUsher(
        deps,
        currentUser(request).userId,
        request.body,
        request.language,
      );
      return reply.code(201).send(created);
    },
  });

  app.delete('/api/v1/ushers/:id/', {
    config: organizerOnly,
    schema: {
      tags,
      summary: 'Remove an usher: their next request is refused and their sockets are closed',
      security,
      params: UsherParams,
      response: { 204: z.null().describe('Removed'), ...errorResponses },
    },
    handler: async (request, reply) => {
      await service.removeUsher(deps, currentUser(request).userId, request.params.id);
      return reply.code(204).send(null);
    },
  });

  app.get('/api/v1/ushers/events/', {
    config: { auth: true },
    schema: {
      tags,
      summary: 'Events I scan for: events the reader is an active usher of',
      security,
      querystring: PaginationQuery,
      response: { 200: UsherEventList, ...errorResponses },
    },
    handler: async (request) => {
      const page = await service.listUsherEvents(deps, currentUser(request).userId, request.query);
      return toPage(request, request.query, page.count, page.results, publicUrl);
    },
  });
}
