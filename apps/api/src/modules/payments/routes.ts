import {
  CancellationCheck,
  PayRequest,
  PayResult,
  RefundPreview,
  RefundRequest,
  RefundResult,
} from '@hafla/shared/bookings/payments';
import { PublicEventParams } from '@hafla/shared/events/discovery';
import { idempotent, IDEMPOTENCY_HEADER } from '../idempotency/idempotency';
import type { App } from '../../lib/types';
import { currentUser } from '../../plugins/auth';
import { errorResponses } from '../../plugins/openapi';
import * as refunds from './refunds';
import * as service from './service';

const tags = ['payment'];
const security = [{ bearer: [] }];
const signedIn = { auth: true as const };

/** Paying for holds, refunds and the cancellation check. */
export async function paymentsRoutes(app: App) {
  const deps = app.paymentsDeps;

  app.post('/api/v1/payment/pay/', {
    config: signedIn,
    schema: {
      tags,
      summary:
        'Pay for a pending booking and issue its tickets. Sandbox cards: 4242424242424242 succeeds, 4000000000000002 is declined, 4000000000009995 has insufficient funds. Send an Idempotency-Key.',
      security,
      body: PayRequest,
      response: { 200: PayResult, ...errorResponses },
    },
    handler: (request) => {
      const userId = currentUser(request).userId;
      // A payment goes ahead of new holds, holding a turn while it runs (decision 0028).
      return app.checkoutTurns.runAhead(() =>
        idempotent(
          app.db,
          {
            userId,
            scope: service.PAY_SCOPE,
            key: request.headers[IDEMPOTENCY_HEADER],
            request: request.body,
          },
          (key) => service.pay(deps, userId, request.body, key),
        ),
      );
    },
  });

  app.post('/api/v1/payment/refund-check/', {
    config: signedIn,
    schema: {
      tags,
      summary: 'Preview a refund of a booking (all its refundable tickets, or those listed)',
      security,
      body: RefundRequest,
      response: { 200: RefundPreview, ...errorResponses },
    },
    handler: (request) => refunds.refundCheck(deps, currentUser(request).userId, request.body),
  });

  app.post('/api/v1/payment/refund/', {
    config: signedIn,
    schema: {
      tags,
      summary: 'Refund tickets under the event’s refund policy; send an Idempotency-Key',
      security,
      body: RefundRequest,
      response: { 200: RefundResult, ...errorResponses },
    },
    handler: (request) => {
      const userId = currentUser(request).userId;
      return idempotent(
        app.db,
        {
          userId,
          scope: 'refund',
          key: request.headers[IDEMPOTENCY_HEADER],
          request: request.body,
        },
        () => refunds.refund(deps, userId, request.body),
      );
    },
  });

  // Listed by the seed without a trailing slash; served with and without one.
  app.get('/api/v1/events/:id/cancellation-check', {
    config: signedIn,
    schema: {
      tags,
      summary:
        'Whether the reader may cancel their tickets to this event and what they would get back',
      security,
      params: PublicEventParams,
      response: { 200: CancellationCheck, ...errorResponses },
    },
    handler: (request) =>
      refunds.cancellationCheck(deps, currentUser(request).userId, request.params.id),
  });
}
