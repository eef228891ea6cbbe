import {
  MarkAllSeenResponse,
  Notification,
  NotificationList,
  NotificationListQuery,
  NotificationParams,
  NotificationUpdateRequest,
} from '@hafla/shared/notifications/notifications';
import { toPage } from '../../lib/pagination';
import type { App } from '../../lib/types';
import { currentUser } from '../../plugins/auth';
import { errorResponses } from '../../plugins/openapi';
import * as service from './service';

const tags = ['notifications'];
const security = [{ bearer: [] }];
const signedIn = { auth: true as const };

/** The reader's notifications: the list (with the bell's unseen count), seen one by one or all. */
export async function notificationsRoutes(app: App) {
  const publicUrl = app.config.PUBLIC_URL;

  app.get('/api/v1/notifications/', {
    config: signedIn,
    schema: {
      tags,
      summary:
        'The reader’s notifications, newest first, in the request’s language, with the unseen count',
      description:
        '`seen=false` lists the unseen ones, `seen=true` the seen ones; `unseen_count` is always the reader’s total of unseen notifications, so the bell needs only this call (with `limit=4`).',
      security,
      querystring: NotificationListQuery,
      response: { 200: NotificationList, ...errorResponses },
    },
    handler: async (request) => {
      const { userId } = currentUser(request);
      const page = await service.listNotifications(app.db, userId, request.language, request.query);
      return {
        ...toPage(request, request.query, page.count, page.results, publicUrl),
        unseen_count: page.unseen_count,
      };
    },
  });

  app.patch('/api/v1/notifications/mark-all-as-seen/', {
    config: signedIn,
    schema: {
      tags,
      summary: 'Marks every notification of the reader’s as seen',
      security,
      response: { 200: MarkAllSeenResponse, ...errorResponses },
    },
    handler: (request) => service.markAllSeen(app.db, currentUser(request).userId),
  });

  app.patch('/api/v1/notifications/:id/', {
    config: signedIn,
    schema: {
      tags,
      summary: 'Marks one of the reader’s notifications as seen (or unseen)',
      security,
      params: NotificationParams,
      body: NotificationUpdateRequest,
      response: { 200: Notification, ...errorResponses },
    },
    handler: (request) =>
      service.updateNotification(
        app.db,
        currentUser(request).userId,
        request.language,
        request.params.id,
        request.body.seen,
      ),
  });
}
