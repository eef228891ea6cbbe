import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHART_LIMITS, emptyChart, type SeatChart } from '@hafla/shared/charts/chart-format';
import { Chart, ChartList, ChartVersion } from '@hafla/shared/charts/charts';
import { layoutSection } from '@hafla/shared/charts/layout';
import { sampleChart } from '@hafla/shared/charts/sample-chart';
import { seatCharts, seatChartVersions } from '../src/db/schema/charts';
import {
  call,
  createOrganizerTestContext,
  expectError,
  expectOk,
  expectOrganizersOnly,
  expectPageBoundsRefused,
  type Account,
} from './event-helpers';
import type { TestContext } from './helpers';

let ctx: TestContext;
let organizer: Account;
let rival: Account;
let attendee: Account;

beforeAll(async () => {
  ({ ctx, organizer, rival, attendee } = await createOrganizerTestContext());
});
afterAll(() => ctx.close());

const SAMPLE_SEATS = 6 * 12 + 3 * 10 + 4;

const create = async (body: object, auth = organizer.auth) =>
  expectOk(await call(ctx, auth, 'POST', '/api/v1/charts/', body), 201, Chart);
const read = async (id: number, auth = organizer.auth) =>
  expectOk(await call(ctx, auth, 'GET', `/api/v1/charts/${id}`), 200, Chart);
const patch = (id: number, body: unknown, auth: string | null = organizer.auth) =>
  call(ctx, auth, 'PATCH', `/api/v1/charts/${id}/`, body);
