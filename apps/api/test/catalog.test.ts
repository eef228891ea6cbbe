import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppInfo, HomePageConfig } from '@hafla/shared/catalog/app-config';
import { CategoryList } from '@hafla/shared/catalog/categories';
import { ConfigurationPage } from '@hafla/shared/catalog/configuration-pages';
import { EventTypeList } from '@hafla/shared/catalog/event-types';
import { FaqList } from '@hafla/shared/catalog/faq';
import { eq } from 'drizzle-orm';
import type { Role } from '@hafla/shared/auth/users';
import { events } from '../src/db/schema/events';
import { seedHomeSections } from '../src/db/seed/catalog-data';
import { bearer, createTestContext, demoUserId, firstError, type TestContext } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_URL: 'https://hafla.example' });
});
afterAll(() => ctx.close());

const get = (url: string, language?: string) =>
  ctx.app.inject({ method: 'GET', url, headers: language ? { 'accept-language': language } : {} });

const arabic = /[\u0600-\u06FF]/;

describe('GET /api/v1/categories/', () => {
  it('lists the seeded categories in English by default', async () => {
    const response = await get('/api/v1/categories/');
    expect(response.statusCode).toBe(200);
    const page = CategoryList.parse(response.json());
    expect(page.count).toBe(8);
    expect(page.results.map((c) => c.name)).toContain('Music');
    expect(page).toMatchObject({ next: null, previous: null });
  });

  it('answers Arabic names for Accept-Language: ar, and English for anything unsupported', async () => {
    const ar = CategoryList.parse((await get('/api/v1/categories/', 'ar')).json());
    expect(ar.results[0]?.name).toBe('موسيقى');
    expect(ar.results.every((c) => arabic.test(c.name))).toBe(true);
    const fr = CategoryList.parse((await get('/api/v1/categories/', 'fr-FR,fr;q=0.9')).json());
    expect(fr.results[0]?.name).toBe('Music');
  });

  it('pages with limit and offset and links next and previous, keeping other parameters', async () => {
    const first = CategoryList.parse((await get('/api/v1/categories/?limit=3')).json());
    expect(first.results).toHaveLength(3);
    expect(first.next).toBe('https://hafla.example/api/v1/categories/?limit=3&offset=3');
    expect(first.previous).toBeNull();
    const middle = CategoryList.parse((await get('/api/v1/categories/?limit=3&offset=3')).json());
    expect(middle.results[0]?.id).not.toBe(first.results[0]?.id);
    expect(middle.previous).toBe('https://hafla.example/api/v1/categories/?limit=3');
    const last = CategoryList.parse((await get('/api/v1/categories/?limit=3&offset=6')).json());
    expect(last.results).toHaveLength(2);
    expect(last.next).toBeNull();
    const beyond = CategoryList.parse((await get('/api/v1/categories/?offset=50')).json());
    expect(beyond).toMatchObject({ count: 8, results: [] });
  });

  it('is served with and without the trailing slash', async () => {
    expect((await get('/api/v1/categories')).statusCode).toBe(200);
  });
});

describe('GET /api/v1/categories/{id}', () => {
  it('answers one category in the request language', async () => {
    const list = CategoryList.parse((await get('/api/v1/categories/')).json());
    const id = list.results[1]!.id;
    const response = await get(`/api/v1/categories/${id}`, 'ar');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id, slug: 'theatre', name: 'مسرح' });
  });

  it('answers not_found for a missing id and a field error for a malformed one', async () => {
    expect((await get('/api/v1/categories/99999')).json()).toMatchObject({
      errors: [{ code: 'not_found' }],
    });
    const malformed = await get('/api/v1/categories/0');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ errors: [{ code: 'min_value', attr: 'id' }] });
    const huge = await get('/api/v1/categories/99999999999');
    expect(huge.json()).toMatchObject({ errors: [{ code: 'max_value', attr: 'id' }] });
  });
});

