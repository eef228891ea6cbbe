import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventDetail, EventSummaryList } from '@hafla/shared/events/discovery';
import { haversineKm } from '../src/modules/discovery/geo';
import {
  categoryId,
  eventTypeId,
  followOrganizer,
  listIds,
  publishEvent,
  slotAt,
  wishlistEvent,
} from './discovery-helpers';
import {
  call,
  cancelEvent,
  createAttendee,
  createOrganizer,
  expectError,
  expectOk,
  moveEventToPast,
  setPublishLimit,
  type Account,
} from './event-helpers';
import { bearer, createTestContext, demoUserId, type TestContext } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_URL: 'https://hafla.example' });
  await setPublishLimit(ctx, 1000);
});
afterAll(() => ctx.close());

const list = (query: string, auth: string | null = null) =>
  call(ctx, auth, 'GET', `/api/v1/events_read/?${query}`);

const page = async (query: string, auth: string | null = null) =>
  expectOk(await list(query, auth), 200, EventSummaryList);

/** Riyadh's centre, and points at known distances from it. */
const RIYADH = { lat: 24.7136, lng: 46.6753 };

describe('GET /api/v1/events_read/', () => {
  let organizer: Account;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    organizer = await createOrganizer(ctx, { organization_name: 'Listing House' });
    const auth = organizer.auth;
    ids.later = (await publishEvent(ctx, auth, { title: 'Later show', days: 9 })).event.id;
    ids.sooner = (
      await publishEvent(ctx, auth, {
        title: 'Sooner show',
        dates: [slotAt(2, '18:00'), slotAt(4, '18:00')],
      })
    ).event.id;
    ids.draft = (await publishEvent(ctx, auth, { title: 'Draft show', publish: false })).event.id;
    ids.ended = (await publishEvent(ctx, auth, { title: 'Ended show', days: 3 })).event.id;
    await moveEventToPast(ctx, ids.ended);
    ids.cancelled = (await publishEvent(ctx, auth, { title: 'Cancelled show' })).event.id;
    await cancelEvent(ctx, auth, ids.cancelled);
  });

  it('lists only published events that have not ended, soonest first, in their time zone', async () => {
    const result = await page(`organizer=${organizer.id}`);
    expect(result.results.map((event) => event.id)).toEqual([ids.sooner, ids.later]);
    expect(result.count).toBe(2);
    const sooner = result.results[0]!;
    expect(sooner).toMatchObject({
      status: 'published',
      organizer: { id: organizer.id, name: 'Listing House' },
      is_wishlisted: false,
      distance_km: null,
      timezone: 'Asia/Riyadh',
      price_min: 5000,
      price_max: 5000,
      is_free: false,
    });
    expect(sooner.next_date?.start).toBe(slotAt(2, '18:00').start);
    expect(sooner.first_start).toMatch(/T18:00:00\+03:00$/);
    expect(sooner.last_end).toBe(slotAt(4, '18:00').end);
  });

  it('never shows drafts, ended or cancelled events in the list', async () => {
    const all = await listIds(ctx, '/api/v1/events_read/?limit=1000');
    expect(all).toEqual(expect.arrayContaining([ids.sooner, ids.later]));
    for (const hidden of [ids.draft, ids.ended, ids.cancelled]) expect(all).not.toContain(hidden);
  });

  it('pages with limit and offset, linking next and previous with the filters kept', async () => {
    const first = await page(`organizer=${organizer.id}&limit=1`);
    expect(first.results.map((e) => e.id)).toEqual([ids.sooner]);
    expect(first.next).toBe(
      `https://hafla.example/api/v1/events_read/?organizer=${organizer.id}&limit=1&offset=1`,
    );
    expect(first.previous).toBeNull();
    const second = await page(`organizer=${organizer.id}&limit=1&offset=1`);
    expect(second.results.map((e) => e.id)).toEqual([ids.later]);
    expect(second.next).toBeNull();
    expect(second.previous).toBe(
      `https://hafla.example/api/v1/events_read/?organizer=${organizer.id}&limit=1`,
    );
    const beyond = await page(`organizer=${organizer.id}&offset=500`);
    expect(beyond).toMatchObject({ count: 2, results: [] });
  });

  it.each([
    ['limit=0', 'min_value', 'limit'],
    ['limit=1001', 'max_value', 'limit'],
    ['offset=-1', 'min_value', 'offset'],
    ['limit=ten', 'not_a_number', 'limit'],
    ['category=0', 'min_value', 'category'],
    ['event_type=99999999999', 'max_value', 'event_type'],
    ['organizer=nobody', 'invalid', 'organizer'],
    ['date_from=2026-13-01', 'invalid', 'date_from'],
    ['price_min=-1', 'min_value', 'price_min'],
    ['price_max=1000000001', 'max_value', 'price_max'],
    ['free=maybe', 'invalid_choice', 'free'],
    ['online=1', 'invalid_choice', 'online'],
    ['sort=cheapest', 'invalid_choice', 'sort'],
    [`search=${'a'.repeat(201)}`, 'max_length', 'search'],
  ])('refuses %s with %s on %s', async (query, code, attr) => {
    expectError(await list(query), 400, code, attr);
  });

  it('answers token_not_valid for a bad token, even though reading needs none', async () => {
    expectError(await list('', 'Bearer not-a-token'), 401, 'token_not_valid');
  });
});

