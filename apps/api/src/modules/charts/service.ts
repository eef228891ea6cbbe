import { countChartSeats, emptyChart } from '@hafla/shared/charts/chart-format';
import type {
  Chart,
  ChartCreateRequest,
  ChartListQuery,
  ChartSummary,
  ChartUpdateRequest,
  ChartVersion,
} from '@hafla/shared/charts/charts';
import { validateChartForPublish } from '@hafla/shared/charts/validate-chart';
import type { Db } from '../../db/client';
import { AppError, fieldErrors, notFound } from '../../lib/app-error';
import * as queries from './queries';

export interface ChartsDeps {
  db: Db;
  now: () => Date;
}

function toSummary(row: queries.ChartSummaryRow): ChartSummary {
  return {
    id: row.id,
    name: row.name,
    seat_count: row.draft_seat_count,
    published_version: row.published_version,
    in_use: row.in_use,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export async function listOwnCharts(deps: ChartsDeps, organizerId: string, query: ChartListQuery) {
  const { rows, count } = await queries.findOwnCharts(deps.db, organizerId, query);
  return { count, results: rows.map(toSummary) };
}

/** Another organizer's chart is `not_found`, like one that does not exist. */
export async function getOwnChart(
  deps: ChartsDeps,
  organizerId: string,
  id: number,
): Promise<Chart> {
  const row = await queries.findOwnChart(deps.db, id, organizerId);
  if (!row) throw notFound();
  const versions = await queries.findVersionSummaries(deps.db, id);
  return {
    ...toSummary(row),
    draft: row.draft,
    versions: versions.map((version) => ({
      ...version,
      published_at: version.published_at.toISOString(),
    })),
  };
}

export async function createChart(
  deps: ChartsDeps,
  organizerId: string,
  input: ChartCreateRequest,
): Promise<Chart> {
  const draft = input.draft ?? emptyChart();
  const id = await queries.insertChart(deps.db, {
    organizer_id: organizerId,
    name: input.name,
    draft,
    draft_seat_count: countChartSeats(draft),
    now: deps.now(),
  });
  return getOwnChart(deps, organizerId, id);
}

export async function updateChart(
  deps: ChartsDeps,
  organizerId: string,
  id: number,
  input: ChartUpdateRequest,
): Promise<Chart> {
  const isUpdated = await queries.updateOwnChart(deps.db, id, organizerId, {
    ...(input.name !== undefined && { name: input.name }),
    ...(input.draft !== undefined && {
      draft: input.draft,
      draft_seat_count: countChartSeats(input.draft),
    }),
    updated_at: deps.now(),
  });
  if (!isUpdated) throw notFound();
  return getOwnChart(deps, organizerId, id);
}

/** Deletes the chart with its published versions, unless an event date pins one. */
export async function deleteChart(
  deps: ChartsDeps,
  organizerId: string,
  id: number,
): Promise<void> {
  const outcome = await queries.deleteOwnChart(deps.db, id, organizerId);
  if (outcome === 'missing') throw notFound();
  // An event date sells seats of one of its versions (decision 0020).
  if (outcome === 'in_use') throw new AppError('chart_in_use', { status: 409 });
}

/**
 * Publishes the draft as the next version when it passes every check of
 * `validateChartForPublish`; otherwise answers each problem as a field error on `draft.<path>`
 * and changes nothing.
 */
export async function publishChart(
  deps: ChartsDeps,
  organizerId: string,
  id: number,
): Promise<Chart> {
  const row = await queries.findOwnChart(deps.db, id, organizerId);
  if (!row) throw notFound();
  const issues = validateChartForPublish(row.draft);
  if (issues.length > 0) {
    throw fieldErrors(
      issues.map((issue) => ({
        code: issue.code,
        attr: `draft.${issue.path}`,
        params: issue.params,
      })),
    );
  }
  const version = await queries.insertNextVersion(
    deps.db,
    id,
    organizerId,
    row.draft,
    countChartSeats(row.draft),
    deps.now(),
  );
  if (version === null) throw notFound();
  return getOwnChart(deps, organizerId, id);
}

export async function getOwnVersion(
  deps: ChartsDeps,
  organizerId: string,
  id: number,
  version: number,
): Promise<ChartVersion> {
  const row = await queries.findOwnVersion(deps.db, id, organizerId, version);
  if (!row) throw notFound();
  return { ...row, published_at: row.published_at.toISOString() };
}
