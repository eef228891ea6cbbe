import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '@hafla/shared/common/limits';
import { EventDetail, EventSummaryList } from '@hafla/shared/events/discovery';
import { Event, EventList, EventsPublishedThisMonth } from '@hafla/shared/events/events';
import { events } from '../src/db/schema/events';
import { drawDemoCover } from '../src/db/seed/demo-covers';
import { encodePng } from '../src/lib/png';
import {
  call,
  cancelEvent,
  catalogIds,
  createDraftEvent,
  createOrganizer,
  createOrganizerTestContext,
  createPublishedEvent,
  eventBody,
  expectError,
  expectOk,
  expectOrganizersOnly,
  expectPageBoundsRefused,
  inDays,
  moveEventToPast,
  setPublishLimit,
  type Account,
} from './event-helpers';
import { PNG, multipartForm, type TestContext } from './helpers';

let ctx: TestContext;
let organizer: Account;
let rival: Account;
let attendee: Account;

beforeAll(async () => {
  ({ ctx, organizer, rival, attendee } = await createOrganizerTestContext());
});
afterAll(() => ctx.close());

const getEvent = async (auth: string, id: number) =>
  expectOk(await call(ctx, auth, 'GET', `/api/v1/events/${id}`), 200, Event);

/** POST /api/v1/events/ with a valid body (eventBody) changed by `fields`. */
const postEvent = async (auth: string | null, fields: object = {}) =>
  call(ctx, auth, 'POST', '/api/v1/events/', { ...(await eventBody(ctx)), ...fields });

const patchEvent = (auth: string | null, id: number, payload: unknown) =>
  call(ctx, auth, 'PATCH', `/api/v1/events/${id}/`, payload);

/** A draft with a future slot and a ticket category: ready to publish. */
const completeDraft = (auth: string, overrides = {}) =>
  createPublishedEvent(ctx, auth, { publish: false, ...overrides }).then(
    (fixture) => fixture.event,
  );

describe('POST /api/v1/events/', () => {
  it('creates a draft owned by the organizer, answered in its time zone', async () => {
    const response = await postEvent(organizer.auth, { title: 'Jazz at the Fort' });
    const event = expectOk(response, 201, Event);
    expect(event).toMatchObject({
      organizer: organizer.id,
      title: 'Jazz at the Fort',
      status: 'draft',
      cover: null,
      timezone: 'Asia/Riyadh',
      currency: 'SAR',
      published_at: null,
      first_start: null,
      price_min: null,
      dates_count: 0,
      ticket_categories_count: 0,
      refund_policy: { refundable_until_hours: 24, refund_percentage: 100 },
    });
    expect(event.created_at).toMatch(/\+03:00$/);
    expect(await getEvent(organizer.auth, event.id)).toEqual(event);
  });

  it('fills the optional fields with their defaults', async () => {
    const { category, eventType } = await catalogIds(ctx);
    const response = await call(ctx, organizer.auth, 'POST', '/api/v1/events/', {
      title: 'Minimal',
      category,
      event_type: eventType,
      venue_name: 'Hall 1',
      timezone: 'Europe/London',
      currency: 'EUR',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      description: '',
      address: '',
      latitude: null,
      is_online: false,
      requires_approval: false,
      max_tickets_per_order: 10,
    });
  });

  it('accepts an online event with a link and no venue', async () => {
    const response = await postEvent(organizer.auth, {
      is_online: true,
      online_url: 'https://meet.example.com/oud',
      venue_name: '',
      latitude: null,
      longitude: null,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ is_online: true, venue_name: '' });
  });

  it('is for organizers only: attendee permission_denied, anonymous not_authenticated', async () => {
    await expectOrganizersOnly(attendee, (auth) => postEvent(auth));
  });

  it('refuses a category or event type that does not exist', async () => {
    expectError(
      await postEvent(organizer.auth, { category: 99999 }),
      400,
      'does_not_exist',
      'category',
    );
    expectError(
      await postEvent(organizer.auth, { event_type: 99999 }),
      400,
      'does_not_exist',
      'event_type',
    );
  });

  it('refuses ids above the 32-bit range as max_value', async () => {
    expectError(
      await postEvent(organizer.auth, { category: 2 ** 31 }),
      400,
      'max_value',
      'category',
    );
  });

  it('refuses an unknown time zone and an unsupported currency', async () => {
    for (const [fields, code, attr] of [
      [{ timezone: 'Mars/Olympus' }, 'timezone_invalid', 'timezone'],
      [{ currency: 'JPY' }, 'currency_not_supported', 'currency'],
      [{ currency: 'sar' }, 'invalid', 'currency'],
    ] as const) {
      expectError(await postEvent(organizer.auth, fields), 400, code, attr);
    }
  });

  it('needs a venue in person, a link online, and both coordinates or neither', async () => {
    for (const [fields, code, attr] of [
      [{ venue_name: '' }, 'venue_required', 'venue_name'],
      [{ venue_name: '   ' }, 'venue_required', 'venue_name'],
      [{ is_online: true }, 'online_url_required', 'online_url'],
      [{ longitude: null }, 'coordinates_incomplete', 'latitude'],
      [{ latitude: 91 }, 'max_value', 'latitude'],
      [{ is_online: true, online_url: 'javascript:alert(1)' }, 'invalid', 'online_url'],
    ] as const) {
      expectError(await postEvent(organizer.auth, fields), 400, code, attr);
    }
  });

  it('refuses unknown fields, a status, and a per-order cap above the platform limit', async () => {
    for (const [fields, code, attr] of [
      [{ organizer: rival.id }, 'unknown_field', 'organizer'],
      [{ status: 'published' }, 'unknown_field', 'status'],
      [{ max_tickets_per_order: 11 }, 'max_value', 'max_tickets_per_order'],
      [{ max_tickets_per_order: 0 }, 'min_value', 'max_tickets_per_order'],
      [
        { refund_policy: { refundable_until_hours: 1, refund_percentage: 101 } },
        'max_value',
        'refund_policy.refund_percentage',
      ],
      [{ title: 'ab' }, 'min_length', 'title'],
    ] as const) {
      expectError(await postEvent(organizer.auth, fields), 400, code, attr);
    }
  });

  it('creates nothing when it refuses', async () => {
    const count = async () =>
      expectOk(await call(ctx, rival.auth, 'GET', '/api/v1/events/?limit=1000'), 200, EventList)
        .count;
    const before = await count();
    await postEvent(rival.auth, { venue_name: '' });
    await postEvent(rival.auth, { currency: 'JPY' });
    expect(await count()).toBe(before);
  });
});

