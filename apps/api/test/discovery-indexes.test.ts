import { sql, type SQLWrapper } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  eventCountQuery,
  eventIdsQuery,
  findEventIds,
  RANKED_MATCHES,
  type EventSearch,
} from '../src/modules/discovery/queries';
import { createOrganizer } from './event-helpers';
import { createTestContext, type TestContext } from './helpers';

/**
 * The plans of the list's own SQL over a few thousand events: search must go through the GIN
 * index and "near" through the GiST box, or they will not stay fast at 100,000 events.
 */

let ctx: TestContext;
const EVENTS = 4000;

beforeAll(async () => {
  ctx = await createTestContext();
  const organizer = await createOrganizer(ctx, { organization_name: 'Bulk Maker' });
  const db = ctx.database.db;
  // Set-based, like the benchmark's seeder: words and places vary with the row number.
  await db.execute(sql`
    insert into events (organizer_id, title, description, category_id, event_type_id, venue_name,
      address, latitude, longitude, timezone, currency, status, published_at)
    select ${organizer.id}::uuid,
      (array['Concert', 'Workshop', 'Summit', 'Market', 'Tour', 'حفل', 'معرض', 'مؤتمر'])[1 + n % 8]
        || ' ' || (array['Riyadh', 'Jeddah', 'Dubai', 'Cairo', 'الكويت'])[1 + n % 5] || ' ' || n,
      'An event numbered ' || n,
      (select min(id) from categories), (select min(id) from event_types),
      'Hall ' || (n % 50), 'Street ' || (n % 300),
      15 + (n * 7919 % 2000) / 100.0, 35 + (n * 104729 % 2500) / 100.0,
      'Asia/Riyadh', 'SAR', 'published', now() - interval '1 day'
    from generate_series(1, ${EVENTS}) as n`);
  await db.execute(sql`
    insert into event_dates (event_id, start_at, end_at)
    select id, now() + (id % 60) * interval '1 day', now() + (id % 60) * interval '1 day' + interval '2 hours'
    from events where organizer_id = ${organizer.id}::uuid`);
  await db.execute(sql`
    insert into ticket_categories (event_id, name, price, quantity)
    select id, 'General', (id % 10) * 1000, 100 from events where organizer_id = ${organizer.id}::uuid`);
  // "Recital" in the title of an eighth of them, and in the description of another eighth.
  await db.execute(sql`update events set title = 'Recital ' || title
    where organizer_id = ${organizer.id}::uuid and id % 8 = 0`);
  await db.execute(sql`update events set description = description || ', after the recital'
    where organizer_id = ${organizer.id}::uuid and id % 8 = 1`);
  // One event with a word nothing else has.
  await db.execute(sql`update events set title = 'Zanzibarine gala' where id = (
    select max(id) from events where organizer_id = ${organizer.id}::uuid)`);
  // As autovacuum would: statistics, and the GIN index's pending list merged into the index.
  await db.execute(sql`vacuum analyze events`);
  await db.execute(sql`vacuum analyze event_dates`);
});
afterAll(() => ctx.close());

async function plan(query: SQLWrapper): Promise<string> {
  const result = (await ctx.database.db.execute(sql`explain ${query}`)) as unknown as {
    rows: Array<Record<string, string>>;
  };
  return result.rows.map((row) => Object.values(row)[0]).join('\n');
}

const now = () => new Date();
const plans = async (filter: EventSearch) => {
  const db = ctx.database.db;
  return {
    page: await plan(eventIdsQuery(db, filter, now())),
    count: await plan(eventCountQuery(db, filter, now())),
  };
};