describe('GET /api/v1/events_read/ with search', () => {
  let organizer: Account;
  let arabic: number;
  let english: number;
  let described: number;

  beforeAll(async () => {
    organizer = await createOrganizer(ctx, { organization_name: 'Zephyrine Collective' });
    arabic = (
      await publishEvent(ctx, organizer.auth, {
        title: 'الحفل الموسيقي في قاعة الأرجوان',
        description: 'أمسية مع فرقة المؤتمر الموسيقي',
        venue_name: 'مسرح الياسمين',
      })
    ).event.id;
    english = (
      await publishEvent(ctx, organizer.auth, {
        title: 'Quokka Jazz Evening',
        venue_name: 'Marlowe Hall',
        address: 'Olaya Street, Riyadh',
      })
    ).event.id;
    described = (
      await publishEvent(ctx, organizer.auth, {
        title: 'Evening of strings',
        description: 'Featuring the Quokka quartet.',
      })
    ).event.id;
  });

  const search = (text: string, extra = '') =>
    listIds(ctx, `/api/v1/events_read/?search=${encodeURIComponent(text)}${extra}`);

  it('finds Arabic words without their article, hamza or short vowels', async () => {
    const mine = `&organizer=${organizer.id}`;
    expect(await search('حفل', mine)).toEqual([arabic]);
    expect(await search('الحفل', mine)).toEqual([arabic]);
    expect(await search('ارجوان', mine)).toEqual([arabic]);
    expect(await search('المُؤتمَر', mine)).toEqual([arabic]);
    expect(await search('ياسمين', mine)).toEqual([arabic]);
    expect(await search('حفل موسيق', mine)).toEqual([arabic]);
    // Everyone's events: the seeded "الحفل الختامي لموسم جدة" matches too.
    expect(await search('حفل')).toEqual(expect.arrayContaining([arabic]));
    expect((await search('حفل')).length).toBeGreaterThan(1);
  });

  it('folds the hamza seats: موتمر finds مؤتمر and رييس finds رئيس', async () => {
    const host = await createOrganizer(ctx, { organization_name: 'هيئة الفعاليات' });
    const seats = (
      await publishEvent(ctx, host.auth, {
        title: 'مؤتمر الرئيس السنوي',
        venue_name: 'قاعة الجوائز',
      })
    ).event.id;
    const theirs = `&organizer=${host.id}`;
    expect(await search('موتمر', theirs)).toEqual([seats]);
    expect(await search('مؤتمر', theirs)).toEqual([seats]);
    expect(await search('رييس', theirs)).toEqual([seats]);
    expect(await search('الرئيس', theirs)).toEqual([seats]);
    expect(await search('جوايز', theirs)).toEqual([seats]);
    expect(await search('هييه', theirs)).toEqual([seats]);
    // The first event's description says "المؤتمر": now found by the bare seat, below the title.
    expect(await search('موتمر')).toEqual(expect.arrayContaining([seats, arabic]));
  });

  it('finds English by title, venue, address and organizer name, by prefix and in any case', async () => {
    expect(await search('quokka jazz')).toEqual([english]);
    expect(await search('MARLOWE')).toEqual([english]);
    expect(await search('olaya')).toEqual([english]);
    expect(await search('zephyrine', `&organizer=${organizer.id}`)).toHaveLength(3);
    expect(await search('quok marl')).toEqual([english]);
    expect(await search('quokka nowhere')).toEqual([]);
  });

  it('finds a city typed in either language, whichever the address is written in', async () => {
    const host = await createOrganizer(ctx, { organization_name: 'Xanthe Stages' });
    const cairo = (
      await publishEvent(ctx, host.auth, { title: 'ليلة العود', address: 'الزمالك، القاهرة' })
    ).event.id;
    const theirs = `&organizer=${host.id}`;
    expect(await search('Cairo', theirs)).toEqual([cairo]);
    expect(await search('القاهرة', theirs)).toEqual([cairo]);
    // Every other word still has to match.
    expect(await search('zebra Cairo', theirs)).toEqual([]);
    expect(await search('العود cairo', theirs)).toEqual([cairo]);
    // Addresses written "Riyadh" are found by the Arabic name too; a city not typed finds none.
    expect(await search('الرياض', `&organizer=${organizer.id}`)).toHaveLength(3);
    expect(await search('Dubai', theirs)).toEqual([]);
  });

  it('ranks title matches above description matches unless a sort is asked', async () => {
    expect(await search('quokka')).toEqual([english, described]);
    const soonest = await search('quokka', '&sort=soonest');
    expect([...soonest].sort()).toEqual([english, described].sort());
  });

  it('matches nothing, without failing, when the text has no searchable word', async () => {
    for (const text of ['!!!', '&|:*', "'", 'ال', '\0', 'quokka\0', '🎵']) {
      const response = await list(`search=${encodeURIComponent(text)}`);
      expect(response.statusCode, text).toBe(200);
    }
  });
});