describe('GET /api/v1/events/', () => {
  let owner: Account;
  beforeAll(async () => {
    owner = await createOrganizer(ctx);
    await createDraftEvent(ctx, owner.auth, { title: 'Draft Evening' });
    await createPublishedEvent(ctx, owner.auth, { title: 'Published Concert' });
    const ended = await createPublishedEvent(ctx, owner.auth, { title: 'Old Festival' });
    await moveEventToPast(ctx, ended.event.id);
    const cancelled = await createDraftEvent(ctx, owner.auth, { title: 'Cancelled Talk' });
    await cancelEvent(ctx, owner.auth, cancelled.id);
    await createDraftEvent(ctx, owner.auth, { title: 'أمسية الموسيقى العربية' });
    await createDraftEvent(ctx, rival.auth, { title: 'Rival Concert' });
  });

  const list = async (query = '') =>
    expectOk(await call(ctx, owner.auth, 'GET', `/api/v1/events/${query}`), 200, EventList);

  it("lists only the organizer's own events, newest first", async () => {
    const page = await list();
    expect(page.count).toBe(5);
    expect(page.results.map((event) => event.title)).toEqual([
      'أمسية الموسيقى العربية',
      'Cancelled Talk',
      'Old Festival',
      'Published Concert',
      'Draft Evening',
    ]);
    expect(page.results.every((event) => event.organizer === owner.id)).toBe(true);
  });

  it('filters by status, with ended derived from the last slot', async () => {
    const titles = async (status: string) =>
      (await list(`?status=${status}`)).results.map((event) => event.title);
    expect(await titles('draft')).toEqual(['أمسية الموسيقى العربية', 'Draft Evening']);
    expect(await titles('published')).toEqual(['Published Concert']);
    expect(await titles('ended')).toEqual(['Old Festival']);
    expect(await titles('cancelled')).toEqual(['Cancelled Talk']);
    const ended = (await list('?status=ended')).results[0]!;
    expect(ended.status).toBe('ended');
    expectError(
      await call(ctx, owner.auth, 'GET', '/api/v1/events/?status=archived'),
      400,
      'invalid_choice',
      'status',
    );
  });

  it('searches the title regardless of case and Arabic letter forms', async () => {
    expect((await list('?search=CONCERT')).results.map((e) => e.title)).toEqual([
      'Published Concert',
    ]);
    const arabic = await list(`?search=${encodeURIComponent('موسيقى')}`);
    expect(arabic.results.map((e) => e.title)).toEqual(['أمسية الموسيقى العربية']);
    const folded = await list(`?search=${encodeURIComponent('امسيه')}`);
    expect(folded.count).toBe(1);
    expect((await list('?search=%25')).count).toBe(0);
    expect((await list('?search=_')).count).toBe(0);
  });

  it('pages with limit and offset', async () => {
    const first = await list('?limit=2');
    expect(first.results).toHaveLength(2);
    expect(first.previous).toBeNull();
    expect(first.next).toContain('offset=2');
    const last = await list('?limit=2&offset=4');
    expect(last.results).toHaveLength(1);
    expect(last.next).toBeNull();
    expect(last.previous).toContain('limit=2');
  });

  it('refuses pagination out of bounds', async () => {
    await expectPageBoundsRefused(ctx, owner.auth, '/api/v1/events/');
    expectError(
      await call(ctx, owner.auth, 'GET', '/api/v1/events/?limit=abc'),
      400,
      'not_a_number',
      'limit',
    );
  });

  it('is for organizers only', async () => {
    await expectOrganizersOnly(attendee, (auth) => call(ctx, auth, 'GET', '/api/v1/events/'));
  });
});

