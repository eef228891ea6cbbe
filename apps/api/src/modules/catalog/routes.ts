import {
  AdminHomePageConfig,
  AppInfo,
  HomePageConfig,
  HomePageConfigRequest,
} from '@hafla/shared/catalog/app-config';
import {
  CATEGORIES_PATH,
  EVENT_TYPES_PATH,
  WHOLE_LIST,
  wholeListPath,
} from '@hafla/shared/catalog/catalog-lists';
import { Category, CategoryList, CategoryParams } from '@hafla/shared/catalog/categories';
import {
  ConfigurationPage,
  ConfigurationPageParams,
} from '@hafla/shared/catalog/configuration-pages';
import { EventTypeList } from '@hafla/shared/catalog/event-types';
import { EVENTS_LIST_PAGE } from '@hafla/shared/events/event-pages';
import { FaqList } from '@hafla/shared/catalog/faq';
import { ProblemReport, ProblemReportRequest } from '@hafla/shared/catalog/problem-reports';
import type { Language } from '@hafla/shared/common/i18n';
import { PaginationQuery, type Page } from '@hafla/shared/common/pagination';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { toPage } from '../../lib/pagination';
import { cacheKeyOf, sendCached } from '../../plugins/http-cache';
import type { App } from '../../lib/types';
import { currentUser } from '../../plugins/auth';
import { errorResponses } from '../../plugins/openapi';
import { actorOf } from '../admin/audit';
import { getAdminHomePageConfig, getHomePageConfig, saveHomePageConfig } from './home-config';
import * as catalog from './service';

const tags = ['catalog'];
const APP_INFO_PATH = '/api/v1/app_config/';

