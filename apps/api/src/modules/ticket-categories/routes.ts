import { z } from 'zod';
import {
  TicketCategory,
  TicketCategoryCreateRequest,
  TicketCategoryList,
  TicketCategoryListQuery,
  TicketCategoryParams,
  TicketCategoryUpdateRequest,
} from '@hafla/shared/ticket-categories/ticket-categories';
import { toPage } from '../../lib/pagination';
import type { App } from '../../lib/types';
import { currentUser } from '../../plugins/auth';
import { errorResponses } from '../../plugins/openapi';
import * as service from './service';

const tags = ['ticket categories'];
const security = [{ bearer: [] }];
const organizerOnly = { auth: ['organizer' as const] };

/** Ticket categories of the organizer's own events. */
export async function ticketCategoriesRoutes(app: App) {
  const deps: service.TicketCategoriesDeps = { db: app.db, now: () => new Date() };
  const publicUrl = app.config.PUBLIC_URL;

  app.post('/api/v1/ticket/create/', {
    config: organizerOnly,
    schema: {
      tags,
      summary: 'Add a ticket category to an own event',
      security,
      body: TicketCategoryCreateRequest,
      response: { 201: TicketCategory, ...errorResponses },
    },
    handler: async (request, reply) => {
      const category = await service.createCategory(
        deps,
        currentUser(request).userId,
        request.body,
      );
      return reply.code(201).send(category);
    },
  });

  app.get('/api/v1/ticket_categories/', {
    config: organizerOnly,
    schema: {
      tags,
      summary: "Ticket categories of the organizer's own events (filter by event)",
      security,
      querystring: TicketCategoryListQuery,
      response: { 200: TicketCategoryList, ...errorResponses },
    },
    handler: async (request) => {
      const { count, results } = await service.listOwnCategories(
        deps,
        currentUser(request).userId,
        request.query,
      );
      return toPage(request, request.query, count, results, publicUrl);
    },
  });

  app.get('/api/v1/ticket_categories/:id', {
    config: organizerOnly,
    schema: {
      tags,
      summary: 'One ticket category of an own event, with the most sold in any slot',
      security,
      params: TicketCategoryParams,
      response: { 200: TicketCategory, ...errorResponses },
    },
    handler: (request) =>
      service.getOwnCategory(deps, currentUser(request).userId, request.params.id),
  });

  app.patch('/api/v1/ticket_categories/:id/', {
    config: organizerOnly,
    schema: {
      tags,
      summary: 'Edit a ticket category (the quantity never below what a slot has sold)',
      security,
      params: TicketCategoryParams,
      body: TicketCategoryUpdateRequest,
      response: { 200: TicketCategory, ...errorResponses },
    },
    handler: (request) =>
      service.updateCategory(deps, currentUser(request).userId, request.params.id, request.body),
  });

  app.delete('/api/v1/ticket_categories/:id/', {
    config: organizerOnly,
    schema: {
      tags,
      summary: 'Delete a ticket category nobody booked and no promo code is limited to',
      security,
      params: TicketCategoryParams,
      response: { 204: z.null().describe('Deleted'), ...errorResponses },
    },
    handler: async (request, reply) => {
      await service.deleteCategory(deps, currentUser(request).userId, request.params.id);
      return reply.code(204).send(null);
    },
  });
}