describe('GET /api/v1/events/{id}', () => {
  it("answers not_found for another organizer's event and for none", async () => {
    const event = await createDraftEvent(ctx, organizer.auth);
    expectError(await call(ctx, rival.auth, 'GET', `/api/v1/events/${event.id}`), 404, 'not_found');
    expectError(await call(ctx, organizer.auth, 'GET', '/api/v1/events/999999'), 404, 'not_found');
    await expectOrganizersOnly(attendee, (auth) =>
      call(ctx, auth, 'GET', `/api/v1/events/${event.id}`),
    );
  });

  it('refuses malformed ids and ids above the 32-bit range', async () => {
    expectError(
      await call(ctx, organizer.auth, 'GET', '/api/v1/events/abc'),
      400,
      'not_a_number',
      'id',
    );
    expectError(
      await call(ctx, organizer.auth, 'GET', `/api/v1/events/${2 ** 31}`),
      400,
      'max_value',
      'id',
    );
    expectError(await call(ctx, organizer.auth, 'GET', '/api/v1/events/0'), 400, 'min_value', 'id');
  });

  it('counts slots and categories and spans them in the event time zone', async () => {
    const { event } = await createPublishedEvent(ctx, organizer.auth, {
      timezone: 'Europe/London',
      currency: 'EUR',
      dates: [
        { start: '2099-07-01T18:00:00Z', end: '2099-07-01T21:00:00Z' },
        { start: '2099-12-01T19:00:00Z', end: '2099-12-01T22:00:00Z' },
      ],
      ticket_categories: [{ price: 0 }, { price: 2500, name: 'VIP' }],
    });
    expect(event).toMatchObject({
      status: 'published',
      dates_count: 2,
      ticket_categories_count: 2,
      first_start: '2099-07-01T19:00:00+01:00',
      last_end: '2099-12-01T22:00:00+00:00',
      price_min: 0,
      price_max: 2500,
    });
  });
});

