// `/metrics` (decision 0061): Prometheus text that parses, requests counted under their route
// pattern, orders placed and refused, the card cache, the pool and health, the token, and no
// request ever broken by a count.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type AppOptions } from '#api/app.ts';
import { poolStatsOf } from '#api/db/client.ts';
import { appOptionsOf, loadEnv } from '#api/env.ts';
import { databaseSessionStore } from '#api/plugins/session-store.ts';
import { goneRedis } from '../../test/gone-redis.ts';
import { quietMailer, useTestApp } from '../../test/helpers.ts';
import { parseExposition, sampleSum } from '../../test/prometheus.ts';
import { browserOf, checkoutBody, parentProducts, stockedProduct } from '../../test/shopper.ts';
import { setStock } from '../../test/change-counts.ts';

const t = useTestApp();

async function scrape(app: FastifyInstance = t.app) {
  const res = await app.inject({ url: '/metrics' });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  expect(res.headers['cache-control']).toBe('no-store');
  return { ...parseExposition(res.body), text: res.body };
}

/** A second app on the test file's database, with options of its own; closed after `use`. */
async function withApp(options: Partial<AppOptions>, use: (app: FastifyInstance) => Promise<void>) {
  const mailDir = await mkdtemp(join(tmpdir(), 'shop-metrics-'));
  const app = await buildApp({
    db: t.handle.db,
    sessionStore: databaseSessionStore(t.handle.db),
    mailer: quietMailer(mailDir),
    requestRateLimit: { max: 0, windowMs: 60_000 },
    ...options,
  });
  try {
    await use(app);
  } finally {
    await app.close();
    await rm(mailDir, { recursive: true, force: true });
  }
}

describe('/metrics', () => {
  it('answers Prometheus text with the shop’s metrics, each of its type', async () => {
    const { types, samples } = await scrape();
    expect(Object.fromEntries(types)).toMatchObject({
      shop_http_requests_total: 'counter',
      shop_http_request_duration_seconds: 'histogram',
      shop_cache_lookups_total: 'counter',
      shop_orders_total: 'counter',
      shop_db_pool_connections: 'gauge',
      shop_db_pool_max: 'gauge',
      shop_db_pool_waiting: 'gauge',
      shop_db_pool_waits_total: 'counter',
      shop_database_up: 'gauge',
    });
    expect(sampleSum(samples, 'shop_database_up')).toBe(1);
    // The pool as the database handle knows it: 4 connections on PostgreSQL, PGlite's one.
    const stats = poolStatsOf(t.handle.db)!;
    expect(sampleSum(samples, 'shop_db_pool_max')).toBe(stats.max);
    const open = sampleSum(samples, 'shop_db_pool_connections');
    expect(open).toBeGreaterThan(0);
    expect(open).toBeLessThanOrEqual(stats.max);
    // No Redis given: none reported.
    expect(types.has('shop_redis_up')).toBe(false);
  });

  it('counts a request from the network under its route pattern and status, never its URL', async () => {
    const [first, second] = await parentProducts(t);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const route = '/:locale/api/products/products/:id/';
    const labels = { method: 'GET', route, origin: 'network' };
    const before = (await scrape()).samples;
    for (const id of [first!.id, second!.id]) {
      expect((await fetch(`${address}/en/api/products/products/${id}/`)).status).toBe(200);
    }
    expect((await fetch(`${address}/de/api/products/products/99999999/`)).status).toBe(404);
    const { samples, text } = await scrape();
    const delta = (name: string, extra: Record<string, string>) =>
      sampleSum(samples, name, extra) - sampleSum(before, name, extra);
    expect(delta('shop_http_requests_total', { ...labels, status: '200' })).toBe(2);
    expect(delta('shop_http_requests_total', { ...labels, status: '404' })).toBe(1);
    expect(delta('shop_http_request_duration_seconds_count', labels)).toBe(3);
    expect(delta('shop_http_request_duration_seconds_sum', labels)).toBeGreaterThan(0);
    // Every bucket at or past the slowest holds all three.
    const inf = samples.find(
      (s) =>
        s.name === 'shop_http_request_duration_seconds_bucket' &&
        s.labels.route === route &&
        s.labels.origin === 'network' &&
        s.labels.le === '+Inf',
    );
    expect(inf?.value).toBeGreaterThanOrEqual(3);
    expect(text).not.toContain(`/products/${first!.id}/`);
    // The test's own injected scrapes are in-process calls.
    expect(
      sampleSum(samples, 'shop_http_requests_total', { route: '/metrics', origin: 'in-process' }),
    ).toBeGreaterThan(0);
  });

  it('counts orders placed, and refused for the stock', async () => {
    const count = async (labels: Record<string, string>) =>
      sampleSum((await scrape()).samples, 'shop_orders_total', labels);
    const placedBefore = await count({ outcome: 'placed' });
    const refusedBefore = await count({ outcome: 'refused', reason: 'stock' });

    const buyer = browserOf(t);
    const product = await stockedProduct(t, 4);
    buyer.ok(await buyer.set(product.id, 1));
    const order = await buyer.send(
      'POST',
      '/en/api/sales/orders/',
      await checkoutBody(t.handle.db),
      {
        'idempotency-key': randomUUID(),
      },
    );
    expect(order.statusCode, order.body).toBe(201);
    expect(await count({ outcome: 'placed' })).toBe(placedBefore + 1);

    const late = browserOf(t);
    late.ok(await late.set(product.id, 3));
    await setStock(t.handle.db, [product.id], 2);
    try {
      const refused = await late.send(
        'POST',
        '/en/api/sales/orders/',
        await checkoutBody(t.handle.db),
        { 'idempotency-key': randomUUID() },
      );
      expect(refused.statusCode).toBe(400);
      expect(await count({ outcome: 'refused', reason: 'stock' })).toBe(refusedBefore + 1);
      expect(await count({ outcome: 'placed' })).toBe(placedBefore + 1);
    } finally {
      await setStock(t.handle.db, [product.id], product.stock! - 1);
    }
  });

  it('counts the card cache: a list loads its cards once, then finds them', async () => {
    // The file's app keeps nothing (catalogueCacheMs 0); this one keeps cards for a minute.
    await withApp({ catalogueCacheMs: 60_000 }, async (app) => {
      const list = '/it/api/products/products/?page_size=4';
      const cards = async (result: string) =>
        sampleSum((await scrape(app)).samples, 'shop_cache_lookups_total', {
          cache: 'cards',
          result,
        });
      expect((await app.inject(list)).statusCode).toBe(200);
      const missed = await cards('miss');
      expect(missed).toBeGreaterThanOrEqual(4);
      expect(await cards('hit')).toBe(0);
      expect((await app.inject(list)).statusCode).toBe(200);
      expect(await cards('hit')).toBe(missed);
      expect(await cards('miss')).toBe(missed);
    });
  });

  it('counts the build’s hashed files as one route, whatever their names', async () => {
    await withApp({}, async (app) => {
      // As @fastify/static registers them (apps/server): one route per file.
      for (const name of ['entry-Ab12Cd34.js', 'root-Zz99Yy88.css']) {
        app.get(`/assets/${name}`, async () => 'x');
      }
      for (const name of ['entry-Ab12Cd34.js', 'root-Zz99Yy88.css']) {
        expect((await app.inject(`/assets/${name}`)).statusCode).toBe(200);
      }
      const { samples, text } = await scrape(app);
      expect(sampleSum(samples, 'shop_http_requests_total', { route: '/assets/*' })).toBe(2);
      expect(text).not.toContain('Ab12Cd34');
    });
  });

  it('reports waits for a connection when more queries run than the pool has', async () => {
    const waits = async () => sampleSum((await scrape()).samples, 'shop_db_pool_waits_total');
    const before = await waits();
    const max = poolStatsOf(t.handle.db)!.max;
    await Promise.all(
      Array.from({ length: max + 4 }, () => t.handle.db.execute(sql`select pg_sleep(0.05)`)),
    );
    expect(await waits()).toBeGreaterThan(before);
    const { samples, types } = await scrape();
    if (t.handle.kind === 'postgres') {
      expect(sampleSum(samples, 'shop_db_pool_wait_seconds_total')).toBeGreaterThan(0);
    } else {
      // PGlite's queue is its own: no wait time is made up for it.
      expect(types.has('shop_db_pool_wait_seconds_total')).toBe(false);
    }
  });
});

