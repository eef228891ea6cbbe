import {
  Booking,
  BookingList,
  BookingListQuery,
  BookingParams,
  BookingUpdateRequest,
  BookRequest,
  EventBookingDetails,
  PromoCheckRequest,
  PromoCheckResult,
} from '@hafla/shared/bookings/bookings';
import { PublicEventParams } from '@hafla/shared/events/discovery';
import { claimOf, IDEMPOTENCY_HEADER } from '../idempotency/idempotency';
import { abortedWithCaller } from '../../lib/admission';
import { toPage } from '../../lib/pagination';
import type { App } from '../../lib/types';
import { currentUser } from '../../plugins/auth';
import { errorResponses } from '../../plugins/openapi';
import { getEventBookingDetails } from './booking-details';
import { BestAvailableRequest, BestAvailableResult } from '@hafla/shared/charts/seats';
import { holdBestAvailable } from './best-available';
import { book } from './hold';
import * as service from './service';

const tags = ['booking'];
const security = [{ bearer: [] }];
const signedIn = { auth: true as const };

/** Holding tickets: the booking screen's data, promo previews and the buyer's bookings. */
export async function bookingsRoutes(app: App) {
  const deps: service.BookingsDeps = {
    db: app.db,
    storage: app.storage,
    now: () => new Date(),
    seats: app.realtime.seatFeed,
  };
  const publicUrl = app.config.PUBLIC_URL;
  // New holds wait their turn (decision 0028): in a rush, payments in flight go first.
  const holds = app.checkoutTurns;

  app.get('/api/v1/events/:id/event-details/', {
    schema: {
      tags,
      summary:
        'Everything the booking screen needs: upcoming slots by day, each with its ticket categories, live availability and the reader’s remaining allowance',
      params: PublicEventParams,
      response: { 200: EventBookingDetails, ...errorResponses },
    },
    handler: (request) =>
      getEventBookingDetails(
        deps,
        { userId: request.auth?.userId ?? null, language: request.language },
        request.params.id,
      ),
  });

  app.post('/api/v1/promo_codes/check/', {
    config: signedIn,
    schema: {
      tags,
      summary: 'Preview what a promo code takes off an order (nothing is held or used)',
      security,
      body: PromoCheckRequest,
      response: { 200: PromoCheckResult, ...errorResponses },
    },
    handler: (request) =>
      service.checkPromoCode(
        deps,
        { userId: currentUser(request).userId, address: request.ip },
        request.body,
      ),
  });

  app.post('/api/v1/tickets/book/', {
    config: signedIn,
    schema: {
      tags,
      summary:
        'Hold tickets of one slot for the hold time (10 minutes by default); send an Idempotency-Key to make retries safe',
      security,
      body: BookRequest,
      response: { 201: Booking, ...errorResponses },
    },
    handler: async (request, reply) => {
      const user = currentUser(request);
      // The key is claimed and answered inside the booking's own transaction.
      const claim = claimOf({
        userId: user.userId,
        scope: 'book',
        key: request.headers[IDEMPOTENCY_HEADER],
        request: request.body,
      });
      const booking = await holds.run(
        () =>
          book(
            deps,
            { userId: user.userId, address: request.ip, language: request.language },
            request.body,
            claim,
          ),
        abortedWithCaller(reply.raw),
      );
      return reply.code(201).send(booking);
    },
  });

  app.post('/api/v1/events/:id/best-available/', {
    config: signedIn,
    schema: {
      tags,
      summary:
        'Hold the best seats of a seated category: side by side nearest the stage without stranding a seat, else the best split (together: false); answers the held booking as book does',
      security,
      params: PublicEventParams,
      body: BestAvailableRequest,
      response: { 201: BestAvailableResult, ...errorResponses },
    },
    handler: async (request, reply) => {
      const user = currentUser(request);
      const result = await holds.run(
        () =>
          holdBestAvailable(
            deps,
            { userId: user.userId, address: request.ip, language: request.language },
            request.params.id,
            request.body,
          ),
        abortedWithCaller(reply.raw),
      );
      return reply.code(201).send(result);
    },
  });

  app.get('/api/v1/bookings/', {
    config: signedIn,
    schema: {
      tags,
      summary: 'The reader’s bookings, oldest first (filter by event)',
      security,
      querystring: BookingListQuery,
      response: { 200: BookingList, ...errorResponses },
    },
    handler: async (request) => {
      const { count, results } = await service.listBookings(
        deps,
        currentUser(request).userId,
        request.query,
      );
      return toPage(request, request.query, count, results, publicUrl);
    },
  });

  app.get('/api/v1/bookings/:id/', {
    config: signedIn,
    schema: {
      tags,
      summary: 'One of the reader’s bookings',
      security,
      params: BookingParams,
      response: { 200: Booking, ...errorResponses },
    },
    handler: (request) => service.getBooking(deps, currentUser(request).userId, request.params.id),
  });

  app.patch('/api/v1/bookings/:id/', {
    config: signedIn,
    schema: {
      tags,
      summary: 'Apply a promo code to a pending booking (null takes it off); totals are recomputed',
      security,
      params: BookingParams,
      body: BookingUpdateRequest,
      response: { 200: Booking, ...errorResponses },
    },
    handler: (request) =>
      service.updateBooking(
        deps,
        { userId: currentUser(request).userId, address: request.ip },
        request.params.id,
        request.body,
      ),
  });

  app.post('/api/v1/bookings/:id/cancel/', {
    config: signedIn,
    schema: {
      tags,
      summary: 'Let a pending hold go now (its tickets return to sale)',
      security,
      params: BookingParams,
      response: { 200: Booking, ...errorResponses },
    },
    handler: (request) =>
      service.cancelPendingBooking(deps, currentUser(request).userId, request.params.id),
  });
}