describe('PATCH /api/v1/events/{id}/', () => {
  it('edits the sent fields only', async () => {
    const event = await createDraftEvent(ctx, organizer.auth);
    const response = await patchEvent(organizer.auth, event.id, {
      title: 'Oud Night II',
      refund_policy: { refundable_until_hours: 48, refund_percentage: 50 },
      timezone: 'Asia/Dubai',
    });
    expect(expectOk(response, 200, Event)).toMatchObject({
      title: 'Oud Night II',
      description: event.description,
      venue_name: event.venue_name,
      refund_policy: { refundable_until_hours: 48, refund_percentage: 50 },
      timezone: 'Asia/Dubai',
      status: 'draft',
    });
  });

  it('checks the cross-field rules on the merged state and changes nothing when refused', async () => {
    const event = await createDraftEvent(ctx, organizer.auth);
    for (const [fields, code, attr] of [
      [{ is_online: true, title: 'Changed' }, 'online_url_required', 'online_url'],
      [{ venue_name: '' }, 'venue_required', 'venue_name'],
      [{ latitude: null }, 'coordinates_incomplete', 'latitude'],
      [{ category: 99999 }, 'does_not_exist', 'category'],
      [{ currency: 'XYZ' }, 'currency_not_supported', 'currency'],
      [{ timezone: 'Nowhere/City' }, 'timezone_invalid', 'timezone'],
      [{ cover: 'x.png' }, 'invalid', 'cover'],
      [{ organizer_id: rival.id }, 'unknown_field', 'organizer_id'],
      [{ status: 'draft' }, 'invalid_choice', 'status'],
    ] as const) {
      expectError(await patchEvent(organizer.auth, event.id, fields), 400, code, attr);
    }
    expect(await getEvent(organizer.auth, event.id)).toEqual(event);

    const online = await patchEvent(organizer.auth, event.id, {
      is_online: true,
      online_url: 'https://meet.example.com/x',
      venue_name: '',
      latitude: null,
      longitude: null,
    });
    expect(online.statusCode, online.body).toBe(200);
  });

  it("answers not_found for another organizer's event and changes nothing", async () => {
    const event = await createDraftEvent(ctx, organizer.auth);
    expectError(await patchEvent(rival.auth, event.id, { title: 'Hijacked' }), 404, 'not_found');
    expectError(await patchEvent(rival.auth, event.id, { status: 'cancelled' }), 404, 'not_found');
    await expectOrganizersOnly(attendee, (auth) =>
      patchEvent(auth, event.id, { title: 'Hijacked' }),
    );
    expect(await getEvent(organizer.auth, event.id)).toEqual(event);
  });

  it('refuses to publish without a future time slot with publish_requires_date', async () => {
    const event = await createDraftEvent(ctx, organizer.auth);
    expectError(
      await patchEvent(organizer.auth, event.id, { status: 'published' }),
      409,
      'publish_requires_date',
    );
    // A slot that is already over does not count.
    const past = await completeDraft(organizer.auth);
    await moveEventToPast(ctx, past.id);
    expectError(
      await patchEvent(organizer.auth, past.id, { status: 'published', title: 'Renamed' }),
      409,
      'publish_requires_date',
    );
    const after = await getEvent(organizer.auth, past.id);
    expect(after).toMatchObject({ status: 'draft', title: past.title, published_at: null });
  });

  it('refuses to publish without a ticket category with publish_requires_ticket_category', async () => {
    const { event } = await createPublishedEvent(ctx, organizer.auth, {
      publish: false,
      ticket_categories: [],
    });
    expectError(
      await patchEvent(organizer.auth, event.id, { status: 'published' }),
      409,
      'publish_requires_ticket_category',
    );
    expect((await getEvent(organizer.auth, event.id)).status).toBe('draft');
  });

  it('publishes a complete draft and stamps published_at', async () => {
    const draft = await completeDraft(organizer.auth);
    const event = expectOk(
      await patchEvent(organizer.auth, draft.id, { status: 'published' }),
      200,
      Event,
    );
    expect(event.status).toBe('published');
    expect(event.published_at).toMatch(/\+03:00$/);
    expect(Date.now() - Date.parse(event.published_at!)).toBeLessThan(60_000);
    // Repeating the status is no change.
    const again = await patchEvent(organizer.auth, draft.id, { status: 'published' });
    expect(expectOk(again, 200, Event).published_at).toBe(event.published_at);
  });

  it('keeps slots and categories when a published event is edited', async () => {
    const { event } = await createPublishedEvent(ctx, organizer.auth, {
      ticket_categories: [{ name: 'A' }, { name: 'B', price: 0 }],
    });
    const response = await patchEvent(organizer.auth, event.id, {
      title: 'Renamed after publishing',
      description: 'New text',
      timezone: 'Africa/Cairo',
    });
    expect(expectOk(response, 200, Event)).toMatchObject({
      status: 'published',
      dates_count: 1,
      ticket_categories_count: 2,
      published_at: expect.stringMatching(/\+0[23]:00$/),
    });
  });

  it('locks the currency once published with currency_locked', async () => {
    const draft = await completeDraft(organizer.auth);
    const changed = await patchEvent(organizer.auth, draft.id, { currency: 'AED' });
    expect(changed.json()).toMatchObject({ currency: 'AED' });
    await patchEvent(organizer.auth, draft.id, { status: 'published' });
    expectError(
      await patchEvent(organizer.auth, draft.id, { currency: 'SAR', title: 'New title' }),
      409,
      'currency_locked',
      'currency',
    );
    expect(await getEvent(organizer.auth, draft.id)).toMatchObject({
      currency: 'AED',
      title: draft.title,
    });
    // Sending back the same currency is no change.
    const same = await patchEvent(organizer.auth, draft.id, { currency: 'AED' });
    expect(same.statusCode, same.body).toBe(200);
  });

  it('cancels a draft or a published event and stamps cancelled_at', async () => {
    const draft = await createDraftEvent(ctx, organizer.auth);
    const cancelledDraft = await patchEvent(organizer.auth, draft.id, { status: 'cancelled' });
    expect(cancelledDraft.json()).toMatchObject({ status: 'cancelled' });
    const { event } = await createPublishedEvent(ctx, organizer.auth);
    const response = await patchEvent(organizer.auth, event.id, { status: 'cancelled' });
    const cancelled = expectOk(response, 200, Event);
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.cancelled_at).not.toBeNull();
    expect(cancelled.published_at).toBe(event.published_at);
    // The slots stay (tickets sold for them are refunded by the cancellation, not deleted).
    expect(cancelled.dates_count).toBe(1);
  });

  it('refuses other status changes with status_transition_invalid', async () => {
    const draft = await createDraftEvent(ctx, organizer.auth);
    await cancelEvent(ctx, organizer.auth, draft.id);
    const error = expectError(
      await patchEvent(organizer.auth, draft.id, { status: 'published' }),
      409,
      'status_transition_invalid',
    );
    expect(error.detail).toContain('cancelled');
    expect(error.detail).toContain('published');

    const { event } = await createPublishedEvent(ctx, organizer.auth);
    await moveEventToPast(ctx, event.id);
    expect((await getEvent(organizer.auth, event.id)).status).toBe('ended');
    const ended = expectError(
      await patchEvent(organizer.auth, event.id, { status: 'cancelled' }),
      409,
      'status_transition_invalid',
    );
    expect(ended.detail).toContain('ended');
    expect((await getEvent(organizer.auth, event.id)).status).toBe('ended');
  });

  it('refuses any edit of a cancelled or ended event with event_not_editable', async () => {
    const draft = await createDraftEvent(ctx, organizer.auth);
    await cancelEvent(ctx, organizer.auth, draft.id);
    expectError(
      await patchEvent(organizer.auth, draft.id, { title: 'Back from the dead' }),
      409,
      'event_not_editable',
    );
    expectError(
      await patchEvent(organizer.auth, draft.id, { status: 'cancelled' }),
      409,
      'event_not_editable',
    );
    const { event } = await createPublishedEvent(ctx, organizer.auth);
    await moveEventToPast(ctx, event.id);
    expectError(
      await patchEvent(organizer.auth, event.id, { description: 'Edited later' }),
      409,
      'event_not_editable',
    );
    expect((await getEvent(organizer.auth, event.id)).description).toBe(event.description);
  });
});