describe('who may read /metrics', () => {
  const token = 'scrape-me-0123456789abcdef';

  it('asks for the bearer token when METRICS_TOKEN is set', async () => {
    await withApp({ metrics: { enabled: true, token } }, async (app) => {
      const none = await app.inject('/metrics');
      expect(none.statusCode).toBe(401);
      expect(none.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(none.body).toBe('');
      const wrong = await app.inject({
        url: '/metrics',
        headers: { authorization: `Bearer ${token}x` },
      });
      expect(wrong.statusCode).toBe(401);
      const basic = await app.inject({
        url: '/metrics',
        headers: { authorization: `Basic ${Buffer.from(`x:${token}`).toString('base64')}` },
      });
      expect(basic.statusCode).toBe(401);
      const right = await app.inject({
        url: '/metrics',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(right.statusCode).toBe(200);
      expect(right.body).toContain('# TYPE shop_http_requests_total counter');
    });
  });

  it('is off in production unless a token is set, open in development', async () => {
    expect(appOptionsOf(loadEnv({})).metrics).toMatchObject({ enabled: false });
    expect(appOptionsOf(loadEnv({ NODE_ENV: 'production' })).metrics.enabled).toBe(false);
    expect(appOptionsOf(loadEnv({ NODE_ENV: 'development' })).metrics).toMatchObject({
      enabled: true,
    });
    expect(appOptionsOf(loadEnv({ NODE_ENV: 'development' })).metrics).not.toHaveProperty('token');
    expect(appOptionsOf(loadEnv({ METRICS_TOKEN: token })).metrics).toMatchObject({
      enabled: true,
      token,
    });
    expect(() => loadEnv({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    await withApp({ metrics: { enabled: false } }, async (app) => {
      expect((await app.inject('/metrics')).statusCode).toBe(404);
    });
  });
});

describe('metrics never break the shop', () => {
  let lines: string[] = [];
  const logger = {
    level: 'error',
    stream: new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    }),
  };
  beforeAll(() => {
    lines = [];
  });
  afterAll(() => {
    lines = [];
  });

  it('logs a count that fails instead of throwing it into the request', async () => {
    await withApp({ logger }, async (app) => {
      // prom-client refuses to decrease a counter: the count fails, the caller goes on.
      expect(() => app.metrics.cacheLookups('page')('hit', -1)).not.toThrow();
      expect(lines.join('')).toContain('metrics: counting the cache lookup failed');
      expect((await app.inject('/en/api/products/products/?page_size=1')).statusCode).toBe(200);
    });
  });

  it('answers the scrape with Redis down, saying so', async () => {
    const redis = await goneRedis();
    try {
      await withApp({ redis, logger }, async (app) => {
        const { samples } = await scrape(app);
        expect(sampleSum(samples, 'shop_redis_up')).toBe(0);
        expect(sampleSum(samples, 'shop_database_up')).toBe(1);
      });
    } finally {
      redis.disconnect();
    }
  });
});
