import { describe, expect, it } from 'vitest';
import { Instant } from './time';
import {
  addDays,
  dayInZone,
  formatInZone,
  offsetMinutesAt,
  weekdayOf,
  zonedTimeToInstant,
} from './zoned-time';

describe('offsetMinutesAt', () => {
  it('answers the offset in force at the instant, DST included', () => {
    expect(offsetMinutesAt(new Date('2026-12-01T16:00:00Z'), 'Asia/Riyadh')).toBe(180);
    expect(offsetMinutesAt(new Date('2026-01-15T12:00:00Z'), 'America/New_York')).toBe(-300);
    expect(offsetMinutesAt(new Date('2026-07-15T12:00:00Z'), 'America/New_York')).toBe(-240);
    expect(offsetMinutesAt(new Date('2026-12-01T16:00:00Z'), 'Asia/Kolkata')).toBe(330);
  });
});

describe('formatInZone', () => {
  it('writes the wall clock of the zone with its offset', () => {
    const instant = new Date('2026-12-01T16:00:00Z');
    expect(formatInZone(instant, 'Asia/Riyadh')).toBe('2026-12-01T19:00:00+03:00');
    expect(formatInZone(instant, 'UTC')).toBe('2026-12-01T16:00:00+00:00');
    expect(formatInZone(instant, 'America/New_York')).toBe('2026-12-01T11:00:00-05:00');
    expect(formatInZone(instant, 'Asia/Kolkata')).toBe('2026-12-01T21:30:00+05:30');
  });
});

describe('formatInZone on instants stored before dates were bounded', () => {
  // The answer contracts' own rule for an instant.
  const isWritable = (text: string) => Instant.safeParse(text).success;

  it('writes an instant whose wall clock would pass year 9999 in UTC', () => {
    const instant = new Date('9999-12-31T23:59:59Z');
    expect(formatInZone(instant, 'Asia/Riyadh')).toBe('9999-12-31T23:59:59+00:00');
    expect(formatInZone(instant, 'America/New_York')).toBe('9999-12-31T23:59:59+00:00');
  });

  it('writes an instant before year 1000 in UTC', () => {
    expect(formatInZone(new Date('0001-01-01T00:00:00Z'), 'America/New_York')).toBe(
      '0001-01-01T00:00:00+00:00',
    );
  });

  it('writes an instant beyond the four-digit years as the nearest end of them', () => {
    expect(formatInZone(new Date(Date.UTC(20_000, 0, 1)), 'Asia/Riyadh')).toBe(
      '9999-12-31T23:59:59+00:00',
    );
    expect(formatInZone(new Date(-8.64e15), 'Asia/Riyadh')).toBe('0000-01-01T00:00:00+00:00');
  });

  it('writes an invalid Date (PostgreSQL infinity) as the latest instant', () => {
    expect(formatInZone(new Date(Number.NaN), 'Asia/Riyadh')).toBe('9999-12-31T23:59:59+00:00');
  });

  it('always answers an ISO instant with an offset, in any zone', () => {
    const zones = ['UTC', 'Asia/Riyadh', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Asia/Kolkata'];
    const years = [-300_000, -1, 0, 99, 999, 1000, 1899, 2026, 9999, 10_000, 275_000];
    for (const zone of zones) {
      for (const year of years) {
        const instant = new Date(0);
        instant.setUTCFullYear(year, 0, 1);
        for (const shift of [-86_400_000, 0, 86_400_000]) {
          const text = formatInZone(new Date(instant.getTime() + shift), zone);
          expect(isWritable(text), `${zone} ${year} ${shift}: ${text}`).toBe(true);
        }
      }
    }
  });
});

describe('zonedTimeToInstant', () => {
  it('reads a wall-clock time in the zone', () => {
    expect(zonedTimeToInstant('2026-12-01', '19:00', 'Asia/Riyadh').toISOString()).toBe(
      '2026-12-01T16:00:00.000Z',
    );
  });

  it('follows daylight saving time on both sides of a change', () => {
    expect(zonedTimeToInstant('2026-03-07', '19:00', 'America/New_York').toISOString()).toBe(
      '2026-03-08T00:00:00.000Z',
    );
    expect(zonedTimeToInstant('2026-03-09', '19:00', 'America/New_York').toISOString()).toBe(
      '2026-03-09T23:00:00.000Z',
    );
  });

  it('moves a time skipped by spring-forward past the gap', () => {
    expect(
      formatInZone(
        zonedTimeToInstant('2026-03-08', '02:30', 'America/New_York'),
        'America/New_York',
      ),
    ).toBe('2026-03-08T03:30:00-04:00');
  });

  it('takes the first pass of a repeated hour', () => {
    expect(zonedTimeToInstant('2026-11-01', '01:30', 'America/New_York').toISOString()).toBe(
      '2026-11-01T05:30:00.000Z',
    );
  });

  it('round-trips with formatInZone through a whole year', () => {
    for (let day = '2026-01-01'; day < '2027-01-01'; day = addDays(day, 7)) {
      const instant = zonedTimeToInstant(day, '20:15', 'Europe/London');
      expect(formatInZone(instant, 'Europe/London').slice(0, 16)).toBe(`${day}T20:15`);
    }
  });
});

describe('calendar helpers', () => {
  it('knows the day in a zone, adds days across months and names weekdays', () => {
    expect(dayInZone(new Date('2026-12-31T22:00:00Z'), 'Asia/Riyadh')).toBe('2027-01-01');
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(weekdayOf('2026-11-22')).toBe(0);
    expect(weekdayOf('2026-11-27')).toBe(5);
    expect(weekdayOf('2026-12-05')).toBe(6);
    expect(weekdayOf('2026-12-06')).toBe(0);
  });
});

describe('offsetMinutesAt', () => {
  it('changes exactly at a transition, minute by minute, however often it is asked', () => {
    // New York springs forward at 07:00 UTC on 8 March 2026.
    const change = Date.UTC(2026, 2, 8, 7, 0);
    for (let round = 0; round < 2; round += 1) {
      for (let minute = -30; minute < 30; minute += 1) {
        const instant = new Date(change + minute * 60_000);
        expect(offsetMinutesAt(instant, 'America/New_York')).toBe(minute < 0 ? -300 : -240);
      }
    }
  });
});