const publish = (id: number, auth = organizer.auth, language = 'en') =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1/charts/${id}/publish/`,
    headers: { authorization: auth, 'accept-language': language },
  });

/** A raw JSON body, for payloads built as text (too big, or not JSON at all). */
const send = (method: 'POST' | 'PATCH', url: string, payload: string) =>
  ctx.app.inject({
    method,
    url,
    headers: { authorization: organizer.auth, 'content-type': 'application/json' },
    payload,
  });

async function versionCount(chartId: number): Promise<number> {
  const rows = await ctx.database.db
    .select({ id: seatChartVersions.id })
    .from(seatChartVersions)
    .where(eq(seatChartVersions.chart_id, chartId));
  return rows.length;
}

describe('POST /api/v1/charts/', () => {
  it('starts a chart as an empty venue', async () => {
    const chart = await create({ name: 'Main hall' });
    expect(chart).toMatchObject({
      name: 'Main hall',
      seat_count: 0,
      published_version: null,
      versions: [],
      draft: emptyChart(),
    });
    expect(chart.created_at).toMatch(/Z$/);
  });

  it('keeps a draft as sent, with its defaults filled in, and counts its seats', async () => {
    const draft = sampleChart();
    const chart = await create({ name: 'Theatre', draft });
    expect(chart.draft).toEqual(draft);
    expect(chart.seat_count).toBe(SAMPLE_SEATS);
    const minimal = await create({
      name: 'Minimal',
      draft: {
        version: 1,
        venue: { width: 100, height: 100 },
        focal_point: { x: 50, y: 0 },
        sections: [
          {
            id: 'a',
            label_en: 'A',
            label_ar: 'أ',
            rows: [{ id: 'a1', label: '1', seats: [{ id: 'a1.1', label: '1', x: 50, y: 50 }] }],
          },
        ],
      },
    });
    expect(minimal.draft.venue.seat_size).toBe(20);
    expect(minimal.draft.sections[0]!.rows[0]!.seats[0]).toMatchObject({
      category: null,
      left: null,
      right: null,
    });
  });

  it('is for organizers only', async () => {
    await expectOrganizersOnly(attendee, (auth) =>
      call(ctx, auth, 'POST', '/api/v1/charts/', { name: 'Nope' }),
    );
  });

  it('refuses a malformed chart field by field and stores nothing', async () => {
    const before = await ctx.database.db.select({ id: seatCharts.id }).from(seatCharts);
    const draft = sampleChart() as SeatChart & { colour?: string };
    draft.sections[0]!.rows[0]!.seats[0]!.label = '12345678901234567';
    draft.categories[0]!.color = 'pink';
    draft.colour = 'red';
    const response = await call(ctx, organizer.auth, 'POST', '/api/v1/charts/', {
      name: ' ',
      draft,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ type: 'validation_error' });
    const errors = (response.json() as { errors: Array<{ code: string; attr: string }> }).errors;
    expect(errors.map((error) => `${error.code} ${error.attr}`).sort()).toEqual([
      'invalid draft.categories.0.color',
      'max_length draft.sections.0.rows.0.seats.0.label',
      'min_length name',
      'unknown_field draft.colour',
    ]);
    for (const bad of [
      { name: 'v2', draft: { ...emptyChart(), version: 2 } },
      { name: 'not a chart', draft: 'stalls' },
      { name: 'no venue', draft: { version: 1, focal_point: { x: 0, y: 0 } } },
    ]) {
      const answer = await call(ctx, organizer.auth, 'POST', '/api/v1/charts/', bad);
      expect(answer.statusCode, answer.body).toBe(400);
    }
    expectError(
      await send('POST', '/api/v1/charts/', '{"name": "x", "draft": {'),
      400,
      'parse_error',
    );
    const after = await ctx.database.db.select({ id: seatCharts.id }).from(seatCharts);
    expect(after).toHaveLength(before.length);
  });

  it(`refuses more than ${CHART_LIMITS.maxSeats} seats, and a million, cheaply`, async () => {
    const before = await ctx.database.db.select({ id: seatCharts.id }).from(seatCharts);
    // A million seats written as `{}`: small enough to pass the body limit, refused by count.
    const row = `{"id":"r","label":"1","seats":[${Array(500).fill('{}').join(',')}]}`;
    const rows = Array(500).fill(row).join(',');
    const section = (n: number) => `{"id":"s${n}","label_en":"S","label_ar":"س","rows":[${rows}]}`;
    const million = `{"name":"huge","draft":{"version":1,"venue":{"width":10,"height":10},"focal_point":{"x":0,"y":0},"sections":[${[0, 1, 2, 3].map(section).join(',')}]}}`;
    expect(million.length).toBeLessThan(CHART_LIMITS.maxJsonBytes);
    const started = performance.now();
    expectError(await send('POST', '/api/v1/charts/', million), 400, 'max_seats', 'draft.sections');
    expect(performance.now() - started).toBeLessThan(2_000);
    // A row over its own limit, then 20,001 seats in rows within theirs.
    const seats = Array.from({ length: 501 }, (_, index) => ({
      id: `x${index}`,
      label: String(index),
      x: 1,
      y: 1,
    }));
    const draftWith = (rows: Array<{ id: string; label: string; seats: typeof seats }>) => ({
      ...emptyChart(),
      sections: [{ id: 'big', label_en: 'Big', label_ar: 'كبير', rows }],
    });
    expectError(
      await call(ctx, organizer.auth, 'POST', '/api/v1/charts/', {
        name: 'long row',
        draft: draftWith([{ id: 'r', label: '1', seats }]),
      }),
      400,
      'max_length',
      'draft.sections.0.rows.0.seats',
    );
    const rowsOf500 = Array.from({ length: 40 }, (_, index) => ({
      id: `r${index}`,
      label: String(index),
      seats: seats.slice(0, 500),
    }));
    expectError(
      await call(ctx, organizer.auth, 'POST', '/api/v1/charts/', {
        name: 'big',
        draft: draftWith([...rowsOf500, { id: 'extra', label: 'extra', seats: seats.slice(0, 1) }]),
      }),
      400,
      'max_seats',
      'draft.sections',
    );
    const after = await ctx.database.db.select({ id: seatCharts.id }).from(seatCharts);
    expect(after).toHaveLength(before.length);
  });

  it(`takes and publishes a chart of ${CHART_LIMITS.maxSeats} seats (a body over the usual limit)`, async () => {
    const draft = emptyChart();
    draft.venue = { width: 20_000, height: 2_000, seat_size: 20, background_image_url: null };
    draft.categories = [{ key: 'all', label_en: 'All', label_ar: 'الكل', color: '#123456' }];
    draft.sections = [
      layoutSection({
        id: 'arena',
        label_en: 'Arena',
        label_ar: 'الساحة',
        x: 10_000,
        y: 100,
        rows: 40,
        seatsPerRow: 500,
        seatSpacing: 25,
        rowSpacing: 25,
        category: 'all',
      }),
    ];
    expect(JSON.stringify(draft).length).toBeGreaterThan(ctx.config.BODY_LIMIT);
    const chart = await create({ name: 'Arena', draft });
    expect(chart.seat_count).toBe(CHART_LIMITS.maxSeats);
    const published = expectOk(await publish(chart.id), 200, Chart);
    expect(published.versions).toEqual([
      { version: 1, seat_count: CHART_LIMITS.maxSeats, published_at: expect.any(String) },
    ]);
  });

  it('refuses a body over the chart limit with request_too_large', async () => {
    const huge = JSON.stringify({
      name: 'x'.repeat(CHART_LIMITS.maxJsonBytes),
      draft: emptyChart(),
    });
    expectError(await send('POST', '/api/v1/charts/', huge), 413, 'request_too_large');
  });
});

describe('GET /api/v1/charts/ and /api/v1/charts/{id}', () => {
  it("lists only the organizer's own charts, newest first, without drafts", async () => {
    const first = await create({ name: 'First' }, rival.auth);
    const second = await create({ name: 'Second', draft: sampleChart() }, rival.auth);
    const page = expectOk(
      await call(ctx, rival.auth, 'GET', '/api/v1/charts/?limit=1'),
      200,
      ChartList,
    );
    expect(page.count).toBe(2);
    expect(page.results).toEqual([
      {
        id: second.id,
        name: 'Second',
        seat_count: SAMPLE_SEATS,
        published_version: null,
        in_use: false,
        created_at: second.created_at,
        updated_at: second.updated_at,
      },
    ]);
    expect(page.next).toContain('offset=1');
    expect(page.results[0]).not.toHaveProperty('draft');
    const mine = expectOk(
      await call(ctx, organizer.auth, 'GET', '/api/v1/charts/?limit=1000'),
      200,
      ChartList,
    );
    expect(mine.results.map((chart) => chart.id)).not.toContain(first.id);
    await expectPageBoundsRefused(ctx, rival.auth, '/api/v1/charts/');
    await expectOrganizersOnly(attendee, (auth) => call(ctx, auth, 'GET', '/api/v1/charts/'));
  });

  it('reads one chart with and without the trailing slash', async () => {
    const chart = await create({ name: 'Slashes', draft: sampleChart() });
    expect(await read(chart.id)).toEqual(chart);
    expect(
      expectOk(await call(ctx, organizer.auth, 'GET', `/api/v1/charts/${chart.id}/`), 200, Chart),
    ).toEqual(chart);
  });

  it("answers not_found for another organizer's chart and for none", async () => {
    const chart = await create({ name: 'Private' });
    expectError(await call(ctx, rival.auth, 'GET', `/api/v1/charts/${chart.id}`), 404, 'not_found');
    expectError(
      await call(ctx, organizer.auth, 'GET', '/api/v1/charts/2147483647'),
      404,
      'not_found',
    );
    expectError(
      await call(ctx, organizer.auth, 'GET', '/api/v1/charts/abc'),
      400,
      'not_a_number',
      'id',
    );
    await expectOrganizersOnly(attendee, (auth) =>
      call(ctx, auth, 'GET', `/api/v1/charts/${chart.id}`),
    );
  });
});

describe('PATCH /api/v1/charts/{id}/', () => {
  it('renames and replaces the draft (what autosave sends)', async () => {
    const chart = await create({ name: 'Draft' });
    const renamed = expectOk(await patch(chart.id, { name: 'Renamed' }), 200, Chart);
    expect(renamed).toMatchObject({ name: 'Renamed', draft: emptyChart(), seat_count: 0 });
    const draft = sampleChart();
    const saved = expectOk(await patch(chart.id, { draft }), 200, Chart);
    expect(saved).toMatchObject({ name: 'Renamed', draft, seat_count: SAMPLE_SEATS });
    expect(Date.parse(saved.updated_at)).toBeGreaterThanOrEqual(Date.parse(chart.updated_at));
    expect(await read(chart.id)).toEqual(saved);
  });

  it('keeps an unfinished draft: overlapping seats and loops are only refused on publishing', async () => {
    const chart = await create({ name: 'Work in progress' });
    const draft = sampleChart();
    const row = draft.sections[0]!.rows[0]!;
    row.seats[1]!.x = row.seats[0]!.x;
    row.seats[1]!.y = row.seats[0]!.y;
    row.seats[0]!.left = row.seats[11]!.id;
    row.seats[11]!.right = row.seats[0]!.id;
    expectOk(await patch(chart.id, { draft }), 200, Chart);
  });

  it('refuses bad input and changes nothing', async () => {
    const chart = await create({ name: 'Steady', draft: sampleChart() });
    const draft = sampleChart();
    draft.sections[0]!.rows[0]!.seats[0]!.x = Number.MAX_SAFE_INTEGER;
    expectError(
      await patch(chart.id, { draft }),
      400,
      'max_value',
      'draft.sections.0.rows.0.seats.0.x',
    );
    expectError(await patch(chart.id, { owner: rival.id }), 400, 'unknown_field', 'owner');
    expectError(await patch(chart.id, { name: 'x'.repeat(121) }), 400, 'max_length', 'name');
    expectError(await send('PATCH', `/api/v1/charts/${chart.id}/`, 'null'), 400, 'null');
    expect(await read(chart.id)).toEqual(chart);
  });

  it("answers not_found for another organizer's chart and leaves it alone", async () => {
    const chart = await create({ name: 'Theirs' }, rival.auth);
    expectError(await patch(chart.id, { name: 'Mine now' }), 404, 'not_found');
    expect((await read(chart.id, rival.auth)).name).toBe('Theirs');
    await expectOrganizersOnly(attendee, (auth) => patch(chart.id, { name: 'x' }, auth));
  });
});

describe('POST /api/v1/charts/{id}/publish/', () => {
  it('publishes versions 1, 2, … that never change when the draft does', async () => {
    const draft = sampleChart();
    const chart = await create({ name: 'Opera', draft });
    const first = expectOk(await publish(chart.id), 200, Chart);
    expect(first.published_version).toBe(1);
    expect(first.versions).toEqual([
      { version: 1, seat_count: SAMPLE_SEATS, published_at: expect.any(String) },
    ]);
    const edited = sampleChart();
    edited.sections[1]!.rows.pop();
    expectOk(await patch(chart.id, { draft: edited }), 200, Chart);
    const second = expectOk(await publish(chart.id), 200, Chart);
    expect(second.published_version).toBe(2);
    expect(second.versions.map((version) => [version.version, version.seat_count])).toEqual([
      [2, SAMPLE_SEATS - 10],
      [1, SAMPLE_SEATS],
    ]);
    const v1 = expectOk(
      await call(ctx, organizer.auth, 'GET', `/api/v1/charts/${chart.id}/versions/1/`),
      200,
      ChartVersion,
    );
    expect(v1).toMatchObject({ chart_id: chart.id, version: 1, chart: draft });
    expectError(
      await call(ctx, organizer.auth, 'GET', `/api/v1/charts/${chart.id}/versions/3/`),
      404,
      'not_found',
    );
    expectError(
      await call(ctx, rival.auth, 'GET', `/api/v1/charts/${chart.id}/versions/1/`),
      404,
      'not_found',
    );
  });

  it('numbers concurrent publications one after the other', async () => {
    const chart = await create({ name: 'Race', draft: sampleChart() });
    const answers = await Promise.all([publish(chart.id), publish(chart.id), publish(chart.id)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect((await read(chart.id)).versions.map((version) => version.version)).toEqual([3, 2, 1]);
  });

  it('answers every problem as a field error on the draft, in the language asked, and publishes nothing', async () => {
    const draft = sampleChart();
    const row = draft.sections[0]!.rows[1]!;
    row.seats[4]!.label = row.seats[3]!.label;
    row.seats[6]!.x = row.seats[5]!.x + 3;
    row.seats[6]!.y = row.seats[5]!.y;
    row.seats[7]!.category = null;
    const loop = draft.sections[0]!.rows[2]!;
    loop.seats[0]!.left = loop.seats[11]!.id;
    loop.seats[11]!.right = loop.seats[0]!.id;
    const chart = await create({ name: 'Broken', draft });
    const response = await publish(chart.id);
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json() as {
      type: string;
      errors: Array<{ code: string; attr: string; detail: string }>;
    };
    expect(body.type).toBe('validation_error');
    expect(body.errors.map((error) => [error.code, error.attr])).toEqual([
      ['category_required', 'draft.sections.0.rows.1.seats.7.category'],
      ['duplicate_label', 'draft.sections.0.rows.1.seats.4.label'],
      ['neighbour_cycle', 'draft.sections.0.rows.2.seats.0.left'],
      ['neighbour_cycle', 'draft.sections.0.rows.2.seats.11.right'],
      ['seats_overlap', 'draft.sections.0.rows.1.seats.6'],
    ]);
    expect(body.errors[4]!.detail).toBe(`This seat overlaps seat ${row.seats[5]!.id}.`);
    const arabic = (await publish(chart.id, organizer.auth, 'ar')).json() as typeof body;
    expect(arabic.errors[0]!.detail).toBe('اختر فئة.');
    expect((await read(chart.id)).published_version).toBeNull();
    expect(await versionCount(chart.id)).toBe(0);
  });

  it('refuses an empty chart', async () => {
    const chart = await create({ name: 'Empty' });
    expectError(await publish(chart.id), 400, 'chart_empty', 'draft.sections');
  });

  it("answers not_found for another organizer's chart, and is for organizers only", async () => {
    const chart = await create({ name: 'Not yours', draft: sampleChart() }, rival.auth);
    expectError(await publish(chart.id), 404, 'not_found');
    expect(await versionCount(chart.id)).toBe(0);
    await expectOrganizersOnly(attendee, (auth) =>
      call(ctx, auth, 'POST', `/api/v1/charts/${chart.id}/publish/`),
    );
  });

  it('keeps published versions immutable in the database', async () => {
    const chart = await create({ name: 'Frozen', draft: sampleChart() });
    expectOk(await publish(chart.id), 200, Chart);
    await expect(
      ctx.database.db.execute(
        sql`update seat_chart_versions set seat_count = 0 where chart_id = ${chart.id}`,
      ),
    ).rejects.toThrow();
    expect((await read(chart.id)).versions[0]!.seat_count).toBe(SAMPLE_SEATS);
  });
});

describe('DELETE /api/v1/charts/{id}/', () => {
  it('deletes a chart with its versions', async () => {
    const chart = await create({ name: 'Gone', draft: sampleChart() });
    expectOk(await publish(chart.id), 200, Chart);
    const response = await call(ctx, organizer.auth, 'DELETE', `/api/v1/charts/${chart.id}/`);
    expect(response.statusCode, response.body).toBe(204);
    expectError(
      await call(ctx, organizer.auth, 'GET', `/api/v1/charts/${chart.id}`),
      404,
      'not_found',
    );
    expect(await versionCount(chart.id)).toBe(0);
    expectError(
      await call(ctx, organizer.auth, 'DELETE', `/api/v1/charts/${chart.id}/`),
      404,
      'not_found',
    );
  });

  it("answers not_found for another organizer's chart and keeps it", async () => {
    const chart = await create({ name: 'Keep' }, rival.auth);
    expectError(
      await call(ctx, organizer.auth, 'DELETE', `/api/v1/charts/${chart.id}/`),
      404,
      'not_found',
    );
    expect((await read(chart.id, rival.auth)).name).toBe('Keep');
    await expectOrganizersOnly(attendee, (auth) =>
      call(ctx, auth, 'DELETE', `/api/v1/charts/${chart.id}/`),
    );
  });
});