describe('monthly publishing limit', () => {
  it('refuses a publication past the limit with publish_limit_reached and counts it', async () => {
    const owner = await createOrganizer(ctx);
    await setPublishLimit(ctx, 2);
    try {
      const counter = async () =>
        expectOk(
          await call(ctx, owner.auth, 'GET', '/api/v1/events/events_published_this_month/'),
          200,
          EventsPublishedThisMonth,
        );
      expect(await counter()).toEqual({ events_published_this_month: 0, limit: 2, remaining: 2 });
      const first = await createPublishedEvent(ctx, owner.auth);
      await createPublishedEvent(ctx, owner.auth);
      expect(await counter()).toEqual({ events_published_this_month: 2, limit: 2, remaining: 0 });

      const third = await completeDraft(owner.auth);
      const error = expectError(
        await patchEvent(owner.auth, third.id, { status: 'published', title: 'Third one' }),
        409,
        'publish_limit_reached',
      );
      expect(error.detail).toContain('2');
      expect(await getEvent(owner.auth, third.id)).toMatchObject({
        status: 'draft',
        title: third.title,
      });

      // Cancelling does not give the publication back.
      await cancelEvent(ctx, owner.auth, first.event.id);
      expectError(
        await patchEvent(owner.auth, third.id, { status: 'published' }),
        409,
        'publish_limit_reached',
      );

      // Another organizer has a count of their own.
      const other = await createOrganizer(ctx);
      await createPublishedEvent(ctx, other.auth);

      // Publications of an earlier month do not count.
      await ctx.database.db.execute(
        sql`update events set published_at = published_at - interval '40 days' where organizer_id = ${owner.id}`,
      );
      expect((await counter()).events_published_this_month).toBe(0);
      const published = await patchEvent(owner.auth, third.id, { status: 'published' });
      expect(published.statusCode, published.body).toBe(200);
    } finally {
      await setPublishLimit(ctx, 10);
    }
  });

  it('holds under concurrent publishes: exactly the limit succeed', async () => {
    const owner = await createOrganizer(ctx);
    const drafts = [];
    for (let i = 0; i < 6; i += 1) drafts.push(await completeDraft(owner.auth));
    await setPublishLimit(ctx, 3);
    try {
      const responses = await Promise.all(
        drafts.map((draft) => patchEvent(owner.auth, draft.id, { status: 'published' })),
      );
      const codes = responses.map((response) => response.statusCode).sort();
      expect(codes, responses.map((r) => r.body).join('\n')).toEqual([
        200, 200, 200, 409, 409, 409,
      ]);
      for (const response of responses.filter((r) => r.statusCode === 409)) {
        expectError(response, 409, 'publish_limit_reached');
      }
      const count = await call(
        ctx,
        owner.auth,
        'GET',
        '/api/v1/events/events_published_this_month',
      );
      expect(count.json()).toMatchObject({ events_published_this_month: 3, remaining: 0 });
    } finally {
      await setPublishLimit(ctx, 10);
    }
  });

  it('is for organizers only', async () => {
    await expectOrganizersOnly(attendee, (auth) =>
      call(ctx, auth, 'GET', '/api/v1/events/events_published_this_month/'),
    );
  });
});

