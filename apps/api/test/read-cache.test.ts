import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventDetail, EventSummaryList } from '@hafla/shared/events/discovery';
import { categories } from '../src/db/schema/catalog';
import { eventRatings } from '../src/db/schema/ratings';
import { createTestContext, type TestContext } from './helpers';
import {
  call,
  cancelEvent,
  createAttendee,
  createOrganizer,
  expectOk,
  type Account,
} from './event-helpers';
import { followOrganizer, publishEvent, slotAt, wishlistEvent } from './discovery-helpers';

/**
 * The read cache and HTTP caching (decision 0017), on PGlite and (TEST_DATABASE_URL) on
 * PostgreSQL: public answers carry an ETag and answer 304, say who may keep them, and are
 * never served stale after a change commits.
 */

let ctx: TestContext;
let organizer: Account;
let fan: Account;

beforeAll(async () => {
  ctx = await createTestContext();
  organizer = await createOrganizer(ctx);
  fan = await createAttendee(ctx);
});

afterAll(async () => {
  await ctx?.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers });

describe('HTTP caching of public answers', () => {
  it('answers an anonymous event page with an ETag, 304 on a match, and shared-cache rules', async () => {
    const { event } = await publishEvent(ctx, organizer.auth);
    const url = `/api/v1/events_read/${event.id}`;
    const first = await get(url);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['cache-control']).toBe(
      'public, max-age=0, s-maxage=1, stale-while-revalidate=30',
    );
    expect(String(first.headers.vary)).toMatch(/Accept-Language/);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"/);

    const again = await get(url);
    expect(again.headers['x-read-cache']).toBe('hit');
    expect(again.body).toBe(first.body);
    expect(again.headers.etag).toBe(etag);

    const notModified = await get(url, { 'if-none-match': etag });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    expect((await get(url, { 'if-none-match': 'W/"stale"' })).statusCode).toBe(200);

    // Each language is its own answer.
    const arabic = await get(url, { 'accept-language': 'ar' });
    expect(arabic.statusCode).toBe(200);
    expect(arabic.headers.etag).not.toBe(etag);
    expect(EventDetail.parse(arabic.json()).category_name).not.toBe(
      EventDetail.parse(first.json()).category_name,
    );
  });

  it('keeps signed-in answers private, with the reader’s own wishlist and follow laid over', async () => {
    const { event } = await publishEvent(ctx, organizer.auth, { title: 'Private marks' });
    const url = `/api/v1/events_read/${event.id}`;
    await get(url);
    await wishlistEvent(ctx, fan, event.id);
    await followOrganizer(ctx, fan, organizer.id);

    const mine = await call(ctx, fan.auth, 'GET', url);
    expect(mine.headers['cache-control']).toBe('private, no-store');
    const detail = expectOk(mine, 200, EventDetail);
    expect(detail.is_wishlisted).toBe(true);
    expect(detail.organizer.is_following).toBe(true);
    expect(detail.wishlist_count).toBe(1);

    const anonymous = expectOk(await get(url), 200, EventDetail);
    expect(anonymous.is_wishlisted).toBe(false);
    expect(anonymous.organizer.is_following).toBe(false);
    // The counts are everyone's, and the change reached the shared answer at once.
    expect(anonymous.wishlist_count).toBe(1);
    expect(anonymous.organizer.followers_count).toBe(detail.organizer.followers_count);

    const list = expectOk(
      await call(
        ctx,
        fan.auth,
        'GET',
        `/api/v1/events_read/?search=${encodeURIComponent('Private marks')}`,
      ),
      200,
      EventSummaryList,
    );
    expect(list.results.map((row) => [row.id, row.is_wishlisted])).toEqual([[event.id, true]]);

    const home = await call(ctx, fan.auth, 'GET', '/api/v1/home');
    expect(home.statusCode, home.body).toBe(200);
    const organizersSection = (
      home.json() as { sections: Array<{ kind: string; organizers: Array<{ id: string }> }> }
    ).sections.find((section) => section.kind === 'organizers');
    // Organizers to follow leave out the ones the reader follows.
    expect(organizersSection?.organizers.map((card) => card.id) ?? []).not.toContain(organizer.id);
  });

  it('gives other GETs an ETag and 304 too, revalidated every time when anonymous', async () => {
    const first = await get('/api/v1/app_config/');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = String(first.headers.etag);
    expect((await get('/api/v1/app_config/', { 'if-none-match': etag })).statusCode).toBe(304);

    const categoriesPage = await get('/api/v1/categories/');
    expect(categoriesPage.headers['cache-control']).toMatch(/^public, .*s-maxage=60/);
    expect(
      (await get('/api/v1/categories/', { 'if-none-match': String(categoriesPage.headers.etag) }))
        .statusCode,
    ).toBe(304);
  });
});

