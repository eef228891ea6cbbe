import { describe, expect, it } from 'vitest';
import { isConstraintViolation, isDatabaseUnavailable } from './db-errors';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['connection refused', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['connection reset', withCode('ECONNRESET', 'read ECONNRESET')],
    ['a lost connection', new Error('Connection terminated unexpectedly')],
    ['a pool that gave up waiting', new Error('timeout exceeded when trying to connect')],
    [
      'a broken client used again',
      new Error('Client has encountered a connection error and is not queryable'),
    ],
    [
      'an administrator shutdown (57P01)',
      withCode('57P01', 'terminating connection due to administrator command'),
    ],
    ['a crash shutdown (57P02)', withCode('57P02')],
    ['a server still starting (57P03)', withCode('57P03', 'the database system is starting up')],
    ['no connection slot left (53300)', withCode('53300')],
    ['a connection exception (08006)', withCode('08006')],
    ['a closed pool', new Error('Cannot use a pool after calling end on the pool')],
  ])('is true for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('finds the cause under the wrappers Drizzle adds', () => {
    const wrapped = new Error('Failed query: select 1', {
      cause: withCode('57P01', 'terminating connection due to administrator command'),
    });
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
  });

  it('finds a refusal inside an AggregateError (every address refused)', () => {
    const both = new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], '');
    expect(isDatabaseUnavailable(both)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('23505', 'duplicate key value')],
    ['a syntax error', withCode('42601', 'syntax error at or near')],
    ['a deadlock (retried, but the database is there)', withCode('40P01')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a non-error', 'nope'],
    ['nothing', undefined],
  ])('is false for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe('isConstraintViolation', () => {
  it('names the constraint of a wrapped violation', () => {
    const violation = Object.assign(new Error('duplicate'), { code: '23505', constraint: 'uq' });
    expect(isConstraintViolation(new Error('Failed query', { cause: violation }), 'uq')).toBe(true);
    expect(isConstraintViolation(violation, 'other')).toBe(false);
  });
});