describe('POST /api/v1/events/{id}/cover/', () => {
  const upload = (auth: string, id: number, form: ReturnType<typeof multipartForm>) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/v1/events/${id}/cover/`,
      headers: { authorization: auth, 'content-type': form.contentType },
      payload: form.payload,
    });
  const image = (content: Buffer, filename = 'cover.png') =>
    multipartForm({}, { name: 'cover', filename, type: 'image/png', content });

  // The thumbnail tests publish: their own organizer keeps the others' monthly count.
  let publisher: Account;
  beforeAll(async () => {
    publisher = await createOrganizer(ctx);
  });
  /** A 1×1 GIF. */
  const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
  /** A 1200×630 photo-like JPEG (a demo cover scaled up). */
  const photo = () =>
    sharp(encodePng(drawDemoCover('cover-test', ['#8A2BE2', '#E22B6B'])))
      .resize({ width: 1200 })
      .jpeg({ quality: 90 })
      .toBuffer();
  const publicEvent = async (id: number) =>
    expectOk(await call(ctx, null, 'GET', `/api/v1/events_read/${id}`), 200, EventDetail);
  const served = (url: string) => ctx.app.inject({ url });

  it('stores the image, serves it, replaces it and removes it with cover: null', async () => {
    const event = await createDraftEvent(ctx, organizer.auth);
    const cover = expectOk(await upload(organizer.auth, event.id, image(PNG)), 200, Event).cover!;
    expect(cover).toMatch(new RegExp(`^/uploads/covers/${event.id}/[0-9a-f]{20}\\.png$`));
    const original = await served(cover);
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/png');
    expect(original.rawPayload.equals(PNG)).toBe(true);
    const thumbnail = cover.replace(/\.png$/, '-480w.webp');
    expect((await served(thumbnail)).statusCode).toBe(200);

    const next = expectOk(
      await upload(organizer.auth, event.id, image(GIF, 'x.gif')),
      200,
      Event,
    ).cover!;
    expect(next).toMatch(/\.gif$/);
    // The replaced cover goes with its thumbnails, and they cannot be made again.
    expect((await served(cover)).statusCode).toBe(404);
    expect((await served(thumbnail)).statusCode).toBe(404);

    const removed = await patchEvent(organizer.auth, event.id, { cover: null });
    expect(removed.json()).toMatchObject({ cover: null });
    expect((await served(next)).statusCode).toBe(404);
    expect((await served(next.replace(/\.gif$/, '-960w.webp'))).statusCode).toBe(404);
  });

  it('stores WebP thumbnails 480 and 960 wide, which event lists offer beside the cover', async () => {
    const { event } = await createPublishedEvent(ctx, publisher.auth);
    const content = await photo();
    const cover = expectOk(
      await upload(publisher.auth, event.id, image(content, 'x.jpg')),
      200,
      Event,
    ).cover!;
    const stem = cover.replace(/\.jpg$/, '');
    const detail = await publicEvent(event.id);
    expect(detail.cover).toBe(cover);
    expect(detail.cover_thumbnails).toEqual([
      { width: 480, url: `${stem}-480w.webp` },
      { width: 960, url: `${stem}-960w.webp` },
    ]);
    const list = expectOk(
      await call(ctx, null, 'GET', `/api/v1/events_read/?organizer=${publisher.id}&limit=100`),
      200,
      EventSummaryList,
    );
    expect(list.results.find((summary) => summary.id === event.id)?.cover_thumbnails).toEqual(
      detail.cover_thumbnails,
    );

    for (const { width, url } of detail.cover_thumbnails) {
      const response = await served(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
      expect(response.headers['cache-control']).toContain('immutable');
      expect(response.rawPayload.length).toBeLessThan(content.length / 2);
      const metadata = await sharp(response.rawPayload).metadata();
      expect(metadata).toMatchObject({
        format: 'webp',
        width,
        height: Math.round((width * 630) / 1200),
      });
    }
    // The cover itself stays as it was uploaded, for the event's page.
    expect((await served(cover)).rawPayload.equals(content)).toBe(true);
  });

  it('turns thumbnails upright by their EXIF orientation and never enlarges a small cover', async () => {
    const { event } = await createPublishedEvent(ctx, publisher.auth);
    // Stored sideways, as a phone camera does, with the tag saying to turn it a quarter.
    const sideways = await sharp(await photo())
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    await upload(publisher.auth, event.id, image(sideways, 'x.jpg'));
    const [small, large] = (await publicEvent(event.id)).cover_thumbnails;
    expect(await sharp((await served(small!.url)).rawPayload).metadata()).toMatchObject({
      width: 480,
      height: Math.round((480 * 1200) / 630),
    });
    expect(await sharp((await served(large!.url)).rawPayload).metadata()).toMatchObject({
      width: 630,
      height: 1200,
    });

    await upload(publisher.auth, event.id, image(PNG));
    for (const { url } of (await publicEvent(event.id)).cover_thumbnails)
      expect(await sharp((await served(url)).rawPayload).metadata()).toMatchObject({
        width: 1,
        height: 1,
      });
  });

  it('makes a thumbnail missing from the storage on its first request (covers stored before thumbnails)', async () => {
    const { event } = await createPublishedEvent(ctx, publisher.auth);
    const content = encodePng(drawDemoCover('stored-earlier', ['#0B5E74', '#1C8BA8']));
    const digest = createHash('sha256').update(content).digest('hex').slice(0, 20);
    const key = `covers/${event.id}/${digest}.png`;
    await ctx.app.storage.put(key, content);
    await ctx.database.db.update(events).set({ cover_key: key }).where(eq(events.id, event.id));

    const [small, large] = (await publicEvent(event.id)).cover_thumbnails;
    expect(await ctx.app.storage.get(`covers/${event.id}/${digest}-480w.webp`)).toBeNull();
    // Asked twice at once: both answered, one file made.
    const [first, second] = await Promise.all([served(small!.url), served(small!.url)]);
    for (const response of [first, second]) {
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
    }
    expect(first.rawPayload.equals(second.rawPayload)).toBe(true);
    const stored = await ctx.app.storage.get(`covers/${event.id}/${digest}-480w.webp`);
    expect(stored?.equals(first.rawPayload)).toBe(true);
    expect(stored!.length).toBeLessThan(content.length);
    expect((await sharp(stored!).metadata()).width).toBe(480);
    expect((await served(large!.url)).statusCode).toBe(200);
  });

  it('answers not_found for thumbnails of a width or folder that has none', async () => {
    const { event } = await createPublishedEvent(ctx, publisher.auth);
    const cover = expectOk(await upload(publisher.auth, event.id, image(PNG)), 200, Event).cover!;
    for (const url of [
      cover.replace(/\.png$/, '-300w.webp'),
      cover.replace(/\.png$/, '-480w.png'),
      cover.replace('/covers/', '/avatars/').replace(/\.png$/, '-480w.webp'),
      `/uploads/covers/${event.id}/${'0'.repeat(20)}-480w.webp`,
    ])
      expectError(await served(url), 404, 'not_found');
  });

  it('refuses a file that is not an image with image_invalid and keeps the old cover', async () => {
    const event = await createDraftEvent(ctx, organizer.auth);
    const first = Event.parse((await upload(organizer.auth, event.id, image(PNG))).json());
    expectError(
      await upload(
        organizer.auth,
        event.id,
        image(Buffer.from('<svg onload="alert(1)"/>'), 'x.svg'),
      ),
      400,
      'image_invalid',
      'cover',
    );
    expect((await getEvent(organizer.auth, event.id)).cover).toBe(first.cover);
  });

  it('refuses bytes that start like an image but do not decode, storing nothing', async () => {
    const event = await createDraftEvent(ctx, organizer.auth);
    for (const [content, filename] of [
      [Buffer.concat([PNG.subarray(0, 16), Buffer.alloc(200, 7)]), 'x.png'],
      [Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(20)]), 'x.gif'],
    ] as const) {
      expectError(
        await upload(organizer.auth, event.id, image(content, filename)),
        400,
        'image_invalid',
        'cover',
      );
    }
    expect((await getEvent(organizer.auth, event.id)).cover).toBeNull();
    expect(existsSync(path.join(ctx.config.DATA_DIR, 'uploads', 'covers', String(event.id)))).toBe(
      false,
    );
  });

  it('refuses a file over the upload limit with request_too_large', async () => {
    const event = await createDraftEvent(ctx, organizer.auth);
    const huge = Buffer.concat([PNG, Buffer.alloc(MAX_UPLOAD_BYTES)]);
    expectError(await upload(organizer.auth, event.id, image(huge)), 413, 'request_too_large');
    expect((await getEvent(organizer.auth, event.id)).cover).toBeNull();
  });

  it('needs the cover file', async () => {
    const event = await createDraftEvent(ctx, organizer.auth);
    expectError(
      await upload(organizer.auth, event.id, multipartForm({})),
      400,
      'required',
      'cover',
    );
    expectError(
      await upload(organizer.auth, event.id, multipartForm({ cover: 'text, not a file' })),
      400,
      'required',
      'cover',
    );
  });

  it('answers a multipart body it cannot read with multipart_invalid and keeps no cover', async () => {
    const event = await createDraftEvent(ctx, organizer.auth);
    for (const contentType of ['multipart/form-data', 'multipart/form-data; boundary=xyz']) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/api/v1/events/${event.id}/cover/`,
        headers: { authorization: organizer.auth, 'content-type': contentType },
        payload: 'not a multipart body',
      });
      expectError(response, 400, 'multipart_invalid', null);
    }
    expect((await getEvent(organizer.auth, event.id)).cover).toBeNull();
  });

  it("answers not_found for another organizer's event and permission_denied to attendees", async () => {
    const event = await createDraftEvent(ctx, organizer.auth);
    expectError(await upload(rival.auth, event.id, image(PNG)), 404, 'not_found');
    expectError(await upload(attendee.auth, event.id, image(PNG)), 403, 'permission_denied');
    expect((await getEvent(organizer.auth, event.id)).cover).toBeNull();
  });

  it('refuses a new cover for a cancelled event', async () => {
    const event = await createDraftEvent(ctx, organizer.auth);
    await cancelEvent(ctx, organizer.auth, event.id);
    expectError(await upload(organizer.auth, event.id, image(PNG)), 409, 'event_not_editable');
  });
});

describe('derived columns', () => {
  it('keeps first_start and last_end when slots are added later', async () => {
    const { event } = await createPublishedEvent(ctx, organizer.auth, {
      dates: [{ start: inDays(10), end: inDays(10, 2) }],
    });
    await call(ctx, organizer.auth, 'POST', '/api/v1/event_dates/', {
      event: event.id,
      start: inDays(20),
      end: inDays(20, 2),
    });
    const after = await getEvent(organizer.auth, event.id);
    expect(after.dates_count).toBe(2);
    expect(Date.parse(after.last_end!)).toBe(Date.parse(inDays(20, 2)));
  });
});