describe('GET /api/v1/event_types/ and /api/v1/faq/', () => {
  it('lists event types bilingually', async () => {
    const en = EventTypeList.parse((await get('/api/v1/event_types/')).json());
    const ar = EventTypeList.parse((await get('/api/v1/event_types/', 'ar')).json());
    expect(en.count).toBe(5);
    expect(en.results[0]?.name).toBe('In person');
    expect(ar.results[0]?.name).toBe('حضوري');
  });

  it('lists the FAQ in order, bilingually', async () => {
    const en = FaqList.parse((await get('/api/v1/faq/')).json());
    expect(en.count).toBe(6);
    expect(en.results[0]?.question).toBe('How do I book tickets?');
    expect(en.results.map((e) => e.position)).toEqual([1, 2, 3, 4, 5, 6]);
    const ar = FaqList.parse((await get('/api/v1/faq/?limit=2', 'ar')).json());
    expect(ar.results).toHaveLength(2);
    expect(arabic.test(ar.results[0]!.answer)).toBe(true);
  });
});

describe('GET /api/v1/configuration/{id}', () => {
  it('answers a content page by slug and by id', async () => {
    const bySlug = ConfigurationPage.parse((await get('/api/v1/configuration/privacy')).json());
    expect(bySlug.title).toBe('Privacy policy');
    const byId = ConfigurationPage.parse(
      (await get(`/api/v1/configuration/${bySlug.id}`, 'ar')).json(),
    );
    expect(byId).toMatchObject({ slug: 'privacy', title: 'سياسة الخصوصية' });
    expect(byId.body.split('\n\n').length).toBeGreaterThan(1);
  });

  it('answers not_found for an unknown page and invalid for a malformed key', async () => {
    const missing = await get('/api/v1/configuration/refunds');
    expect(missing.statusCode).toBe(404);
    const malformed = await get('/api/v1/configuration/..%2Fetc');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({
      type: 'validation_error',
      errors: [{ code: 'invalid', attr: 'id' }],
    });
  });
});

describe('GET /api/v1/app_config/', () => {
  it('answers version 0.1.0, both languages with their direction, currencies and limits', async () => {
    const info = AppInfo.parse((await get('/api/v1/app_config/', 'ar')).json());
    expect(info.version).toBe('0.1.0');
    expect(info.languages).toEqual([
      { code: 'en', name: 'English', dir: 'ltr' },
      { code: 'ar', name: 'العربية', dir: 'rtl' },
    ]);
    expect(info.currencies.find((c) => c.code === 'KWD')).toEqual({
      code: 'KWD',
      name: 'دينار كويتي',
      minor_units: 3,
    });
    expect(info.limits).toMatchObject({ hold_minutes: 10, events_published_per_month: 10 });
    expect(info.monitoring).toEqual({ dsn: null, tunnel: '/monitoring' });
  });

  it('answers the home page sections in order', async () => {
    const config = HomePageConfig.parse(
      (await get('/api/v1/app_config/home-page-config/', 'ar')).json(),
    );
    expect(config.value[0]).toMatchObject({ kind: 'categories', title: 'تصفح حسب الفئة' });
  });
});

describe('shared headers', () => {
  it('marks every answer not indexable and echoes the request id', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(response.headers['x-request-id']).toBe('abc-123');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('reports readiness with the database engine', async () => {
    const response = await get('/readyz');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      database: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite',
    });
  });
});