describe('GET /api/v1/events_read/ with filters', () => {
  let organizer: Account;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    organizer = await createOrganizer(ctx);
    const auth = organizer.auth;
    const sports = await categoryId(ctx, 'sports');
    const online = await eventTypeId(ctx, 'online');
    ids.free = (
      await publishEvent(ctx, auth, {
        title: 'Free talk',
        ticket_categories: [
          { name: 'Free', price: 0 },
          { name: 'Supporter', price: 2000 },
        ],
      })
    ).event.id;
    ids.cheap = (
      await publishEvent(ctx, auth, {
        title: 'Cheap run',
        category: sports,
        ticket_categories: [{ price: 1500 }],
      })
    ).event.id;
    ids.dear = (
      await publishEvent(ctx, auth, {
        title: 'Dear gala',
        ticket_categories: [{ price: 40_000 }, { name: 'VIP', price: 90_000 }],
      })
    ).event.id;
    ids.online = (
      await publishEvent(ctx, auth, {
        title: 'Online class',
        event_type: online,
        is_online: true,
        online_url: 'https://meet.example.com/class',
        venue_name: '',
        address: '',
        latitude: null,
        longitude: null,
        ticket_categories: [{ price: 3000 }],
      })
    ).event.id;
  });

  const filtered = (query: string) =>
    listIds(ctx, `/api/v1/events_read/?organizer=${organizer.id}&${query}`);
  const sorted = (values: Array<number | undefined>) => [...values].sort((a, b) => a! - b!);

  it('filters by category, event type and online', async () => {
    expect(await filtered(`category=${await categoryId(ctx, 'sports')}`)).toEqual([ids.cheap]);
    expect(await filtered(`event_type=${await eventTypeId(ctx, 'online')}`)).toEqual([ids.online]);
    expect(await filtered('online=true')).toEqual([ids.online]);
    expect(sorted(await filtered('online=false'))).toEqual(sorted([ids.free, ids.cheap, ids.dear]));
  });

  it('filters free events (a free ticket category) and price ranges that overlap', async () => {
    expect(await filtered('free=true')).toEqual([ids.free]);
    expect(await filtered('free=false')).not.toContain(ids.free);
    expect(sorted(await filtered('price_min=1000&price_max=2500'))).toEqual(
      sorted([ids.free, ids.cheap]),
    );
    expect(await filtered('price_min=50000')).toEqual([ids.dear]);
    expect(sorted(await filtered('price_max=1500'))).toEqual(sorted([ids.free, ids.cheap]));
    expect(await filtered('price_min=100000')).toEqual([]);
  });

  it('refuses a price range whose end comes before its start', async () => {
    expectError(await list('price_min=5000&price_max=100'), 400, 'range_invalid', 'price_max');
  });
});

