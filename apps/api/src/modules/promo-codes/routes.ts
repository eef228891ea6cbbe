import { z } from 'zod';
import {
  PromoCode,
  PromoCodeCreateRequest,
  PromoCodeList,
  PromoCodeListQuery,
  PromoCodeParams,
  PromoCodeReplaceRequest,
} from '@hafla/shared/promo-codes/promo-codes';
import { toPage } from '../../lib/pagination';
import type { App } from '../../lib/types';
import { currentUser } from '../../plugins/auth';
import { errorResponses } from '../../plugins/openapi';
import * as service from './service';

const tags = ['promo codes'];
const security = [{ bearer: [] }];
const organizerOnly = { auth: ['organizer' as const] };

/** Promo codes of the organizer's own events. */
export async function promoCodesRoutes(app: App) {
  const deps: service.PromoCodesDeps = { db: app.db, now: () => new Date() };
  const publicUrl = app.config.PUBLIC_URL;

  app.get('/api/v1/promo_codes/', {
    config: organizerOnly,
    schema: {
      tags,
      summary: "Promo codes of the organizer's own events, newest first (filter by event)",
      security,
      querystring: PromoCodeListQuery,
      response: { 200: PromoCodeList, ...errorResponses },
    },
    handler: async (request) => {
      const { count, results } = await service.listOwnPromoCodes(
        deps,
        currentUser(request).userId,
        request.query,
      );
      return toPage(request, request.query, count, results, publicUrl);
    },
  });

  app.post('/api/v1/promo_codes/', {
    config: organizerOnly,
    schema: {
      tags,
      summary: 'Create a promo code for an own event (codes ignore letter case)',
      security,
      body: PromoCodeCreateRequest,
      response: { 201: PromoCode, ...errorResponses },
    },
    handler: async (request, reply) => {
      const code = await service.createPromoCode(deps, currentUser(request).userId, request.body);
      return reply.code(201).send(code);
    },
  });

  app.get('/api/v1/promo_codes/:id/', {
    config: organizerOnly,
    schema: {
      tags,
      summary: 'One promo code of an own event, with its uses',
      security,
      params: PromoCodeParams,
      response: { 200: PromoCode, ...errorResponses },
    },
    handler: (request) =>
      service.getOwnPromoCode(deps, currentUser(request).userId, request.params.id),
  });

  app.put('/api/v1/promo_codes/:id/', {
    config: organizerOnly,
    schema: {
      tags,
      summary: 'Replace a promo code (its event and uses never change)',
      security,
      params: PromoCodeParams,
      body: PromoCodeReplaceRequest,
      response: { 200: PromoCode, ...errorResponses },
    },
    handler: (request) =>
      service.replacePromoCode(deps, currentUser(request).userId, request.params.id, request.body),
  });

  app.delete('/api/v1/promo_codes/:id/', {
    config: organizerOnly,
    schema: {
      tags,
      summary: 'Delete a promo code no booking used (deactivate a used one instead)',
      security,
      params: PromoCodeParams,
      response: { 204: z.null().describe('Deleted'), ...errorResponses },
    },
    handler: async (request, reply) => {
      await service.deletePromoCode(deps, currentUser(request).userId, request.params.id);
      return reply.code(204).send(null);
    },
  });
}
