import type { Chart, ChartSummary } from '@hafla/shared/charts/charts';
import { sampleChart } from '@hafla/shared/charts/sample-chart';

export function chartSummary(id: number, overrides: Partial<ChartSummary> = {}): ChartSummary {
  return {
    id,
    name: `Hall ${id}`,
    seat_count: 106,
    published_version: null,
    in_use: false,
    created_at: '2026-11-20T10:00:00Z',
    updated_at: '2026-11-20T10:00:00Z',
    ...overrides,
  };
}

export function chartDetail(id: number, overrides: Partial<Chart> = {}): Chart {
  return { ...chartSummary(id), draft: sampleChart(), versions: [], ...overrides };
}
