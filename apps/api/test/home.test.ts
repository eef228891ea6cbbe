import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayInZone, weekdayOf, zonedTimeToInstant } from '@hafla/shared/common/zoned-time';
import { SeatMapStatus } from '@hafla/shared/charts/seats';
import { Home, type HomeSectionContent } from '@hafla/shared/events/home';
import { categories, eventTypes } from '../src/db/schema/catalog';
import { eventDates, events } from '../src/db/schema/events';
import { seedDemoEvents } from '../src/db/seed/demo-events';
import { seedDemoSeatChart } from '../src/db/seed/demo-seat-chart';
import { seatCharts } from '../src/db/schema/charts';
import { findEventIds } from '../src/modules/discovery/queries';
import {
  categoryId,
  followOrganizer,
  publishEvent,
  setFeatured,
  slotFrom,
  wishlistEvent,
} from './discovery-helpers';
import {
  call,
  createAttendee,
  createOrganizer,
  expectError,
  expectOk,
  setPublishLimit,
  type Account,
} from './event-helpers';
import { bearer, createTestContext, demoUserId, type TestContext } from './helpers';

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestContext();
  await setPublishLimit(ctx, 1000);
  admin = await bearer(ctx.config, {
    userId: await demoUserId(ctx, 'admin@hafla.test'),
    roles: ['attendee', 'admin'],
  });
});
afterAll(() => ctx.close());

async function home(query = '', auth: string | null = null, language = 'en') {
  const response = await ctx.app.inject({
    url: `/api/v1/home${query}`,
    headers: { 'accept-language': language, ...(auth ? { authorization: auth } : {}) },
  });
  return expectOk(response, 200, Home);
}

const section = (page: Home, kind: HomeSectionContent['kind']) => {
  const found = page.sections.find((s) => s.kind === kind);
  if (!found) throw new Error(`no ${kind} section`);
  return found;
};

describe('the demo data', () => {
  it('fills every section of the seeded home page', async () => {
    const page = await home('?lat=24.7136&lng=46.6753');
    const kinds = page.sections.map((s) => s.kind);
    expect(kinds).toEqual([
      'categories',
      'featured',
      'upcoming',
      'this_weekend',
      'near_me',
      'category',
      'popular',
      'organizers',
    ]);
    // Every section but the category links and the organizers lists events.
    for (const kind of kinds.filter((k) => k !== 'categories' && k !== 'organizers'))
      expect(section(page, kind).events.length, kind).toBeGreaterThan(0);
    expect(section(page, 'organizers').organizers.length).toBeGreaterThanOrEqual(5);
    expect(section(page, 'featured').events.map((e) => e.title)).toEqual(
      expect.arrayContaining(['أمسية العود والطرب الأصيل', 'Jazz Night at Dubai Opera']),
    );
  });

  it('gives the demo attendee a follow and two wishlisted events', async () => {
    const attendee = await demoUserId(ctx);
    const auth = await bearer(ctx.config, { userId: attendee });
    const wishlist = await call(ctx, auth, 'GET', `/api/v1/profile/${attendee}/wishlist_events/`);
    expect(wishlist.json()).toMatchObject({ count: 2 });
    const following = await call(ctx, auth, 'GET', `/api/v1/profile/${attendee}/following/`);
    expect(following.json()).toMatchObject({ count: 1, results: [{ name: 'Nour Events' }] });
  });

  it('is seeded again without duplicates, and draws covers into the storage when given one', async () => {
    const before = await ctx.database.db.select({ id: events.id }).from(events);
    await seedDemoEvents(ctx.database.db, { storage: ctx.app.storage });
    await seedDemoEvents(ctx.database.db, { storage: ctx.app.storage });
    const after = await ctx.database.db
      .select({ id: events.id, cover_key: events.cover_key })
      .from(events);
    expect(after).toHaveLength(before.length);
    expect(after.every((row) => row.cover_key?.match(/^covers\/\d+\/[0-9a-f]{20}\.png$/))).toBe(
      true,
    );
    const [one] = (await call(ctx, null, 'GET', '/api/v1/events_read/?limit=1')).json().results;
    const image = await ctx.app.inject({ url: one.cover });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.readUInt32BE(16)).toBe(960);
    expect(image.rawPayload.readUInt32BE(20)).toBe(504);
    // Thumbnails are made with the cover, so the first visitor does not wait for them.
    const stem = one.cover.replace(/^\/uploads\//, '').replace(/\.png$/, '');
    expect(one.cover_thumbnails).toEqual([
      { width: 480, url: `/uploads/${stem}-480w.webp` },
      { width: 960, url: `/uploads/${stem}-960w.webp` },
    ]);
    const thumbnail = await ctx.app.storage.get(`${stem}-480w.webp`);
    expect(thumbnail?.subarray(8, 12).toString('latin1')).toBe('WEBP');
    expect(thumbnail!.length).toBeLessThan(image.rawPayload.length / 4);
  });
});

