import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '#api/db/client.ts';
import { useTestApp } from '../../test/helpers.ts';
import { browserOf } from '../../test/shopper.ts';
import { isStatementTimeout, registerErrorHandler } from './errors.ts';
import { BODY_LIMIT_BYTES, fromNetwork, parseQuery } from './limits.ts';

/* Issue 11: bad input answers 4xx, and no client or query holds the server. */

const PROMO = '/en/api/sales/cart/promo_code/';

describe('bad input is a 4xx, never a 500', () => {
  const t = useTestApp();

  it('refuses NUL and lone surrogates in bodies, queries and paths with field errors', async () => {
    const shopper = browserOf(t);
    for (const code of ['a\u0000b', 'a\ud800b']) {
      const res = await shopper.send('POST', PROMO, { code });
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json<object>())).toEqual(['code']);
    }
    const search = await t.app.inject('/en/api/content/blogs/search?query=%00');
    expect(search.statusCode, search.body).toBe(400);
    expect(Object.keys(search.json<object>())).toEqual(['query']);
    const page = await t.app.inject('/en/api/content/pages/%00/');
    expect(page.statusCode, page.body).toBe(400);
  });

  it('refuses a JSON body with __proto__ or constructor.prototype, answering {detail}', async () => {
    const shopper = browserOf(t);
    for (const payload of [
      '{"__proto__": {"isAdmin": true}, "code": "WELCOME10"}',
      '{"constructor": {"prototype": {"isAdmin": true}}, "code": "WELCOME10"}',
    ]) {
      const res = await shopper.send('POST', PROMO, payload, {
        'content-type': 'application/json',
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.headers['content-type']).toContain('application/json');
      expect(Object.keys(res.json<object>())).toEqual(['detail']);
    }
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it('answers broken JSON on a route whose 400 is field errors with 400, not a schema failure', async () => {
    const res = await browserOf(t).send('POST', PROMO, '{"code": "a', {
      'content-type': 'application/json',
    });
    expect(res.statusCode, res.body).toBe(400);
  });

  it('refuses a body over the limit with 413 before reading it all', async () => {
    const res = await browserOf(t).send(
      'POST',
      PROMO,
      JSON.stringify({ code: 'x'.repeat(BODY_LIMIT_BYTES) }),
      { 'content-type': 'application/json' },
    );
    expect(res.statusCode).toBe(413);
  });

  it('refuses more than 50 filter ids and a page size over 100; repeated ids count once', async () => {
    const ids = Array.from({ length: 51 }, (_, i) => i + 1).join(',');
    const many = await t.app.inject(`/en/api/products/products/?attrs__id=${ids}`);
    expect(many.statusCode).toBe(400);
    expect(Object.keys(many.json<object>())).toEqual(['attrs__id']);
    const size = await t.app.inject('/en/api/products/products/?page_size=101');
    expect(size.statusCode).toBe(400);
    const repeats = await t.app.inject(
      `/en/api/products/products/?${Array(600).fill('values__id=1').join('&')}`,
    );
    expect(repeats.statusCode).toBe(400); // 600 parameters are more than 50 values, even repeated
    const deduplicated = await t.app.inject(
      `/en/api/products/products/?values__id=${Array(300).fill('1').join(',')}`,
    );
    expect(deduplicated.statusCode).toBe(200);
  });

  it('parses query strings without prototype keys', () => {
    const query = parseQuery(
      '__proto__[x]=1&__proto__=2&constructor=3&prototype=4&a=1&a=2&b=%E0%A4%A',
    );
    expect(Object.getPrototypeOf(query)).toBeNull();
    expect(Object.keys(query)).toEqual(['a', 'b']);
    expect(query.a).toEqual(['1', '2']);
    expect(query.b).toContain('\ufffd');
  });
});

describe('the per-address request limit', () => {
  const t = useTestApp({ requestRateLimit: { max: 5, windowMs: 60_000 } });

  it('answers 429 with Retry-After past the limit, per address', async () => {
    const call = (ip: string) =>
      t.app.inject({ url: '/en/api/core/languages/', remoteAddress: ip });
    for (let i = 0; i < 5; i++) expect((await call('203.0.113.7')).statusCode).toBe(200);
    const refused = await call('203.0.113.7');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toHaveProperty('detail');
    // Another address still gets through.
    expect((await call('203.0.113.8')).statusCode).toBe(200);
  });
});

describe('the request limit as the server sets it', () => {
  const t = useTestApp({
    requestRateLimit: { max: 2, windowMs: 60_000, exempt: (req) => !fromNetwork(req) },
  });

  it('counts requests over the network, not the storefront’s in-process calls', async () => {
    // In-process (inject), as the storefront's loaders call the API: never refused.
    for (let i = 0; i < 5; i++)
      expect((await t.app.inject('/en/api/core/languages/')).statusCode).toBe(200);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await fetch(`http://127.0.0.1:${port}/en/api/core/languages/`)).status);
    expect(statuses).toEqual([200, 200, 429]);
  });
});

