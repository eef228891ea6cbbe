import {
  Rating,
  RatingCreateRequest,
  RatingFilter,
  RatingList,
  RatingListQuery,
  RatingParams,
  RatingSummary,
  RatingUpdateRequest,
} from '@hafla/shared/social/ratings';
import { toPage } from '../../lib/pagination';
import type { App } from '../../lib/types';
import { currentUser } from '../../plugins/auth';
import { errorResponses } from '../../plugins/openapi';
import * as ratings from './service';

const tags = ['ratings'];
const security = [{ bearer: [] }];

/** Ratings and reviews of events (PRODUCT.md section 3): public to read, attendees write. */
export async function ratingsRoutes(app: App) {
  const deps: ratings.RatingsDeps = {
    db: app.db,
    storage: app.storage,
    now: () => new Date(),
    notifier: app.notifier,
  };
  const publicUrl = app.config.PUBLIC_URL;

  app.get('/api/v1/rate_event/', {
    schema: {
      tags,
      summary:
        "Ratings of one event (`event`) or of all an organizer's events (`organizer`), newest first; `mine=true` keeps only the reader's own",
      querystring: RatingListQuery,
      response: { 200: RatingList, ...errorResponses },
    },
    handler: async (request) => {
      const page = await ratings.listRatings(deps, request.auth?.userId ?? null, request.query);
      return toPage(request, request.query, page.count, page.results, publicUrl);
    },
  });

  app.get('/api/v1/rate_event/summary/', {
    schema: {
      tags,
      summary:
        'Average (one decimal, null without ratings), count and stars distribution of an event or an organizer',
      querystring: RatingFilter,
      response: { 200: RatingSummary, ...errorResponses },
    },
    handler: (request) =>
      ratings.getRatingSummary(deps, request.auth?.userId ?? null, request.query),
  });

  app.post('/api/v1/rate_event/', {
    config: { auth: true },
    schema: {
      tags,
      summary:
        'Rate an event attended (a valid or checked-in ticket to a slot that has ended), once per event',
      security,
      body: RatingCreateRequest,
      response: { 201: Rating, ...errorResponses },
    },
    handler: async (request, reply) => {
      const rating = await ratings.createRating(deps, currentUser(request).userId, request.body);
      return reply.code(201).send(rating);
    },
  });

  app.put('/api/v1/rate_event/:id/', {
    config: { auth: true },
    schema: {
      tags,
      summary: 'Change the own rating (stars and comment)',
      security,
      params: RatingParams,
      body: RatingUpdateRequest,
      response: { 200: Rating, ...errorResponses },
    },
    handler: (request) =>
      ratings.updateRating(deps, currentUser(request).userId, request.params.id, request.body),
  });
}
