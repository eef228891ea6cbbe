import { describe, expect, it } from 'vitest';
import { endsOnALaterDay } from './event-card';

const nextDate = { id: 1, start: '2030-12-06T20:00:00+03:00', end: '2030-12-06T23:00:00+03:00' };
const event = (lastEnd: string | null, timezone = 'Asia/Riyadh') => ({
  next_date: nextDate,
  last_end: lastEnd,
  timezone,
});

describe('endsOnALaterDay', () => {
  it('is true for a date the next evening, exactly a day later', () => {
    expect(endsOnALaterDay(event('2030-12-07T23:00:00+03:00'))).toBe(true);
  });

  it('is false for one date, or a date that runs past midnight, in the event’s zone', () => {
    expect(endsOnALaterDay(event('2030-12-06T23:00:00+03:00'))).toBe(false);
    expect(endsOnALaterDay(event(null))).toBe(false);
    expect(
      endsOnALaterDay({
        next_date: { ...nextDate, end: '2030-12-07T01:00:00+03:00' },
        last_end: '2030-12-07T01:00:00+03:00',
        timezone: 'Asia/Riyadh',
      }),
    ).toBe(false);
    // 23:30 in Riyadh is already the next day in Tokyo: the day is the event zone's.
    expect(endsOnALaterDay(event('2030-12-06T23:30:00+03:00', 'Asia/Riyadh'))).toBe(false);
    expect(endsOnALaterDay(event('2030-12-06T23:30:00+03:00', 'Asia/Tokyo'))).toBe(false);
  });
});
