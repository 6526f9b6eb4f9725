import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isPoolBusy } from './db-errors.ts';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', withCode('ECONNREFUSED')],
    ['a reset socket', withCode('ECONNRESET')],
    ['PostgreSQL shutting down (57P01)', withCode('57P01', 'terminating connection')],
    ['a connection exception (08006)', withCode('08006')],
    ['a connect timeout of the pool', new Error('timeout exceeded when trying to connect')],
    ['a connection cut mid-query', new Error('Connection terminated unexpectedly')],
    ["no answer within the pool's query_timeout", new Error('Query read timeout')],
    ['a connection given up on', new Error('Client was closed and is not queryable')],
    [
      "drizzle's wrapper around the driver's error",
      new Error('Failed query: select 1', { cause: withCode('ECONNREFUSED') }),
    ],
  ])('says yes for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('23505', 'duplicate key')],
    ['a syntax error', withCode('42601')],
    ['a plain bug', new TypeError('cannot read properties of undefined')],
    ['nothing', undefined],
  ])('says no for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe('isPoolBusy', () => {
  it('is the pool’s refusal of a busy moment, under drizzle’s wrapper too (decision 0083)', () => {
    const busy = withCode('POOL_BUSY', 'too many requests waiting for a database connection');
    expect(isPoolBusy(busy)).toBe(true);
    expect(isPoolBusy(new Error('Failed query', { cause: busy }))).toBe(true);
    // Not a bug either: pages show their 503 screen for it.
    expect(isDatabaseUnavailable(busy)).toBe(true);
  });

  it('is not a database that is away, nor a bug', () => {
    expect(isPoolBusy(withCode('ECONNREFUSED'))).toBe(false);
    expect(isPoolBusy(new Error('timeout expired'))).toBe(false);
    expect(isPoolBusy(new TypeError('x is undefined'))).toBe(false);
  });
});
