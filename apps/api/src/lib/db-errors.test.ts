import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './db-errors.ts';

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