describe('the demo seat chart', () => {
  it('sells every date of the demo play seat by seat, and is seeded again without a second chart', async () => {
    const [play] = await ctx.database.db
      .select({ id: events.id })
      .from(events)
      .where(eq(events.title, 'مسرحية بيت الجد'));
    const dates = await ctx.database.db
      .select({ id: eventDates.id, chart_version_id: eventDates.chart_version_id })
      .from(eventDates)
      .where(eq(eventDates.event_id, play!.id));
    expect(dates.length).toBeGreaterThan(0);
    for (const date of dates) {
      const status = expectOk(
        await call(ctx, null, 'GET', `/api/v1/event_dates/${date.id}/seats/status/`),
        200,
        SeatMapStatus,
      );
      expect(status.statuses).toBe('a'.repeat(350));
      expect(status.counters.map(({ available, total }) => ({ available, total }))).toEqual([
        { available: 100, total: 100 },
        { available: 250, total: 250 },
      ]);
    }
    const before = await ctx.database.db.select({ id: seatCharts.id }).from(seatCharts);
    await seedDemoSeatChart(ctx.database.db, new Date());
    expect(await ctx.database.db.select({ id: seatCharts.id }).from(seatCharts)).toEqual(before);
    const after = await ctx.database.db
      .select({ id: eventDates.id, chart_version_id: eventDates.chart_version_id })
      .from(eventDates)
      .where(eq(eventDates.event_id, play!.id));
    expect(after).toEqual(expect.arrayContaining(dates));
  });
});

/** Friday of the weekend under way (Fri–Sun) or of the next one, in Riyadh. */
function riyadhFriday(): string {
  const today = dayInZone(new Date(), 'Asia/Riyadh');
  const sinceFriday = (weekdayOf(today) + 2) % 7;
  return sinceFriday <= 2 ? addDays(today, -sinceFriday) : addDays(today, 7 - sinceFriday);
}

