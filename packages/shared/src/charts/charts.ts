import { z } from 'zod';
import { DbIdParam } from '../common/ids';
import { PaginationQuery, paginated } from '../common/pagination';
import { Instant } from '../common/time';
import { SeatChart } from './chart-format';

/** The organizer's own name for a chart ("Opera house, main hall"). */
export const ChartName = z.string().trim().min(1).max(120);

/** POST /api/v1/charts/ — without a draft, the chart starts as `emptyChart()`. */
export const ChartCreateRequest = z.strictObject({
  name: ChartName,
  draft: SeatChart.optional(),
});
export type ChartCreateRequest = z.infer<typeof ChartCreateRequest>;

/** PATCH /api/v1/charts/{id}/ — the name, the whole draft, or both (autosave sends the draft). */
export const ChartUpdateRequest = z.strictObject({
  name: ChartName.optional(),
  draft: SeatChart.optional(),
});
export type ChartUpdateRequest = z.infer<typeof ChartUpdateRequest>;

export const ChartVersionSummary = z.object({
  version: z.number().int().min(1),
  seat_count: z.number().int().min(0),
  published_at: Instant,
});
export type ChartVersionSummary = z.infer<typeof ChartVersionSummary>;

/** A published version: immutable. */
export const ChartVersion = ChartVersionSummary.extend({
  chart_id: z.number().int(),
  chart: SeatChart,
});
export type ChartVersion = z.infer<typeof ChartVersion>;

export const ChartSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Seats in the draft. */
  seat_count: z.number().int().min(0),
  /** The newest published version's number; null until the first publication. */
  published_version: z.number().int().min(1).nullable(),
  /** An event date sells seats from one of its versions (it cannot be deleted). */
  in_use: z.boolean(),
  created_at: Instant,
  updated_at: Instant,
});
export type ChartSummary = z.infer<typeof ChartSummary>;

export const Chart = ChartSummary.extend({
  draft: SeatChart,
  /** Newest first. */
  versions: z.array(ChartVersionSummary),
});
export type Chart = z.infer<typeof Chart>;

export const ChartList = paginated(ChartSummary);

export const ChartListQuery = PaginationQuery;
export type ChartListQuery = z.infer<typeof ChartListQuery>;

export const ChartParams = z.object({ id: DbIdParam });
export const ChartVersionParams = z.object({ id: DbIdParam, version: DbIdParam });
