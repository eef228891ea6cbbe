import { z } from 'zod';
import { CHART_LIMITS, countChartSeats } from '@hafla/shared/charts/chart-format';
import {
  Chart,
  ChartCreateRequest,
  ChartList,
  ChartListQuery,
  ChartParams,
  ChartUpdateRequest,
  ChartVersion,
  ChartVersionParams,
} from '@hafla/shared/charts/charts';
import { fieldError } from '../../lib/app-error';
import { toPage } from '../../lib/pagination';
import type { App } from '../../lib/types';
import { currentUser } from '../../plugins/auth';
import { errorResponses } from '../../plugins/openapi';
import * as service from './service';

const tags = ['seat charts'];
const security = [{ bearer: [] }];
const organizerOnly = { auth: ['organizer' as const] };

/**
 * Counted before the schema reads a single seat: a chart of a million seats is refused for the
 * price of walking its rows (the body itself is capped at CHART_LIMITS.maxJsonBytes).
 */
function refuseTooManySeats(body: unknown): void {
  const draft =
    typeof body === 'object' && body !== null ? (body as { draft?: unknown }).draft : null;
  if (countChartSeats(draft) > CHART_LIMITS.maxSeats) {
    throw fieldError('max_seats', 'draft.sections', { max: CHART_LIMITS.maxSeats });
  }
}

/** The organizer's seat charts: drafts the designer saves, and published versions. */
export async function chartsRoutes(app: App) {
  const deps: service.ChartsDeps = { db: app.db, now: () => new Date() };
  const publicUrl = app.config.PUBLIC_URL;

  app.get('/api/v1/charts/', {
    config: organizerOnly,
    schema: {
      tags,
      summary: "The organizer's seat charts, newest first (without their drafts)",
      security,
      querystring: ChartListQuery,
      response: { 200: ChartList, ...errorResponses },
    },
    handler: async (request) => {
      const { count, results } = await service.listOwnCharts(
        deps,
        currentUser(request).userId,
        request.query,
      );
      return toPage(request, request.query, count, results, publicUrl);
    },
  });

  app.post('/api/v1/charts/', {
    config: organizerOnly,
    bodyLimit: CHART_LIMITS.maxJsonBytes,
    preValidation: async (request) => refuseTooManySeats(request.body),
    schema: {
      tags,
      summary: 'Create a seat chart (an empty venue unless a draft is sent)',
      security,
      body: ChartCreateRequest,
      response: { 201: Chart, ...errorResponses },
    },
    handler: async (request, reply) => {
      const chart = await service.createChart(deps, currentUser(request).userId, request.body);
      return reply.code(201).send(chart);
    },
  });

  app.get('/api/v1/charts/:id', {
    config: organizerOnly,
    schema: {
      tags,
      summary: 'One own seat chart: its draft and its published versions',
      security,
      params: ChartParams,
      response: { 200: Chart, ...errorResponses },
    },
    handler: (request) => service.getOwnChart(deps, currentUser(request).userId, request.params.id),
  });

  app.patch('/api/v1/charts/:id/', {
    config: organizerOnly,
    bodyLimit: CHART_LIMITS.maxJsonBytes,
    preValidation: async (request) => refuseTooManySeats(request.body),
    schema: {
      tags,
      summary: 'Rename a chart or replace its draft (published versions never change)',
      security,
      params: ChartParams,
      body: ChartUpdateRequest,
      response: { 200: Chart, ...errorResponses },
    },
    handler: (request) =>
      service.updateChart(deps, currentUser(request).userId, request.params.id, request.body),
  });

  app.delete('/api/v1/charts/:id/', {
    config: organizerOnly,
    schema: {
      tags,
      summary: 'Delete a chart with its published versions',
      security,
      params: ChartParams,
      response: { 204: z.null().describe('Deleted'), ...errorResponses },
    },
    handler: async (request, reply) => {
      await service.deleteChart(deps, currentUser(request).userId, request.params.id);
      return reply.code(204).send(null);
    },
  });

  app.post('/api/v1/charts/:id/publish/', {
    config: organizerOnly,
    schema: {
      tags,
      summary:
        'Publish the draft as the next version, or answer every problem as a field error on draft.<path>',
      security,
      params: ChartParams,
      response: { 200: Chart, ...errorResponses },
    },
    handler: (request) =>
      service.publishChart(deps, currentUser(request).userId, request.params.id),
  });

  app.get('/api/v1/charts/:id/versions/:version/', {
    config: organizerOnly,
    schema: {
      tags,
      summary: 'One published version of an own chart (never changes)',
      security,
      params: ChartVersionParams,
      response: { 200: ChartVersion, ...errorResponses },
    },
    handler: (request) =>
      service.getOwnVersion(
        deps,
        currentUser(request).userId,
        request.params.id,
        request.params.version,
      ),
  });
}
