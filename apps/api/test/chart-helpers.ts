import { Chart } from '@hafla/shared/charts/charts';
import type { SeatChartInput } from '@hafla/shared/charts/chart-format';
import { sampleChart } from '@hafla/shared/charts/sample-chart';
import { call, expectOk } from './event-helpers';
import type { TestContext } from './helpers';

/** An organizer's chart (the sample opera house unless `draft` says otherwise), published. */
export async function createPublishedChart(
  ctx: TestContext,
  auth: string,
  draft: SeatChartInput = sampleChart(),
  name = 'Opera',
): Promise<number> {
  const created = expectOk(
    await call(ctx, auth, 'POST', '/api/v1/charts/', { name, draft }),
    201,
    Chart,
  );
  expectOk(await call(ctx, auth, 'POST', `/api/v1/charts/${created.id}/publish/`), 200, Chart);
  return created.id;
}
