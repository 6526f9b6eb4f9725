import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Locale } from '@shop/domain';
import { registerErrorHandler } from '#api/plugins/errors.ts';
import { isTransactionConflict } from './db-errors.ts';
import { noteWrite, trackingWrites } from './request-writes.ts';
import { withRetries } from './transactions.ts';

const withCode = (code: string) => Object.assign(new Error(`sqlstate ${code}`), { code });
/** How drizzle hands the driver's error on: wrapped, the driver's as `cause`. */
const wrapped = (code: string) => new Error('Failed query: update …', { cause: withCode(code) });

/** A fake unit of work that fails with `errors` in turn, then answers 'done'. */
function failing(errors: Error[]) {
  const calls: number[] = [];
  return {
    calls,
    work: (attempt: number) => {
      calls.push(attempt);
      const error = errors[calls.length - 1];
      return error === undefined ? Promise.resolve('done') : Promise.reject(error);
    },
  };
}

/** The waits asked for, instead of waiting; the dice always say `roll`. */
function clock(roll = 1) {
  const waits: number[] = [];
  return {
    waits,
    options: {
      sleep: (ms: number) => {
        waits.push(ms);
        return Promise.resolve();
      },
      random: () => roll,
    },
  };
}

describe('isTransactionConflict', () => {
  it.each([
    ['a deadlock (40P01)', withCode('40P01'), true],
    ['a serialization failure (40001)', withCode('40001'), true],
    ["drizzle's wrapper around a deadlock", wrapped('40P01'), true],
    ['a unique violation (23505)', withCode('23505'), false],
    ['a statement timeout (57014)', withCode('57014'), false],
    ['a plain bug', new TypeError('x is undefined'), false],
    ['nothing', undefined, false],
  ])('%s: %s', (_name, error, expected) => {
    expect(isTransactionConflict(error)).toBe(expected);
  });
});

describe('withRetries', () => {
  it('runs the work again after a deadlock and a serialization failure, and answers its result', async () => {
    const fake = failing([wrapped('40P01'), withCode('40001')]);
    const { waits, options } = clock();
    const retried: number[] = [];
    await expect(
      withRetries(fake.work, { ...options, onRetry: (_e, attempt) => retried.push(attempt) }),
    ).resolves.toBe('done');
    expect(fake.calls).toEqual([1, 2, 3]);
    expect(retried).toEqual([1, 2]);
    expect(waits).toHaveLength(2);
  });

  it('gives up after the bounded number of attempts and hands on the last conflict', async () => {
    const last = withCode('40P01');
    const fake = failing([withCode('40P01'), withCode('40P01'), withCode('40001'), last]);
    const { options } = clock();
    await expect(withRetries(fake.work, { ...options, attempts: 4 })).rejects.toBe(last);
    expect(fake.calls).toEqual([1, 2, 3, 4]);
  });

  it('never retries any other error', async () => {
    const bug = new TypeError('cannot read properties of undefined');
    const fake = failing([bug]);
    const { waits, options } = clock();
    await expect(withRetries(fake.work, options)).rejects.toBe(bug);
    expect(fake.calls).toEqual([1]);
    expect(waits).toEqual([]);
  });

  it('waits a random part of a doubling delay (full jitter)', async () => {
    const conflicts = () => [withCode('40P01'), withCode('40P01'), withCode('40P01')];
    const most = clock(1);
    await withRetries(failing(conflicts()).work, { ...most.options, baseDelayMs: 10 });
    expect(most.waits).toEqual([10, 20, 40]);
    const some = clock(0.5);
    await withRetries(failing(conflicts()).work, { ...some.options, baseDelayMs: 10 });
    expect(some.waits).toEqual([5, 10, 20]);
    const none = clock(0);
    await withRetries(failing(conflicts()).work, { ...none.options, baseDelayMs: 10 });
    expect(none.waits).toEqual([0, 0, 0]);
  });
});

describe('a conflict left after the retries', () => {
  it.each<[Locale, string]>([
    ['en', 'The shop is busy, please try again in a moment.'],
    ['de', 'Der Shop ist gerade sehr beschäftigt. Bitte versuchen Sie es gleich noch einmal.'],
    ['ru', 'Магазин сейчас перегружен. Пожалуйста, попробуйте ещё раз через минуту.'],
    ['it', 'Il negozio è molto occupato in questo momento. Riprova tra poco.'],
  ])(
    'answers 503 with Retry-After and a message in the caller’s language (%s)',
    async (locale, detail) => {
      const app = Fastify();
      app.decorateRequest('locale', locale);
      registerErrorHandler(app);
      app.post('/order', () =>
        withRetries(() => Promise.reject(wrapped('40P01')), clock().options),
      );
      try {
        const res = await app.inject({ method: 'POST', url: '/order' });
        expect(res.statusCode).toBe(503);
        expect(res.headers['retry-after']).toBe('2');
        // Nothing of the request was written: sending it again is safe (decision 0088).
        expect(res.json()).toEqual({ detail, code: 'busy' });
      } finally {
        await app.close();
      }
    },
  );

  it('does not say "nothing was done" (no busy code) for a request that may have written before', async () => {
    const app = Fastify();
    app.decorateRequest('locale', 'en');
    app.addHook('onRequest', (_req, _reply, done) => trackingWrites(done));
    registerErrorHandler(app);
    app.post('/order', async () => {
      // A statement that wrote (an earlier transaction's COMMIT), then the conflict.
      noteWrite();
      return withRetries(() => Promise.reject(wrapped('40P01')), clock().options);
    });
    app.post('/read-then-order', () =>
      withRetries(() => Promise.reject(wrapped('40P01')), clock().options),
    );
    try {
      const wrote = await app.inject({ method: 'POST', url: '/order' });
      expect(wrote.statusCode).toBe(503);
      expect(wrote.json()).toEqual({ detail: 'The shop is busy, please try again in a moment.' });
      const clean = await app.inject({ method: 'POST', url: '/read-then-order' });
      expect(clean.json()).toMatchObject({ code: 'busy' });
    } finally {
      await app.close();
    }
  });
});
