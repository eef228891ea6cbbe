import { describe, expect, it } from 'vitest';
import {
  gmtOffsetLabel,
  isoToLocalDateTime,
  isoToZonedParts,
  localDateTimeToIso,
  slotInstants,
  todayInZone,
  zonedTimeToIso,
} from './zoned-time';

describe('zonedTimeToIso', () => {
  it("reads the wall clock in the event's zone, not the browser's", () => {
    expect(zonedTimeToIso('2026-12-01', '19:00', 'Asia/Riyadh')).toBe('2026-12-01T19:00:00+03:00');
    expect(zonedTimeToIso('2026-12-01', '19:00', 'UTC')).toBe('2026-12-01T19:00:00+00:00');
    expect(zonedTimeToIso('2026-12-01', '09:30', 'Asia/Kolkata')).toBe('2026-12-01T09:30:00+05:30');
  });

  it('follows daylight saving time on either side of a change', () => {
    expect(zonedTimeToIso('2026-01-15', '19:00', 'America/New_York')).toBe(
      '2026-01-15T19:00:00-05:00',
    );
    expect(zonedTimeToIso('2026-07-15', '19:00', 'America/New_York')).toBe(
      '2026-07-15T19:00:00-04:00',
    );
    expect(zonedTimeToIso('2026-03-29', '12:00', 'Europe/Berlin')).toBe(
      '2026-03-29T12:00:00+02:00',
    );
  });

  it('moves a time skipped by the spring-forward jump past the gap', () => {
    // New York skips 02:00–03:00 on 8 March 2026.
    const iso = zonedTimeToIso('2026-03-08', '02:30', 'America/New_York');
    expect(iso).toBe('2026-03-08T03:30:00-04:00');
    expect(new Date(iso).toISOString()).toBe('2026-03-08T07:30:00.000Z');
  });

  it('takes the first pass of a time that happens twice when clocks fall back', () => {
    // New York repeats 01:00–02:00 on 1 November 2026.
    const iso = zonedTimeToIso('2026-11-01', '01:30', 'America/New_York');
    expect(iso).toBe('2026-11-01T01:30:00-04:00');
    expect(new Date(iso).toISOString()).toBe('2026-11-01T05:30:00.000Z');
  });
});

describe('isoToZonedParts', () => {
  it('shows an instant on the event clock, whatever offset it was written with', () => {
    expect(isoToZonedParts('2026-12-01T16:00:00Z', 'Asia/Riyadh')).toEqual({
      day: '2026-12-01',
      time: '19:00',
    });
    expect(isoToZonedParts('2026-12-01T23:30:00+03:00', 'America/New_York')).toEqual({
      day: '2026-12-01',
      time: '15:30',
    });
  });

  it('round-trips datetime-local values through instants', () => {
    const iso = localDateTimeToIso('2026-06-10T08:15', 'Europe/London');
    expect(iso).toBe('2026-06-10T08:15:00+01:00');
    expect(isoToLocalDateTime(iso, 'Europe/London')).toBe('2026-06-10T08:15');
  });
});

describe('slot helpers', () => {
  it('ends a slot the next day when its end time is not after its start', () => {
    expect(slotInstants('2026-12-31', '22:00', '01:00', 'Asia/Dubai')).toEqual({
      start: '2026-12-31T22:00:00+04:00',
      end: '2027-01-01T01:00:00+04:00',
    });
    expect(slotInstants('2026-12-31', '19:00', '21:30', 'Asia/Dubai').end).toBe(
      '2026-12-31T21:30:00+04:00',
    );
  });

  it('names today and offsets in the zone', () => {
    const lateUtc = new Date('2026-12-01T22:30:00Z');
    expect(todayInZone('Asia/Riyadh', lateUtc)).toBe('2026-12-02');
    expect(todayInZone('UTC', lateUtc)).toBe('2026-12-01');
    expect(gmtOffsetLabel('Asia/Riyadh', lateUtc)).toBe('GMT+3');
    expect(gmtOffsetLabel('Asia/Kolkata', lateUtc)).toBe('GMT+5:30');
    expect(gmtOffsetLabel('America/New_York', lateUtc)).toBe('GMT-5');
    expect(gmtOffsetLabel('UTC', lateUtc)).toBe('GMT');
  });
});