describe('GET /api/v1/events_read/ with prices in several currencies', () => {
  let organizer: Account;
  let admin: string;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    organizer = await createOrganizer(ctx);
    admin = await bearer(ctx.config, {
      userId: await demoUserId(ctx, 'admin@hafla.test'),
      roles: ['attendee', 'admin'],
    });
    const priced = async (title: string, currency: string, price: number) =>
      (
        await publishEvent(ctx, organizer.auth, {
          title,
          currency,
          ticket_categories: [{ price }],
        })
      ).event.id;
    ids.sar = await priced('Riyal night', 'SAR', 4000); // SAR 40
    ids.kwd = await priced('Dinar night', 'KWD', 5000); // KWD 5.000 ≈ SAR 61
    ids.egp = await priced('Pound night', 'EGP', 10_000); // EGP 100 ≈ SAR 7.71
  });

  const filtered = async (query: string) =>
    [...(await listIds(ctx, `/api/v1/events_read/?organizer=${organizer.id}&${query}`))].sort(
      (a, b) => a! - b!,
    );
  const sorted = (values: number[]) => [...values].sort((a, b) => a - b);

  it('compares events priced in other currencies at the platform’s exchange rates', async () => {
    // Typed in the default currency (SAR): "up to SAR 50".
    expect(await filtered('price_max=5000')).toEqual(sorted([ids.sar!, ids.egp!]));
    expect(await filtered('price_min=5000')).toEqual([ids.kwd]);
    // Typed in KWD, "up to KWD 5.000" (≈ SAR 61) keeps all three; EGP 500–550 is SAR 38.55–42.41.
    expect(await filtered('currency=kwd&price_max=5000')).toEqual(
      sorted([ids.sar!, ids.kwd!, ids.egp!]),
    );
    expect(await filtered('currency=EGP&price_min=50000&price_max=55000')).toEqual([ids.sar]);
    expectError(
      await list('price_max=5000&currency=XYZ'),
      400,
      'currency_not_supported',
      'currency',
    );
  });

  it('follows the rates an admin sets, and leaves out currencies without one', async () => {
    expect(await filtered('price_max=5000')).toEqual(sorted([ids.sar!, ids.egp!]));
    const rates = { SAR: 1, KWD: 8, USD: 3.75 }; // no rate for EGP
    const saved = await call(ctx, admin, 'PATCH', '/api/v1/admin/app_config/platform/', {
      exchange_rates: rates,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      // KWD 5 is now SAR 40; EGP cannot be compared. The cached list was dropped.
      expect(await filtered('price_max=5000')).toEqual(sorted([ids.sar!, ids.kwd!]));
      // Typed in EGP, only EGP events can be compared.
      expect(await filtered('currency=EGP&price_max=1000000')).toEqual([ids.egp]);
      // Unfiltered lists still show every event.
      expect(await filtered('')).toEqual(sorted([ids.sar!, ids.kwd!, ids.egp!]));
    } finally {
      await call(ctx, admin, 'PATCH', '/api/v1/admin/app_config/platform/', {
        exchange_rates: { SAR: 1, AED: 1.0211, EGP: 0.0771, KWD: 12.2, USD: 3.75, EUR: 4.05 },
      });
    }
    expectError(
      await call(ctx, admin, 'PATCH', '/api/v1/admin/app_config/platform/', {
        exchange_rates: { SAR: 1, XYZ: 2 },
      }),
      400,
      'currency_not_supported',
      'exchange_rates.XYZ',
    );
    expectError(
      await call(ctx, admin, 'PATCH', '/api/v1/admin/app_config/platform/', {
        exchange_rates: { SAR: -1 },
      }),
      400,
      'min_value',
      'exchange_rates.SAR',
    );
  });
});

