import { describe, expect, it } from 'vitest';
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