describe('no stale answer after a change commits', () => {
  it('shows a new title, a new slot and a cancellation on the page, the lists and home', async () => {
    const { event } = await publishEvent(ctx, organizer.auth, { title: 'Before the change' });
    const page = `/api/v1/events_read/${event.id}`;
    const list = `/api/v1/events_read/?organizer=${organizer.id}&limit=100`;
    const read = async () => EventDetail.parse((await get(page)).json());
    const titlesInList = async () =>
      EventSummaryList.parse((await get(list)).json()).results.map((row) => row.title);
    const titlesAtHome = async () =>
      (
        (await get('/api/v1/home')).json() as {
          sections: Array<{ events: Array<{ id: number; title: string }> }>;
        }
      ).sections.flatMap((section) => section.events.filter((row) => row.id === event.id));

    expect((await read()).title).toBe('Before the change');
    expect(await titlesInList()).toContain('Before the change');
    await titlesAtHome();
    const etag = String((await get(page)).headers.etag);

    const renamed = await call(ctx, organizer.auth, 'PATCH', `/api/v1/events/${event.id}/`, {
      title: 'After the change',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await read()).title).toBe('After the change');
    expect((await get(page, { 'if-none-match': etag })).statusCode).toBe(200);
    expect(await titlesInList()).toContain('After the change');
    expect(await titlesInList()).not.toContain('Before the change');
    for (const shown of await titlesAtHome()) expect(shown.title).toBe('After the change');

    const slot = slotAt(9, '20:00');
    const added = await call(ctx, organizer.auth, 'POST', '/api/v1/event_dates/', {
      event: event.id,
      ...slot,
    });
    expect(added.statusCode, added.body).toBe(201);
    expect((await read()).dates.map((date) => date.start)).toContain(slot.start);

    await cancelEvent(ctx, organizer.auth, event.id);
    expect((await read()).status).toBe('cancelled');
    expect(await titlesInList()).not.toContain('After the change');
  });

  it("shows an organizer's new bio, follower and rating on their public profile at once", async () => {
    const { event } = await publishEvent(ctx, organizer.auth, { title: 'Rated later' });
    const profile = `/api/v1/profile/${organizer.id}/`;
    const read = async () => {
      const response = await get(profile);
      expect(response.statusCode, response.body).toBe(200);
      return {
        cache: response.headers['x-read-cache'],
        body: response.json() as {
          bio: string | null;
          followers_count: number;
          rating: { average: number | null; count: number };
          is_following: boolean;
        },
      };
    };
    const before = await read();
    expect((await read()).cache).toBe('hit');
    expect(before.body.is_following).toBe(false);

    const shouted = `/api/v1/profile/${organizer.id.toUpperCase()}/`;
    expect((await get(shouted)).statusCode).toBe(200);
    const edited = await call(ctx, organizer.auth, 'PATCH', profile, { bio: 'Evenings of oud' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await read()).body.bio).toBe('Evenings of oud');
    // However the path spells the id, the change shows.
    expect((await get(shouted)).json()).toMatchObject({ bio: 'Evenings of oud' });

    const follower = await createAttendee(ctx);
    await followOrganizer(ctx, follower, organizer.id);
    expect((await read()).body.followers_count).toBe(before.body.followers_count + 1);
    // The follower sees that they follow; anonymous readers still get the shared answer.
    const own = await ctx.app.inject({
      method: 'GET',
      url: profile,
      headers: { authorization: follower.auth },
    });
    expect((own.json() as { is_following: boolean }).is_following).toBe(true);
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect((await read()).body.is_following).toBe(false);

    await ctx.database.db.insert(eventRatings).values({
      event_id: event.id,
      organizer_id: organizer.id,
      user_id: follower.id,
      rating: 4,
    });
    expect((await read()).body.rating.count).toBe(before.body.rating.count + 1);
    await ctx.database.db.delete(eventRatings).where(eq(eventRatings.event_id, event.id));
    expect((await read()).body.rating).toEqual(before.body.rating);
  });

  it('shows catalog edits at once (triggers notify every process)', async () => {
    const before = (await get('/api/v1/categories/?limit=100')).json() as {
      results: Array<{ id: number; name: string }>;
    };
    const target = before.results[0]!;
    await ctx.database.db
      .update(categories)
      .set({ name_en: 'Renamed by staff' })
      .where(eq(categories.id, target.id));
    const after = (await get('/api/v1/categories/?limit=100')).json() as typeof before;
    expect(after.results.find((row) => row.id === target.id)?.name).toBe('Renamed by staff');
    const summary = await get(`/api/v1/categories/${target.id}`);
    expect((summary.json() as { name: string }).name).toBe('Renamed by staff');
  });
});

describe('counts past a thousand matches', () => {
  it('are estimated and labelled, exact below', async () => {
    const { event } = await publishEvent(ctx, organizer.auth, { title: 'Crowded word zanzibar' });
    const exact = EventSummaryList.parse(
      (await get('/api/v1/events_read/?search=zanzibar')).json(),
    );
    expect(exact).toMatchObject({ count: 1, count_is_estimate: false });

    // 1,100 more published copies, written in the database (the API limits publishing).
    await ctx.database.db.execute(sql`
      insert into events (organizer_id, title, description, category_id, event_type_id,
        venue_name, address, timezone, currency, status, published_at, first_start_at,
        last_end_at, min_price, max_price)
      select organizer_id, title || ' ' || n, description, category_id, event_type_id,
        venue_name, address, timezone, currency, 'published', now(), first_start_at,
        last_end_at, min_price, max_price
      from events, generate_series(1, 1100) as n where id = ${event.id}`);
    await ctx.database.db.execute(sql`analyze events`);
    const estimated = EventSummaryList.parse(
      (await get('/api/v1/events_read/?search=zanzibar&limit=5')).json(),
    );
    expect(estimated.count_is_estimate).toBe(true);
    expect(estimated.count).toBeGreaterThan(1000);
    expect(estimated.results).toHaveLength(5);
    expect(estimated.next).not.toBeNull();
  });
});