describe('GET /api/v1/events_read/ with dates', () => {
  let organizer: Account;
  let riyadhLate: number;
  let cairo: number;
  const riyadhDay = (days: number) => slotAt(days, '00:00').start.slice(0, 10);

  beforeAll(async () => {
    organizer = await createOrganizer(ctx);
    // 01:00 in Riyadh is 22:00 UTC the evening before: the day that counts is Riyadh's.
    riyadhLate = (
      await publishEvent(ctx, organizer.auth, { dates: [slotAt(10, '01:00', 'Asia/Riyadh', 1)] })
    ).event.id;
    cairo = (
      await publishEvent(ctx, organizer.auth, {
        timezone: 'Africa/Cairo',
        currency: 'EGP',
        dates: [
          slotAt(12, '20:00', 'Africa/Cairo', 2, 'Asia/Riyadh'),
          slotAt(20, '20:00', 'Africa/Cairo', 2, 'Asia/Riyadh'),
        ],
      })
    ).event.id;
  });

  const between = (from?: string, to?: string) =>
    listIds(
      ctx,
      `/api/v1/events_read/?organizer=${organizer.id}${from ? `&date_from=${from}` : ''}${to ? `&date_to=${to}` : ''}`,
    );

  it("matches calendar days on the event's own wall clock", async () => {
    const day = riyadhDay(10);
    expect(await between(day, day)).toEqual([riyadhLate]);
    const dayBefore = riyadhDay(9);
    expect(await between(dayBefore, dayBefore)).toEqual([]);
  });

  it('keeps events with any slot in the range, open-ended on either side', async () => {
    expect(await between(riyadhDay(15), riyadhDay(25))).toEqual([cairo]);
    expect(await between(riyadhDay(13), riyadhDay(19))).toEqual([]);
    expect(await between(undefined, riyadhDay(11))).toEqual([riyadhLate]);
    expect(await between(riyadhDay(11))).toEqual([cairo]);
  });

  it('refuses a range that ends before it starts', async () => {
    expectError(
      await list(`date_from=${riyadhDay(5)}&date_to=${riyadhDay(4)}`),
      400,
      'range_invalid',
      'date_to',
    );
  });
});

