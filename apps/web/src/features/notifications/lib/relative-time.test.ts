import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time';

const now = Date.parse('2030-05-03T12:00:00Z');
const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

describe('formatRelativeTime', () => {
  it.each([
    [10, 'now'],
    [60, '1 minute ago'],
    [59 * 60, '59 minutes ago'],
    [2 * 3600 + 59 * 60, '2 hours ago'],
    [86_400, 'yesterday'],
    [3 * 86_400, '3 days ago'],
    [8 * 86_400, 'last week'],
    [400 * 86_400, 'last year'],
  ])('says how long ago %i seconds were in English', (seconds, text) => {
    expect(formatRelativeTime(ago(seconds), 'en', now)).toBe(text);
  });

  it('speaks Arabic with Western digits, as the rest of the app', () => {
    expect(formatRelativeTime(ago(10), 'ar', now)).toBe('الآن');
    expect(formatRelativeTime(ago(3 * 86_400), 'ar', now)).toBe('قبل 3 أيام');
  });
});