describe('compression', () => {
  it('sends the home answer compressed to clients that accept it, plain to the others', async () => {
    const plain = await ctx.app.inject({ url: '/api/v1/home' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const encoding of ['br', 'gzip'] as const) {
      const packed = await ctx.app.inject({
        url: '/api/v1/home',
        headers: { 'accept-encoding': encoding },
      });
      expect(packed.headers['content-encoding']).toBe(encoding);
      expect(packed.headers.vary).toMatch(/accept-encoding/i);
      const body = (encoding === 'br' ? brotliDecompressSync : gunzipSync)(packed.rawPayload);
      expect(body.length).toBeGreaterThan(packed.rawPayload.length * 4);
      expect(JSON.parse(body.toString('utf8'))).toEqual(plain.json());
    }
  });
});

describe('GET /api/v1/home', () => {
  let organizer: Account;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    // The seeded demo events would crowd the sections: these tests see only their own.
    await ctx.database.db.update(events).set({ status: 'cancelled' });
    organizer = await createOrganizer(ctx, { organization_name: 'Home Maker' });
    const music = await categoryId(ctx, 'music');
    const sports = await categoryId(ctx, 'sports');
    ids.soon = (await publishEvent(ctx, organizer.auth, { days: 1, category: sports })).event.id;
    ids.music = (
      await publishEvent(ctx, organizer.auth, {
        days: 20,
        category: music,
        latitude: 21.5433,
        longitude: 39.1728,
      })
    ).event.id;
    // A slot this weekend, on Riyadh's wall clock, and one on the Wednesday after it.
    const friday = riyadhFriday();
    const noon = zonedTimeToInstant(friday, '12:00', 'Asia/Riyadh');
    const start = new Date(Math.max(noon.getTime(), Date.now() + 10 * 60_000));
    const monday = zonedTimeToInstant(addDays(friday, 3), '00:00', 'Asia/Riyadh');
    if (start < monday) {
      ids.weekend = (
        await publishEvent(ctx, organizer.auth, {
          category: sports,
          dates: [slotFrom(start, 'Asia/Riyadh', 1)],
        })
      ).event.id;
    }
    const wednesday = zonedTimeToInstant(addDays(friday, 5), '19:00', 'Asia/Riyadh');
    ids.weekday = (
      await publishEvent(ctx, organizer.auth, {
        category: sports,
        dates: [slotFrom(wednesday, 'Asia/Riyadh', 1)],
      })
    ).event.id;
  });

  it('answers the configured sections in order, titled in the reader’s language', async () => {
    const en = await home();
    const ar = await home('', null, 'ar');
    expect(ar.sections.map((s) => s.id)).toEqual(en.sections.map((s) => s.id));
    expect(section(en, 'this_weekend').title).toBe('This weekend');
    expect(section(ar, 'this_weekend').title).toBe('في عطلة نهاية الأسبوع');
    expect(section(en, 'categories')).toMatchObject({ events: [], organizers: [] });
    for (const s of en.sections) expect(s.events.length).toBeLessThanOrEqual(12);
  });

  it('fills upcoming soonest first, and popular by wishlists', async () => {
    const fan = await createAttendee(ctx);
    await wishlistEvent(ctx, fan, ids.music!);
    const page = await home('', fan.auth);
    const upcoming = section(page, 'upcoming').events;
    const starts = upcoming.map((e) => Date.parse(e.first_start!));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    const order = upcoming.map((e) => e.id);
    expect(order.indexOf(ids.soon!)).toBeLessThan(order.indexOf(ids.music!));
    const popular = section(page, 'popular').events;
    expect(popular[0]).toMatchObject({ id: ids.music, is_wishlisted: true, wishlist_count: 1 });
  });

  it('fills featured with staff picks, else with the popular events', async () => {
    const fallback = await home();
    expect(section(fallback, 'featured').events.map((e) => e.id)).toEqual(
      section(fallback, 'popular').events.map((e) => e.id),
    );
    await setFeatured(ctx, [ids.weekday!]);
    const picked = await home();
    expect(section(picked, 'featured').events.map((e) => e.id)).toEqual([ids.weekday]);
    await setFeatured(ctx, [ids.weekday!], false);
  });

  it("fills this weekend with slots between Friday and Sunday on the event's clock", async () => {
    const weekend = section(await home(), 'this_weekend').events.map((e) => e.id);
    if (ids.weekend) expect(weekend).toContain(ids.weekend);
    expect(weekend).not.toContain(ids.weekday);
    expect(weekend).not.toContain(ids.music);
  });

  it('fills near you only when given a point, with distances', async () => {
    expect(section(await home(), 'near_me').events).toEqual([]);
    const near = section(await home('?lat=21.55&lng=39.17'), 'near_me');
    expect(near.events.map((e) => e.id)).toEqual([ids.music]);
    expect(near.events[0]!.distance_km).toBeGreaterThan(0);
    expect(near.events[0]!.distance_km).toBeLessThan(2);
    // Distances belong to that section only.
    const page = await home('?lat=21.55&lng=39.17');
    expect(section(page, 'popular').events.every((e) => e.distance_km === null)).toBe(true);
  });

  it("fills a category section with that category's events and names its id", async () => {
    const music = section(await home(), 'category');
    expect(music.category).toBe(await categoryId(ctx, 'music'));
    expect(music.events.map((e) => e.id)).toEqual([ids.music]);
  });

  it('suggests organizers the reader does not follow', async () => {
    const fan = await createAttendee(ctx);
    const before = section(await home('', fan.auth), 'organizers').organizers.map((o) => o.id);
    expect(before).toContain(organizer.id);
    await followOrganizer(ctx, fan, organizer.id);
    const after = section(await home('', fan.auth), 'organizers').organizers.map((o) => o.id);
    expect(after).not.toContain(organizer.id);
  });

  it('follows what admins configure', async () => {
    const put = await call(ctx, admin, 'PUT', '/api/v1/admin/app_config/home-page-config/', {
      value: [
        {
          id: 'sport',
          kind: 'category',
          category: 'sports',
          position: 2,
          title_en: 'Sport',
          title_ar: 'رياضة',
        },
        { id: 'hot', kind: 'popular', position: 1, title_en: 'Hot', title_ar: 'رائج' },
      ],
    });
    expect(put.statusCode, put.body).toBe(200);
    const page = await home();
    expect(page.sections.map((s) => [s.id, s.title])).toEqual([
      ['hot', 'Hot'],
      ['sport', 'Sport'],
    ]);
    const sport = page.sections[1]!;
    expect(sport.category).toBe(await categoryId(ctx, 'sports'));
    expect(sport.events.map((e) => e.id)).toEqual(expect.arrayContaining([ids.soon, ids.weekday]));
    expect(sport.events.map((e) => e.id)).not.toContain(ids.music);
  });

  it.each([
    ['?lat=24.7', 'coordinates_incomplete', 'lng'],
    ['?lng=46.6', 'coordinates_incomplete', 'lat'],
    ['?lat=100&lng=46', 'max_value', 'lat'],
    ['?lat=24&lng=east', 'not_a_number', 'lng'],
  ])('refuses %s with %s', async (query, code, attr) => {
    expectError(await ctx.app.inject({ url: `/api/v1/home${query}` }), 400, code, attr);
  });
});

