import {
  CheckInBatchRequest,
  CheckInBatchResponse,
  CheckInHistory,
  CheckInList,
  CheckInListQuery,
  CheckInParams,
  CheckInRequest,
  CheckInResponse,
  CheckInUndoRequest,
  CheckInUndoResponse,
} from '@hafla/shared/door/check-ins';
import { ApproveRejectRequest, ApproveRejectResponse } from '@hafla/shared/door/guest-list';
import { EventParams } from '@hafla/shared/events/events';
import { TicketParams } from '@hafla/shared/bookings/bookings';
import { ticketQrKey } from '../../lib/tickets/ticket-code';
import type { App } from '../../lib/types';
import { currentUser } from '../../plugins/auth';
import { errorResponses } from '../../plugins/openapi';
import * as service from './service';

const tags = ['door'];
const security = [{ bearer: [] }];
const signedIn = { auth: true as const };

/** What the door's services need, from the app (the tickets routes use it for the guest list). */
export function doorDeps(app: App): service.DoorDeps {
  return {
    db: app.db,
    qrKey: ticketQrKey(app.config.JWT_SECRET),
    now: () => new Date(),
    notify: (ids) => app.notifier.push(ids),
    onMailQueued: () => app.mailer.poke(),
    payments: app.paymentsDeps,
  };
}

/**
 * The door: approval, check-in (one scan, a queued batch, undo), a ticket's door history and the
 * offline list. Rights are read from the database on every call (decision 0014).
 */
export async function doorRoutes(app: App) {
  const deps = doorDeps(app);

  app.patch('/api/v1/tickets/:id/approve-reject/', {
    config: signedIn,
    schema: {
      tags,
      summary:
        'Approve or reject a ticket awaiting approval (organizer or supervisor); a rejection refunds it in full',
      security,
      params: TicketParams,
      body: ApproveRejectRequest,
      response: { 200: ApproveRejectResponse, ...errorResponses },
    },
    handler: (request) =>
      service.approveReject(deps, currentUser(request).userId, request.params.id, request.body),
  });

  app.post('/api/v1/check-ins/', {
    config: signedIn,
    schema: {
      tags,
      summary:
        'Check a ticket in by its QR payload or short code; validity is judged before "already checked in", and the same nonce answers the first answer',
      security,
      body: CheckInRequest,
      response: { 200: CheckInResponse, ...errorResponses },
    },
    handler: (request) => service.checkIn(deps, currentUser(request).userId, request.body),
  });

  app.post('/api/v1/check-ins/batch/', {
    config: signedIn,
    schema: {
      tags,
      summary:
        'Queued offline scans: applied earliest device time first; for one ticket the earliest scan wins',
      security,
      body: CheckInBatchRequest,
      response: { 200: CheckInBatchResponse, ...errorResponses },
    },
    handler: (request) => service.checkInBatch(deps, currentUser(request).userId, request.body),
  });

  app.post('/api/v1/check-ins/:id/undo/', {
    config: signedIn,
    schema: {
      tags,
      summary: 'Undo the check-in a scan made (organizer or supervisor): a reversal is appended',
      security,
      params: CheckInParams,
      body: CheckInUndoRequest.optional(),
      response: { 200: CheckInUndoResponse, ...errorResponses },
    },
    handler: (request) =>
      service.undo(deps, currentUser(request).userId, request.params.id, request.body ?? {}),
  });

  app.get('/api/v1/tickets/:id/check-ins/', {
    config: signedIn,
    schema: {
      tags,
      summary: 'Every scan and undo of a ticket with device and user, oldest first',
      security,
      params: TicketParams,
      response: { 200: CheckInHistory, ...errorResponses },
    },
    handler: (request) => service.history(deps, currentUser(request).userId, request.params.id),
  });

  app.get('/api/v1/events/:id/check-in-list/', {
    config: signedIn,
    schema: {
      tags,
      summary:
        'The offline list for a scanning device: tickets changed since the cursor, with hashes of their codes',
      security,
      params: EventParams,
      querystring: CheckInListQuery,
      response: { 200: CheckInList, ...errorResponses },
    },
    handler: (request) =>
      service.checkInList(deps, currentUser(request).userId, request.params.id, request.query),
  });
}