describe.skipIf(!process.env.REDIS_URL)('the per-address request limit in Redis', () => {
  const redis = new Redis(process.env.REDIS_URL ?? '', { lazyConnect: true });
  const nameSpace = `hard-a-${randomBytes(4).toString('hex')}:`;
  const limits = { perAccount: 10, perAddress: 20, windowMs: 60_000, nameSpace };
  const a = useTestApp(async () => {
    await redis.connect();
    return { redis, authLimits: limits, requestRateLimit: { max: 3, windowMs: 60_000 } };
  });
  const b = useTestApp(async () => ({
    redis,
    authLimits: limits,
    requestRateLimit: { max: 3, windowMs: 60_000 },
  }));

  it('shares the counts between processes', async () => {
    const call = (app: typeof a.app) =>
      app.inject({ url: '/en/api/core/languages/', remoteAddress: '198.51.100.9' });
    expect((await call(a.app)).statusCode).toBe(200);
    expect((await call(b.app)).statusCode).toBe(200);
    expect((await call(a.app)).statusCode).toBe(200);
    expect((await call(b.app)).statusCode).toBe(429);
    const keys = await redis.keys(`${nameSpace}*`);
    if (keys.length) await redis.del(...keys);
  });
});

describe('a cancelled query', () => {
  it('is recognised in the driver error and in Drizzle’s wrapper', () => {
    expect(isStatementTimeout({ code: '57014' })).toBe(true);
    expect(isStatementTimeout(new Error('Failed query', { cause: { code: '57014' } }))).toBe(true);
    expect(isStatementTimeout(new Error('other', { cause: { code: '23505' } }))).toBe(false);
  });

  it('answers 503 with Retry-After, not 500', async () => {
    const app = Fastify();
    registerErrorHandler(app);
    app.get('/slow', async () => {
      throw new Error('Failed query', {
        cause: Object.assign(new Error('canceling statement due to statement timeout'), {
          code: '57014',
        }),
      });
    });
    const res = await app.inject('/slow');
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    await app.close();
  });
});

describe.skipIf(!process.env.DATABASE_URL)('the statement timeout on PostgreSQL', () => {
  it('cancels a long query, answers 503, and the connection serves the next query', async () => {
    const handle = await openDatabase({
      url: process.env.DATABASE_URL ?? '',
      poolSize: 1,
      statementTimeoutMs: 200,
    });
    const app = Fastify();
    registerErrorHandler(app);
    app.get('/sleep', async () => {
      await handle.db.execute(sql`select pg_sleep(3)`);
      return { ok: true };
    });
    try {
      const started = Date.now();
      const res = await app.inject('/sleep');
      expect(res.statusCode).toBe(503);
      expect(Date.now() - started).toBeLessThan(2500);
      // The pool's only connection was freed by the cancel.
      const result: unknown = await handle.db.execute(sql`select 1 as one`);
      expect(JSON.stringify(result)).toContain('"one":1');
    } finally {
      await app.close();
      await handle.close();
    }
  });
});