describe('this weekend, for any day of the week and any zone', () => {
  let organizerId: string;
  const ids: Record<string, number> = {};

  /** An event with one slot, inserted as stored (the API would refuse slots in 2030's past). */
  async function eventWithSlot(name: string, timeZone: string, start: string, end: string) {
    const [category] = await ctx.database.db
      .select({ id: categories.id })
      .from(categories)
      .limit(1);
    const [type] = await ctx.database.db.select({ id: eventTypes.id }).from(eventTypes).limit(1);
    const [row] = await ctx.database.db
      .insert(events)
      .values({
        organizer_id: organizerId,
        title: name,
        category_id: category!.id,
        event_type_id: type!.id,
        timezone: timeZone,
        currency: 'USD',
        status: 'published',
        published_at: new Date('2029-12-01T00:00:00Z'),
      })
      .returning({ id: events.id });
    await ctx.database.db
      .insert(eventDates)
      .values({ event_id: row!.id, start_at: new Date(start), end_at: new Date(end) });
    ids[name] = row!.id;
  }

  beforeAll(async () => {
    organizerId = (await createOrganizer(ctx)).id;
    // 2030-01-04 is a Friday. Riyadh is UTC+3 all year, New York UTC−5 in January.
    await eventWithSlot(
      'riyadhFridayNight',
      'Asia/Riyadh',
      '2030-01-03T22:00:00Z',
      '2030-01-03T23:00:00Z',
    ); // Fri 01:00
    await eventWithSlot(
      'riyadhThursdayLate',
      'Asia/Riyadh',
      '2030-01-03T20:30:00Z',
      '2030-01-03T20:50:00Z',
    ); // Thu 23:30
    await eventWithSlot(
      'riyadhSundayLate',
      'Asia/Riyadh',
      '2030-01-06T20:00:00Z',
      '2030-01-06T20:45:00Z',
    ); // Sun 23:00
    await eventWithSlot(
      'riyadhMondayEarly',
      'Asia/Riyadh',
      '2030-01-06T21:30:00Z',
      '2030-01-06T22:00:00Z',
    ); // Mon 00:30
    // 02:00 on Monday in Riyadh, still Sunday in UTC.
    await eventWithSlot(
      'riyadhMondayNight',
      'Asia/Riyadh',
      '2030-01-06T23:00:00Z',
      '2030-01-06T23:30:00Z',
    );
    await eventWithSlot(
      'newYorkSundayEvening',
      'America/New_York',
      '2030-01-07T01:00:00Z',
      '2030-01-07T03:00:00Z',
    ); // Sun 20:00
  });

  const weekendAt = async (now: string) => {
    const rows = await findEventIds(
      ctx.database.db,
      { isThisWeekend: true, organizerId, sort: 'soonest' },
      { limit: 50, offset: 0 },
      new Date(now),
    );
    const names = Object.entries(ids);
    return rows.map((row) => names.find(([, id]) => id === row.id)![0]).sort();
  };

  it('looks ahead to the coming weekend from a weekday', async () => {
    expect(await weekendAt('2030-01-02T09:00:00Z')).toEqual([
      'newYorkSundayEvening',
      'riyadhFridayNight',
      'riyadhSundayLate',
    ]);
  });

  it('keeps to the weekend under way, without slots already over', async () => {
    expect(await weekendAt('2030-01-05T07:00:00Z')).toEqual([
      'newYorkSundayEvening',
      'riyadhSundayLate',
    ]);
  });

  it('moves on zone by zone: Monday in Riyadh is still Sunday in New York', async () => {
    // 22:30 UTC on Sunday: 01:30 on Monday in Riyadh, 17:30 on Sunday in New York.
    expect(await weekendAt('2030-01-06T22:30:00Z')).toEqual(['newYorkSundayEvening']);
  });

  afterAll(async () => {
    await ctx.database.db.delete(events).where(eq(events.organizer_id, organizerId));
  });
});
