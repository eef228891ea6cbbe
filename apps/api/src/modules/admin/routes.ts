import { AuditLogList, AuditLogQuery } from '@hafla/shared/admin/audit-log';
import {
  AdminCategory,
  AdminCategoryList,
  AdminEventType,
  AdminEventTypeList,
  AdminFaqEntry,
  AdminFaqList,
  AdminPage,
  AdminPageList,
  CategoryInput,
  CategoryPatch,
  ContentListQuery,
  ContentParams,
  EventTypeInput,
  EventTypePatch,
  FaqInput,
  FaqPatch,
  PageInput,
  PagePatch,
  ReorderRequest,
  type ContentKind,
} from '@hafla/shared/admin/content';
import { AdminDashboard } from '@hafla/shared/admin/dashboard';
import {
  AdminEvent,
  AdminEventList,
  AdminEventParams,
  AdminEventPatch,
  AdminEventQuery,
  UnpublishRequest,
} from '@hafla/shared/admin/events';
import {
  AdminProblemReport,
  AdminProblemReportList,
  AdminProblemReportQuery,
  ProblemReportParams,
  ProblemReportPatch,
} from '@hafla/shared/admin/problem-reports';
import { AdminPlatformSettings, PlatformSettingsPatch } from '@hafla/shared/admin/settings';
import {
  AdminUser,
  AdminUserDetail,
  AdminUserList,
  AdminUserParams,
  AdminUserQuery,
  RolesPatch,
  SuspendRequest,
} from '@hafla/shared/admin/users';
import { z } from 'zod';
import { toPage } from '../../lib/pagination';
import type { App } from '../../lib/types';
import { errorResponses } from '../../plugins/openapi';
import { actorOf, listAuditLog } from './audit';
import * as content from './content';
import { getDashboard } from './dashboard';
import * as adminEvents from './events';
import * as reports from './problem-reports';
import { getPlatformSettings, updatePlatformSettings } from './settings';
import * as adminUsers from './users';

const tags = ['admin'];
const security = [{ bearer: [] }];
const config = { auth: ['admin' as const] };

/** Schemas of one content kind's calls. */
interface ContentSchemas {
  path: string;
  noun: string;
  item: z.ZodType;
  list: z.ZodType;
  input: z.ZodType;
  patch: z.ZodType;
  reorderable: boolean;
}

const CONTENT_ROUTES: Record<ContentKind, ContentSchemas> = {
  categories: {
    path: 'categories',
    noun: 'event category',
    item: AdminCategory,
    list: AdminCategoryList,
    input: CategoryInput,
    patch: CategoryPatch,
    reorderable: true,
  },
  'event-types': {
    path: 'event-types',
    noun: 'event type',
    item: AdminEventType,
    list: AdminEventTypeList,
    input: EventTypeInput,
    patch: EventTypePatch,
    reorderable: true,
  },
  faq: {
    path: 'faq',
    noun: 'FAQ entry',
    item: AdminFaqEntry,
    list: AdminFaqList,
    input: FaqInput,
    patch: FaqPatch,
    reorderable: true,
  },
  pages: {
    path: 'pages',
    noun: 'configuration page (terms, privacy, about)',
    item: AdminPage,
    list: AdminPageList,
    input: PageInput,
    patch: PagePatch,
    reorderable: false,
  },
};

/**
 * The admin console's API (PRODUCT.md section 11): admins only; every mutation writes its audit
 * row in its own transaction. The home page sections and the withdrawal queue live with their
 * modules (catalog, finance) and write the same audit log.
 */