describe('GET /api/v1/events_read/ near a point', () => {
  let organizer: Account;
  const ids: Record<string, number> = {};
  const at = (lat: number, lng: number) => ({ latitude: lat, longitude: lng });

  beforeAll(async () => {
    organizer = await createOrganizer(ctx);
    const auth = organizer.auth;
    ids.centre = (await publishEvent(ctx, auth, { ...at(24.7136, 46.6753), days: 9 })).event.id;
    ids.ten = (await publishEvent(ctx, auth, { ...at(24.8036, 46.6753), days: 3 })).event.id;
    ids.forty = (await publishEvent(ctx, auth, { ...at(24.7136, 47.07), days: 1 })).event.id;
    ids.jeddah = (await publishEvent(ctx, auth, { ...at(21.5433, 39.1728) })).event.id;
    // Either side of the antimeridian, and near the north pole.
    ids.fiji = (
      await publishEvent(ctx, auth, {
        ...at(-16.5, 179.95),
        timezone: 'Pacific/Fiji',
        currency: 'USD',
      })
    ).event.id;
    ids.arctic = (
      await publishEvent(ctx, auth, { ...at(89.9, 0), timezone: 'UTC', currency: 'EUR' })
    ).event.id;
  });

  const near = (query: string) => page(`organizer=${organizer.id}&${query}`);

  it('keeps events within the radius (25 km by default), nearest first, with their distance', async () => {
    const result = await near(`lat=${RIYADH.lat}&lng=${RIYADH.lng}`);
    expect(result.results.map((e) => e.id)).toEqual([ids.centre, ids.ten]);
    expect(result.results[0]!.distance_km).toBe(0);
    expect(result.results[1]!.distance_km).toBeCloseTo(
      haversineKm(24.7136, 46.6753, 24.8036, 46.6753),
      1,
    );
    expect(result.results[1]!.distance_km).toBeGreaterThan(9.9);
    const wider = await near(`lat=${RIYADH.lat}&lng=${RIYADH.lng}&radius_km=50`);
    expect(wider.results.map((e) => e.id)).toEqual([ids.centre, ids.ten, ids.forty]);
    expect(wider.count).toBe(3);
  });

  it('takes another sort when asked', async () => {
    const result = await near(`lat=${RIYADH.lat}&lng=${RIYADH.lng}&radius_km=50&sort=soonest`);
    expect(result.results.map((e) => e.id)).toEqual([ids.forty, ids.ten, ids.centre]);
    expect(result.results.every((e) => e.distance_km !== null)).toBe(true);
  });

  it('finds events across the antimeridian and around a pole', async () => {
    const east = await near('lat=-16.5&lng=-179.95&radius_km=20');
    expect(east.results.map((e) => e.id)).toEqual([ids.fiji]);
    expect(east.results[0]!.distance_km).toBeLessThan(11);
    const polar = await near('lat=89.9&lng=180&radius_km=30');
    expect(polar.results.map((e) => e.id)).toEqual([ids.arctic]);
  });

  it.each([
    ['lat=91&lng=46', 'max_value', 'lat'],
    ['lat=-90.5&lng=46', 'min_value', 'lat'],
    ['lat=24&lng=181', 'max_value', 'lng'],
    ['lat=24&lng=-180.1', 'min_value', 'lng'],
    ['lat=north&lng=46', 'not_a_number', 'lat'],
    ['lat=24&lng=46&radius_km=0', 'min_value', 'radius_km'],
    ['lat=24&lng=46&radius_km=-5', 'min_value', 'radius_km'],
    ['lat=24&lng=46&radius_km=501', 'max_value', 'radius_km'],
    ['lat=24', 'coordinates_incomplete', 'lng'],
    ['lng=46', 'coordinates_incomplete', 'lat'],
    ['sort=distance', 'required', 'lat'],
  ])('refuses %s with %s on %s', async (query, code, attr) => {
    expectError(await list(query), 400, code, attr);
  });
});

describe('GET /api/v1/events_read/ sorts', () => {
  let organizer: Account;
  const ids: number[] = [];

  beforeAll(async () => {
    organizer = await createOrganizer(ctx);
    // Published in this order; starting in another (days 4, 8, 6).
    for (const days of [4, 8, 6])
      ids.push((await publishEvent(ctx, organizer.auth, { days })).event.id);
    // Two people wishlist the second, one the first.
    for (const [event, times] of [
      [ids[1]!, 2],
      [ids[0]!, 1],
    ] as const) {
      for (let i = 0; i < times; i += 1) await wishlistEvent(ctx, await createAttendee(ctx), event);
    }
  });

  const sortedBy = (sort: string) =>
    listIds(ctx, `/api/v1/events_read/?organizer=${organizer.id}&sort=${sort}`);

  it('sorts soonest (the default), newest and popular', async () => {
    const [first, second, third] = ids;
    expect(await listIds(ctx, `/api/v1/events_read/?organizer=${organizer.id}`)).toEqual([
      first,
      third,
      second,
    ]);
    expect(await sortedBy('soonest')).toEqual([first, third, second]);
    expect(await sortedBy('newest')).toEqual([third, second, first]);
    expect(await sortedBy('popular')).toEqual([second, first, third]);
  });

  it('shows the reader which events they wishlisted', async () => {
    const fan = await createAttendee(ctx);
    await wishlistEvent(ctx, fan, ids[2]!);
    const result = await page(`organizer=${organizer.id}`, fan.auth);
    expect(result.results.map((e) => [e.id, e.is_wishlisted])).toEqual([
      [ids[0], false],
      [ids[2], true],
      [ids[1], false],
    ]);
    expect(result.results.find((e) => e.id === ids[1])!.wishlist_count).toBe(2);
  });
});