export async function catalogRoutes(app: App) {
  const { db } = app;
  const publicUrl = app.config.PUBLIC_URL;
  /**
   * Catalog content is the same for every reader in a language and changes only when staff
   * edit it (every such write notifies `*`): kept in the read cache, and by shared caches for
   * a minute (decision 0017).
   */
  const shared = { sharedCache: { sMaxAge: 60, staleWhileRevalidate: 600 } };
  /** The answer to `url` (the request's own by default) from the read cache. */
  const cachedAnswer = <T>(
    request: FastifyRequest,
    schema: { parse(value: unknown): T },
    compute: () => Promise<T>,
    url?: string,
  ) =>
    app.readCache.get(
      cacheKeyOf(request, publicUrl, url),
      [],
      async () => ({ value: await compute() }),
      { serialize: (value) => JSON.stringify(schema.parse(value)) },
    );
  const cached = <T>(
    request: FastifyRequest,
    reply: FastifyReply,
    schema: { parse(value: unknown): T },
    compute: () => Promise<T>,
  ): Promise<void> =>
    cachedAnswer(request, schema, compute).then((answer) => {
      sendCached(reply, answer);
    });
  /**
   * Sends the cached answer and resolves with the reply itself, as an async handler that sent
   * must (resolving undefined while async onSend hooks run would send twice). Typed `never`:
   * the reply is not the route's body type, and nothing reads the value.
   */
  const cachedReply = <T>(
    request: FastifyRequest,
    reply: FastifyReply,
    schema: { parse(value: unknown): T },
    compute: () => Promise<T>,
  ): Promise<never> => cached(request, reply, schema, compute).then(() => reply as never);

  /** A page of a catalog list, as `url` asks for it (a request's, or a page's first answer). */
  const listAnswer =
    <T>(
      schema: { parse(value: unknown): Page<T> },
      list: (
        database: typeof db,
        language: Language,
        query: PaginationQuery,
      ) => Promise<{ count: number; results: T[] }>,
    ) =>
    (request: FastifyRequest, query: PaginationQuery, url: string) =>
      cachedAnswer(
        request,
        schema,
        async () => {
          const { count, results } = await list(db, request.language, query);
          return toPage(request, query, count, results, publicUrl, url);
        },
        url,
      );
  const categoriesAnswer = listAnswer(CategoryList, catalog.listCategories);
  const eventTypesAnswer = listAnswer(EventTypeList, catalog.listEventTypes);

  // The events list's page carries the categories and event types its filters offer, whole, as
  // the app reads them (decision 0026); discovery adds the list's first page. The home page
  // carries the categories its chips show; discovery adds its sections.
  for (const [page, path, answerOf, options] of [
    [EVENTS_LIST_PAGE, CATEGORIES_PATH, categoriesAnswer, { readsQuery: true }],
    [EVENTS_LIST_PAGE, EVENT_TYPES_PATH, eventTypesAnswer, { readsQuery: true }],
    ['/', CATEGORIES_PATH, categoriesAnswer, {}],
  ] as const) {
    app.firstAnswers.add(
      page,
      async (request) => {
        const url = wholeListPath(path);
        return {
          path: url,
          language: request.language,
          body: (await answerOf(request, WHOLE_LIST, url)).body,
        };
      },
      options,
    );
  }

  /**
   * The application information: the same for every reader in a language, changed only by the
   * platform settings (whose writes notify `*`), and sent inside every page that brings its
   * first answer (decision 0024) — kept in the read cache rather than read from the database
   * on every page and every app start.
   */
  const appInfo = (request: FastifyRequest) => () =>
    catalog.getAppInfo(db, request.language, app.config.SENTRY_DSN ?? null);

  app.get(APP_INFO_PATH, {
    schema: {
      tags,
      summary: 'Application information: version, languages, currencies, limits',
      response: { 200: AppInfo, ...errorResponses },
    },
    handler: (request, reply) => cachedReply(request, reply, AppInfo, appInfo(request)),
  });

  // PRODUCT.md section 9: the app shows nothing before it has the application information, so a
  // page that brings its first answer brings this one too (decision 0024).
  app.firstAnswers.addToEveryPage(async (request) => ({
    path: APP_INFO_PATH,
    language: request.language,
    body: (await cachedAnswer(request, AppInfo, appInfo(request), APP_INFO_PATH)).body,
  }));

  app.get('/api/v1/app_config/home-page-config/', {
    config: shared,
    schema: {
      tags,
      summary: 'Home page sections in display order',
      response: { 200: HomePageConfig, ...errorResponses },
    },
    handler: (request, reply) =>
      cachedReply(request, reply, HomePageConfig, () => getHomePageConfig(db, request.language)),
  });

  app.get('/api/v1/admin/app_config/home-page-config/', {
    config: { auth: ['admin'] },
    schema: {
      tags: ['admin'],
      summary: 'The home page sections as stored: both languages, hidden ones too (platform staff)',
      security: [{ bearer: [] }],
      response: { 200: AdminHomePageConfig, ...errorResponses },
    },
    handler: () => getAdminHomePageConfig(db),
  });

  app.put('/api/v1/admin/app_config/home-page-config/', {
    config: { auth: ['admin'] },
    schema: {
      tags: ['admin'],
      summary: 'Replace the home page sections: add, edit, reorder, hide (platform staff)',
      security: [{ bearer: [] }],
      body: HomePageConfigRequest,
      response: { 200: HomePageConfig, ...errorResponses },
    },
    handler: (request) => saveHomePageConfig(db, actorOf(request), request.body, request.language),
  });

  app.get(CATEGORIES_PATH, {
    config: shared,
    schema: {
      tags,
      summary: 'Event categories',
      querystring: PaginationQuery,
      response: { 200: CategoryList, ...errorResponses },
    },
    handler: async (request, reply) =>
      sendCached(reply, await categoriesAnswer(request, request.query, request.url)),
  });

  app.get('/api/v1/categories/:id', {
    config: shared,
    schema: {
      tags,
      summary: 'One event category',
      params: CategoryParams,
      response: { 200: Category, ...errorResponses },
    },
    handler: (request, reply) =>
      cachedReply(request, reply, Category, () =>
        catalog.getCategory(db, request.language, request.params.id),
      ),
  });

  app.get(EVENT_TYPES_PATH, {
    config: shared,
    schema: {
      tags,
      summary: 'Event types',
      querystring: PaginationQuery,
      response: { 200: EventTypeList, ...errorResponses },
    },
    handler: async (request, reply) =>
      sendCached(reply, await eventTypesAnswer(request, request.query, request.url)),
  });

  app.get('/api/v1/faq/', {
    config: shared,
    schema: {
      tags,
      summary: 'Frequently asked questions',
      querystring: PaginationQuery,
      response: { 200: FaqList, ...errorResponses },
    },
    handler: (request, reply) =>
      cachedReply(request, reply, FaqList, async () => {
        const { count, results } = await catalog.listFaq(db, request.language, request.query);
        return toPage(request, request.query, count, results, publicUrl);
      }),
  });

  app.get('/api/v1/configuration/:id', {
    config: shared,
    schema: {
      tags,
      summary: 'A content page (terms, privacy, about) by numeric id or slug',
      params: ConfigurationPageParams,
      response: { 200: ConfigurationPage, ...errorResponses },
    },
    handler: (request, reply) =>
      cachedReply(request, reply, ConfigurationPage, () =>
        catalog.getConfigurationPage(db, request.language, request.params.id),
      ),
  });

  app.post('/api/v1/problem-reports/', {
    config: { auth: true, rateLimit: { max: 10, timeWindow: '1 hour' } },
    schema: {
      tags,
      summary: 'Report a problem to the platform staff',
      security: [{ bearer: [] }],
      body: ProblemReportRequest,
      response: { 201: ProblemReport, ...errorResponses },
    },
    handler: async (request, reply) => {
      const report = await catalog.createProblemReport(
        db,
        currentUser(request).userId,
        request.body,
      );
      return reply.code(201).send(report);
    },
  });
}
