import { describe, expect, it } from 'vitest';
import { DATE_RANGE_YEARS, dateTimeWindowRules, dayProblem } from './date-time-window';
import { DAY_PATTERN } from './zoned-time';

const rules = dateTimeWindowRules({
  invalid: 'invalid',
  endBeforeStart: 'endBeforeStart',
  outOfRange: 'outOfRange',
});

describe('dateTimeWindowRules', () => {
  it('leaves an open end alone and refuses a malformed one', () => {
    expect(rules.start('')).toBeNull();
    expect(rules.start('2030-05-01')).toBe('invalid');
  });

  it('refuses a date-time outside the years the API accepts', () => {
    expect(rules.start('9999-12-31T23:59')).toBe('outOfRange');
    expect(rules.end('1999-12-31T10:00', '')).toBe('outOfRange');
    expect(rules.start('2099-12-31T23:59')).toBeNull();
  });

  it('refuses an end before its start', () => {
    expect(rules.end('2030-05-01T10:00', '2030-05-02T10:00')).toBe('endBeforeStart');
  });
});

describe('dayProblem', () => {
  it('tells a malformed day from one outside the range', () => {
    expect(dayProblem('', DAY_PATTERN)).toBe('invalid');
    expect(dayProblem('2100-01-01', DAY_PATTERN)).toBe('outOfRange');
    expect(dayProblem('2030-01-01', DAY_PATTERN)).toBeNull();
    expect(DATE_RANGE_YEARS).toEqual({ first: '2000', last: '2099' });
  });
});