describe('PUT /api/v1/admin/app_config/home-page-config/', () => {
  const url = '/api/v1/admin/app_config/home-page-config/';
  const sections = [
    { id: 'picks', kind: 'featured', position: 2, title_en: 'Picks', title_ar: 'مختارات' },
    {
      id: 'theatre',
      kind: 'category',
      category: 'theatre',
      position: 1,
      title_en: 'On stage',
      title_ar: 'على المسرح',
    },
  ];
  const put = async (payload: unknown, roles: Role[] = ['attendee', 'admin']) =>
    ctx.app.inject({
      method: 'PUT',
      url,
      payload: payload as object,
      headers: {
        authorization: await bearer(ctx.config, {
          userId: await demoUserId(ctx, 'admin@hafla.test'),
          roles,
        }),
        'accept-language': 'ar',
      },
    });
  const current = async () =>
    HomePageConfig.parse((await get('/api/v1/app_config/home-page-config/')).json());

  it('replaces the sections, answering and then serving them in order', async () => {
    const response = await put({ value: sections });
    expect(response.statusCode, response.body).toBe(200);
    expect(HomePageConfig.parse(response.json()).value).toEqual([
      { id: 'theatre', kind: 'category', category: 'theatre', position: 1, title: 'على المسرح' },
      { id: 'picks', kind: 'featured', category: null, position: 2, title: 'مختارات' },
    ]);
    expect((await current()).value.map((s) => [s.id, s.title])).toEqual([
      ['theatre', 'On stage'],
      ['picks', 'Picks'],
    ]);
    // Put the seed's sections back for the other tests.
    const restore = await put({ value: seedHomeSections });
    expect(restore.statusCode).toBe(200);
  });

  it.each([
    [
      'a category that does not exist',
      [{ ...sections[0] }, { ...sections[1], category: 'opera' }],
      'does_not_exist',
      'value.1.category',
    ],
    [
      'a category section without one',
      [{ ...sections[1], category: null }],
      'required',
      'value.0.category',
    ],
    ['the same id twice', [sections[0], { ...sections[1], id: 'picks' }], 'unique', 'value.1.id'],
    ['an unknown kind', [{ ...sections[0], kind: 'trending' }], 'invalid_choice', 'value.0.kind'],
    ['an empty title', [{ ...sections[0], title_ar: ' ' }], 'min_length', 'value.0.title_ar'],
    ['an id with spaces', [{ ...sections[0], id: 'my picks' }], 'invalid', 'value.0.id'],
    ['an unknown field', [{ ...sections[0], colour: 'red' }], 'unknown_field', 'value.0.colour'],
  ])('refuses %s, changing nothing', async (_name, value, code, attr) => {
    const before = await current();
    const response = await put({ value });
    expect(response.statusCode).toBe(400);
    expect(firstError(response)).toMatchObject({ code, attr });
    expect(await current()).toEqual(before);
  });

  it('is for admins only', async () => {
    const attendee = await put({ value: sections }, ['attendee']);
    expect(attendee.statusCode).toBe(403);
    expect(firstError(attendee)?.code).toBe('permission_denied');
    const anonymous = await ctx.app.inject({ method: 'PUT', url, payload: { value: sections } });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('POST /api/v1/problem-reports/ about an event', () => {
  const report = async (event: unknown) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/problem-reports/',
      payload: { subject: 'Wrong venue', message: 'The address on the page is wrong.', event },
      headers: { authorization: await bearer(ctx.config, { userId: await demoUserId(ctx) }) },
    });

  it('accepts a published event and refuses drafts and missing events with does_not_exist', async () => {
    const [published] = await ctx.database.db
      .select({ id: events.id })
      .from(events)
      .where(eq(events.status, 'published'))
      .limit(1);
    const [template] = await ctx.database.db
      .select({ category_id: events.category_id, event_type_id: events.event_type_id })
      .from(events)
      .limit(1);
    const ok = await report(published!.id);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ event: published!.id });

    const [draft] = await ctx.database.db
      .insert(events)
      .values({
        organizer_id: await demoUserId(ctx, 'organizer@hafla.test'),
        title: 'Unpublished idea',
        category_id: template!.category_id,
        event_type_id: template!.event_type_id,
        timezone: 'Asia/Riyadh',
        currency: 'SAR',
      })
      .returning({ id: events.id });
    for (const id of [draft!.id, 2_000_000_000]) {
      const refused = await report(id);
      expect(refused.statusCode).toBe(400);
      expect(firstError(refused)).toMatchObject({ code: 'does_not_exist', attr: 'event' });
    }
    const noEvent = await report(null);
    expect(noEvent.statusCode).toBe(201);
  });

  it('refuses text PostgreSQL cannot store with a client error, not a 500', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/problem-reports/',
      payload: { subject: 'Nul\u0000byte', message: 'A message with a NUL in its subject.' },
      headers: { authorization: await bearer(ctx.config, { userId: await demoUserId(ctx) }) },
    });
    expect(response.statusCode).toBe(400);
    expect(firstError(response)?.code).toBe('invalid');
  });
});