describe('the events list query plans', () => {
  it('searches text through events_search_idx, for the page and its count', async () => {
    const { page, count } = await plans({ search: 'zanzibarine', sort: 'relevance' });
    expect(page).toContain('events_search_idx');
    expect(count).toContain('events_search_idx');
  });

  it('finds events near a point through events_location_idx, across the antimeridian too', async () => {
    const { page, count } = await plans({
      near: { lat: 24.7, lng: 46.7, radiusKm: 10 },
      sort: 'distance',
    });
    expect(page).toContain('events_location_idx');
    expect(count).toContain('events_location_idx');
    const wrapped = await plans({
      near: { lat: 24.7, lng: 179.99, radiusKm: 10 },
      sort: 'distance',
    });
    expect(wrapped.page).toContain('events_location_idx');
  });

  it('keeps both indexes when search and near combine with other filters', async () => {
    const { page } = await plans({
      search: 'concert',
      near: { lat: 24.7, lng: 46.7, radiusKm: 5 },
      prices: new Map([
        ['SAR', { max: 5000 }],
        ['KWD', { max: 410 }],
      ]),
      sort: 'distance',
    });
    expect(page).toMatch(/events_search_idx|events_location_idx/);
  });

  it('reads a page of the soonest, newest or most wishlisted from the first rows of an index', async () => {
    const db = ctx.database.db;
    expect(await plan(eventIdsQuery(db, { sort: 'soonest' }, now()))).toContain(
      'events_soonest_idx',
    );
    expect(await plan(eventIdsQuery(db, { sort: 'newest' }, now()))).toContain('events_newest_idx');
    expect(await plan(eventIdsQuery(db, { sort: 'popular' }, now()))).toContain(
      'events_popular_idx',
    );
  });

  it('ranks the soonest matches of a common word, then lists the rest by date: each match once', async () => {
    const db = ctx.database.db;
    const filter: EventSearch = { search: 'recital', sort: 'relevance' };
    const [{ value: total } = { value: 0 }] = await eventCountQuery(db, filter, now());
    expect(total).toBeGreaterThan(RANKED_MATCHES * 2);
    const seen: number[] = [];
    for (let offset = 0; offset < total + 50; offset += 50) {
      const page = await findEventIds(db, filter, { limit: 50, offset }, now());
      seen.push(...page.map((row) => row.id));
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);

    const rows = (await db.execute(sql`
      select id, title ilike 'recital%' as in_title, first_start_at from events
       where id in (${sql.join(
         seen.map((id) => sql`${id}`),
         sql`, `,
       )})`)) as unknown as {
      rows: Array<{ id: number; in_title: boolean; first_start_at: Date | string }>;
    };
    const byId = new Map(
      rows.rows.map((row) => [
        row.id,
        { inTitle: row.in_title, startsAt: new Date(row.first_start_at).getTime() },
      ]),
    );
    const ranked = seen.slice(0, RANKED_MATCHES).map((id) => byId.get(id)!);
    // Within the ranked part a title match comes before a match in the description only…
    const firstInDescription = ranked.findIndex((row) => !row.inTitle);
    expect(firstInDescription).toBeGreaterThan(0);
    expect(ranked.slice(firstInDescription).every((row) => !row.inTitle)).toBe(true);
    // …and the ranked part is the soonest matches; the rest follows by date.
    const soonestAfter = Math.min(
      ...seen.slice(RANKED_MATCHES).map((id) => byId.get(id)!.startsAt),
    );
    expect(ranked.every((row) => row.startsAt <= soonestAfter)).toBe(true);
    const rest = seen.slice(RANKED_MATCHES).map((id) => byId.get(id)!.startsAt);
    expect(rest).toEqual([...rest].sort((a, b) => a - b));
  });

  it('answers the list with the bulk in place', async () => {
    const response = await ctx.app.inject({ url: '/api/v1/events_read/?search=zanzibarine' });
    expect(response.json()).toMatchObject({ count: 1, results: [{ title: 'Zanzibarine gala' }] });
    const near = await ctx.app.inject({
      url: '/api/v1/events_read/?lat=24.7&lng=46.7&radius_km=50',
    });
    expect(near.statusCode).toBe(200);
  });
});