export async function adminRoutes(app: App) {
  const { db } = app;
  const publicUrl = app.config.PUBLIC_URL;
  const notify = (ids: number[]) => {
    if (ids.length === 0) return;
    app.notifier.push(ids);
    app.mailer.poke();
  };
  const usersDeps: adminUsers.UsersDeps = {
    db,
    sessions: app.sessions,
    disconnect: (userId) => app.realtime.disconnect(userId),
  };

  app.get('/api/v1/admin/dashboard/', {
    config,
    schema: {
      tags,
      summary: 'Counts for the console: new reports, pending withdrawals, the last seven days',
      security,
      response: { 200: AdminDashboard, ...errorResponses },
    },
    handler: () => getDashboard(db),
  });

  app.get('/api/v1/admin/audit-log/', {
    config,
    schema: {
      tags,
      summary: 'Every admin action, newest first, filtered by actor, action, target or time',
      security,
      querystring: AuditLogQuery,
      response: { 200: AuditLogList, ...errorResponses },
    },
    handler: async (request) => {
      const page = await listAuditLog(db, request.query);
      return toPage(request, request.query, page.count, page.results, publicUrl);
    },
  });

  for (const [kind, schemas] of Object.entries(CONTENT_ROUTES) as Array<
    [ContentKind, ContentSchemas]
  >) {
    const base = `/api/v1/admin/${schemas.path}/`;
    app.get(base, {
      config,
      schema: {
        tags,
        summary: `List every ${schemas.noun} (hidden ones too), searchable and sortable`,
        security,
        querystring: ContentListQuery,
        response: { 200: schemas.list, ...errorResponses },
      },
      handler: async (request) => {
        const page = await content.listContent(db, kind, request.query);
        return toPage(request, request.query, page.count, page.results, publicUrl);
      },
    });
    app.post(base, {
      config,
      schema: {
        tags,
        summary: `Create an ${schemas.noun} in English and Arabic`,
        security,
        body: schemas.input,
        response: { 201: schemas.item, ...errorResponses },
      },
      handler: async (request, reply) => {
        const created = await content.createContent(
          db,
          actorOf(request),
          kind,
          request.body as Record<string, unknown>,
        );
        return reply.code(201).send(created);
      },
    });
    if (schemas.reorderable) {
      app.put(`${base}reorder/`, {
        config,
        schema: {
          tags,
          summary: `Put ${schemas.noun} rows in this order (each id gets its index as position)`,
          security,
          body: ReorderRequest,
          response: { 204: z.null().describe('Reordered'), ...errorResponses },
        },
        handler: async (request, reply) => {
          await content.reorderContent(
            db,
            actorOf(request),
            kind as Exclude<ContentKind, 'pages'>,
            request.body,
          );
          return reply.code(204).send(null);
        },
      });
    }
    app.get(`${base}:id/`, {
      config,
      schema: {
        tags,
        summary: `One ${schemas.noun}`,
        security,
        params: ContentParams,
        response: { 200: schemas.item, ...errorResponses },
      },
      handler: (request) => content.getContent(db, kind, request.params.id),
    });
    app.patch(`${base}:id/`, {
      config,
      schema: {
        tags,
        summary: `Edit an ${schemas.noun}, or hide it (is_hidden)`,
        security,
        params: ContentParams,
        body: schemas.patch,
        response: { 200: schemas.item, ...errorResponses },
      },
      handler: (request) =>
        content.updateContent(
          db,
          actorOf(request),
          kind,
          request.params.id,
          request.body as Record<string, unknown>,
        ),
    });
    app.delete(`${base}:id/`, {
      config,
      schema: {
        tags,
        summary: `Delete an ${schemas.noun}; one that events use is refused (…_in_use)`,
        security,
        params: ContentParams,
        response: { 204: z.null().describe('Deleted'), ...errorResponses },
      },
      handler: async (request, reply) => {
        await content.deleteContent(db, actorOf(request), kind, request.params.id);
        return reply.code(204).send(null);
      },
    });
  }

  app.get('/api/v1/admin/app_config/platform/', {
    config,
    schema: {
      tags,
      summary: 'Platform settings: fee, payout hold, withdrawal minimum and threshold, limits',
      security,
      response: { 200: AdminPlatformSettings, ...errorResponses },
    },
    handler: () => getPlatformSettings(db),
  });
  app.patch('/api/v1/admin/app_config/platform/', {
    config,
    schema: {
      tags,
      summary: 'Change some platform settings (validated; the others stay)',
      security,
      body: PlatformSettingsPatch,
      response: { 200: AdminPlatformSettings, ...errorResponses },
    },
    handler: (request) => updatePlatformSettings(db, actorOf(request), request.body),
  });

  app.get('/api/v1/admin/problem-reports/', {
    config,
    schema: {
      tags,
      summary: 'Problem reports with their reporter, assignee and history (filter, search, sort)',
      security,
      querystring: AdminProblemReportQuery,
      response: { 200: AdminProblemReportList, ...errorResponses },
    },
    handler: async (request) => {
      const page = await reports.listReports(db, request.query);
      return toPage(request, request.query, page.count, page.results, publicUrl);
    },
  });
  app.get('/api/v1/admin/problem-reports/:id/', {
    config,
    schema: {
      tags,
      summary: 'One problem report',
      security,
      params: ProblemReportParams,
      response: { 200: AdminProblemReport, ...errorResponses },
    },
    handler: (request) => reports.getReport(db, request.params.id),
  });
  app.patch('/api/v1/admin/problem-reports/:id/', {
    config,
    schema: {
      tags,
      summary:
        'Assign a problem report to an admin and/or change its status with a note; resolving notifies the reporter',
      security,
      params: ProblemReportParams,
      body: ProblemReportPatch,
      response: { 200: AdminProblemReport, ...errorResponses },
    },
    handler: (request) =>
      reports.updateReport({ db, notify }, actorOf(request), request.params.id, request.body),
  });

  app.get('/api/v1/admin/events/', {
    config,
    schema: {
      tags,
      summary: 'Every event, any status: search by title or organizer, filter, sort',
      security,
      querystring: AdminEventQuery,
      response: { 200: AdminEventList, ...errorResponses },
    },
    handler: async (request) => {
      const page = await adminEvents.listEvents(db, request.query);
      return toPage(request, request.query, page.count, page.results, publicUrl);
    },
  });
  app.patch('/api/v1/admin/events/:id/', {
    config,
    schema: {
      tags,
      summary: 'Feature an event on the home page, or stop featuring it',
      security,
      params: AdminEventParams,
      body: AdminEventPatch,
      response: { 200: AdminEvent, ...errorResponses },
    },
    handler: (request) =>
      adminEvents.patchEvent(db, actorOf(request), request.params.id, request.body),
  });
  app.post('/api/v1/admin/events/:id/unpublish/', {
    config,
    schema: {
      tags,
      summary: 'Unpublish an event (back to draft) with a reason; its organizer is notified',
      security,
      params: AdminEventParams,
      body: UnpublishRequest,
      response: { 200: AdminEvent, ...errorResponses },
    },
    handler: (request) =>
      adminEvents.unpublishEvent({ db, notify }, actorOf(request), request.params.id, request.body),
  });

  app.get('/api/v1/admin/users/', {
    config,
    schema: {
      tags,
      summary: 'Accounts: search by name, organization or email; filter by role or suspension',
      security,
      querystring: AdminUserQuery,
      response: { 200: AdminUserList, ...errorResponses },
    },
    handler: async (request) => {
      const page = await adminUsers.listUsers(db, request.query);
      return toPage(request, request.query, page.count, page.results, publicUrl);
    },
  });
  app.get('/api/v1/admin/users/:id/', {
    config,
    schema: {
      tags,
      summary: 'One account: roles, latest events and bookings',
      security,
      params: AdminUserParams,
      response: { 200: AdminUserDetail, ...errorResponses },
    },
    handler: (request) => adminUsers.getUser(db, request.params.id),
  });
  app.post('/api/v1/admin/users/:id/suspend/', {
    config,
    schema: {
      tags,
      summary:
        'Suspend an account: its sessions end and its sockets close at once; sign-in answers account_suspended',
      security,
      params: AdminUserParams,
      body: SuspendRequest,
      response: { 200: AdminUser, ...errorResponses },
    },
    handler: (request) =>
      adminUsers.suspendUser(usersDeps, actorOf(request), request.params.id, request.body),
  });
  app.post('/api/v1/admin/users/:id/reinstate/', {
    config,
    schema: {
      tags,
      summary: 'Reinstate a suspended account (it may sign in again)',
      security,
      params: AdminUserParams,
      response: { 200: AdminUser, ...errorResponses },
    },
    handler: (request) => adminUsers.reinstateUser(usersDeps, actorOf(request), request.params.id),
  });
  app.patch('/api/v1/admin/users/:id/roles/', {
    config,
    schema: {
      tags,
      summary: 'Grant or remove the organizer role; promote or demote an admin (not oneself)',
      security,
      params: AdminUserParams,
      body: RolesPatch,
      response: { 200: AdminUser, ...errorResponses },
    },
    handler: (request) =>
      adminUsers.changeUserRoles(usersDeps, actorOf(request), request.params.id, request.body),
  });
}