describe('GET /api/v1/events_read/{id}', () => {
  let organizer: Account;

  beforeAll(async () => {
    organizer = await createOrganizer(ctx, {
      organization_name: 'Detail Events',
      bio: 'We make evenings.',
    });
  });

  it('answers the event with its upcoming slots, public ticket fields and organizer', async () => {
    const fixture = await publishEvent(ctx, organizer.auth, {
      title: 'Detailed evening',
      description: 'All the details.',
      dates: [slotAt(3, '19:00'), slotAt(5, '19:00')],
      ticket_categories: [
        { name: 'Standard', price: 10_000, quantity: 50 },
        { name: 'Free', price: 0, quantity: 10 },
      ],
    });
    const fan = await createAttendee(ctx);
    await followOrganizer(ctx, fan, organizer.id);
    await wishlistEvent(ctx, fan, fixture.event.id);

    const response = await call(ctx, fan.auth, 'GET', `/api/v1/events_read/${fixture.event.id}`);
    expect(response.statusCode).toBe(200);
    const body = response.json() as Record<string, unknown>;
    const detail = EventDetail.parse(body);
    expect(detail).toMatchObject({
      title: 'Detailed evening',
      description: 'All the details.',
      status: 'published',
      is_wishlisted: true,
      wishlist_count: 1,
      price_min: 0,
      price_max: 10_000,
      is_free: true,
      refund_policy: { refundable_until_hours: 24, refund_percentage: 100 },
      organizer: {
        id: organizer.id,
        name: 'Detail Events',
        bio: 'We make evenings.',
        followers_count: 1,
        is_following: true,
      },
    });
    expect(detail.dates.map((d) => d.start)).toEqual([
      slotAt(3, '19:00').start,
      slotAt(5, '19:00').start,
    ]);
    expect(detail.ticket_categories.map((c) => [c.name, c.price])).toEqual([
      ['Standard', 10_000],
      ['Free', 0],
    ]);
    // Quantities and sales are the organizer's business.
    expect((body.ticket_categories as object[])[0]).not.toHaveProperty('quantity');

    const anonymous = EventDetail.parse(
      (await call(ctx, null, 'GET', `/api/v1/events_read/${fixture.event.id}`)).json(),
    );
    expect(anonymous).toMatchObject({ is_wishlisted: false, organizer: { is_following: false } });
  });

  it('answers ended and cancelled events, without past slots', async () => {
    const ended = (await publishEvent(ctx, organizer.auth)).event.id;
    await moveEventToPast(ctx, ended);
    const endedDetail = EventDetail.parse(
      (await call(ctx, null, 'GET', `/api/v1/events_read/${ended}`)).json(),
    );
    expect(endedDetail).toMatchObject({ status: 'ended', dates: [], next_date: null });

    const cancelled = (await publishEvent(ctx, organizer.auth)).event.id;
    await cancelEvent(ctx, organizer.auth, cancelled);
    const response = await call(ctx, null, 'GET', `/api/v1/events_read/${cancelled}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'cancelled' });
  });

  it('answers not_found for drafts and missing events, and a field error for a bad id', async () => {
    const draft = (await publishEvent(ctx, organizer.auth, { publish: false })).event.id;
    for (const id of [draft, 2_000_000_000]) {
      expectError(
        await call(ctx, organizer.auth, 'GET', `/api/v1/events_read/${id}`),
        404,
        'not_found',
      );
    }
    expectError(await call(ctx, null, 'GET', '/api/v1/events_read/0'), 400, 'min_value', 'id');
    const word = await call(ctx, null, 'GET', '/api/v1/events_read/abc');
    expect(word.statusCode).toBe(400);
  });
});
