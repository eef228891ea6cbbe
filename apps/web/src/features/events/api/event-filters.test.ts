import { describe, expect, it } from 'vitest';
import { NO_FILTERS, datePresetRange, eventFiltersSearch, eventsPath } from './events-path';
import {
  countActiveFilters,
  matchingDatePreset,
  parseEventFilters,
  toEventListQuery,
} from './event-filters';

const lookups = {
  categoryId: (slug: string) => ({ music: 1, theatre: 2 })[slug],
  eventTypeId: (slug: string) => ({ online: 2 })[slug],
  currency: 'SAR',
  toMinor: (major: number) => Math.round(major * 100),
};

describe('event filters in the address bar', () => {
  it('round-trips every filter through the query string', () => {
    const search =
      '?search=oud+night&category=music&type=online&date_from=2030-05-01&date_to=2030-05-03' +
      '&price_min=10&price_max=99.5&online=true&lat=24.714&lng=46.675&radius_km=50&sort=popular';

    const filters = parseEventFilters(new URLSearchParams(search));

    expect(filters).toEqual({
      search: 'oud night',
      category: 'music',
      type: 'online',
      dateFrom: '2030-05-01',
      dateTo: '2030-05-03',
      priceMin: 10,
      priceMax: 99.5,
      free: false,
      online: true,
      lat: 24.714,
      lng: 46.675,
      radiusKm: 50,
      sort: 'popular',
    });
    expect(eventFiltersSearch(filters)).toBe(search);
  });

  it('drops values that make no sense instead of failing', () => {
    const filters = parseEventFilters(
      new URLSearchParams(
        'category=Music!&date_from=2030-13-45&price_min=-3&lat=91&lng=10&radius_km=9000&sort=cheapest',
      ),
    );

    expect(filters).toEqual(NO_FILTERS);
  });

  it('reads a price or date range written backwards forwards (the API would refuse it)', () => {
    const filters = parseEventFilters(
      new URLSearchParams('price_min=200&price_max=100&date_from=2030-05-09&date_to=2030-05-01'),
    );

    expect(filters).toMatchObject({
      priceMin: 100,
      priceMax: 200,
      dateFrom: '2030-05-01',
      dateTo: '2030-05-09',
    });
    expect(parseEventFilters(new URLSearchParams('price_min=200'))).toMatchObject({
      priceMin: 200,
      priceMax: null,
    });
  });

  it('keeps a point only with both coordinates', () => {
    expect(parseEventFilters(new URLSearchParams('lat=24.7&radius_km=10')).lat).toBeNull();
  });

  it('builds links without empty parameters', () => {
    expect(eventsPath()).toBe('/events');
    expect(eventsPath({ category: 'music' })).toBe('/events?category=music');
  });

  it('counts the filters a reader has set, leaving out the search text and the order', () => {
    const filters = parseEventFilters(
      new URLSearchParams('search=jazz&sort=newest&category=music&free=true&lat=1&lng=2'),
    );
    expect(countActiveFilters(filters)).toBe(3);
  });
});

describe('the API query of a set of filters', () => {
  it('turns slugs into ids, prices into minor units of the typed currency and a point into lat, lng and radius', () => {
    const filters = parseEventFilters(
      new URLSearchParams(
        'search=jazz&category=music&type=online&price_min=10&price_max=99.5&lat=24.714&lng=46.675',
      ),
    );

    expect(toEventListQuery(filters, lookups)).toEqual({
      search: 'jazz',
      category: 1,
      event_type: 2,
      price_min: 1000,
      price_max: 9950,
      currency: 'SAR',
      lat: 24.714,
      lng: 46.675,
      radius_km: 25,
    });
  });

  it('asks for free events instead of a price range when "free" is on', () => {
    const filters = { ...NO_FILTERS, free: true, priceMin: 5 };
    expect(toEventListQuery(filters, lookups)).toEqual({ free: 'true' });
  });

  it('leaves out an unknown category and a distance sort without a point', () => {
    const filters = { ...NO_FILTERS, category: 'knitting', sort: 'distance' as const };
    expect(toEventListQuery(filters, lookups)).toEqual({});
  });
});

describe('quick date choices', () => {
  // 2030-05-01 is a Wednesday.
  const wednesday = new Date(2030, 4, 1, 15, 0);

  it('runs the weekend from Friday to Sunday', () => {
    expect(datePresetRange('weekend', wednesday)).toEqual({
      dateFrom: '2030-05-03',
      dateTo: '2030-05-05',
    });
    expect(datePresetRange('weekend', new Date(2030, 4, 4))).toEqual({
      dateFrom: '2030-05-04',
      dateTo: '2030-05-05',
    });
    expect(datePresetRange('weekend', new Date(2030, 4, 5))).toEqual({
      dateFrom: '2030-05-05',
      dateTo: '2030-05-05',
    });
  });

  it('recognises a range that a quick choice made', () => {
    expect(matchingDatePreset(datePresetRange('tomorrow', wednesday), wednesday)).toBe('tomorrow');
    expect(
      matchingDatePreset({ dateFrom: '2030-05-01', dateTo: '2030-05-09' }, wednesday),
    ).toBeNull();
  });
});
