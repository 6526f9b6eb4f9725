import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp, type AppOptions } from '#api/app.ts';
import { openDatabase, poolStatsOf, type DatabaseHandle } from '#api/db/client.ts';
import { rowsOf } from '#api/db/rows.ts';
import { isDatabaseUnavailable, isPoolBusy } from '#api/lib/db-errors.ts';
import type { Redis } from 'ioredis';
import { createRedis } from '#api/lib/redis.ts';
import { databaseSessionStore, redisSessionStore } from '#api/plugins/session-store.ts';
import { goneRedis } from '../../test/gone-redis.ts';
import { quietMailer, useTestApp } from '../../test/helpers.ts';
import { parentProducts } from '../../test/shopper.ts';
import { cuttableProxy } from '../../test/tcp-proxy.ts';

const t = useTestApp();

/**
 * Runs `use` against an app whose sessions live in `redis` (with `redis` in `options`, its request
 * counts too), then closes both.
 */
async function withRedisApp(
  redis: Redis,
  options: Partial<AppOptions>,
  use: (app: FastifyInstance) => Promise<void>,
) {
  const app = await buildApp({
    db: t.handle.db,
    sessionStore: redisSessionStore(redis),
    mailer: quietMailer(t.mailDir),
    catalogueCacheMs: 0,
    ...options,
  });
  try {
    await use(app);
  } finally {
    await app.close();
    redis.disconnect();
  }
}

describe('health probes', () => {
  it('answers live and ready, never cached, while the database answers', async () => {
    for (const url of ['/health/live', '/health/ready']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    expect((await t.app.inject({ method: 'GET', url: '/health/ready' })).json()).toEqual({
      status: 'ready',
    });
  });
});

describe.skipIf(!process.env.DATABASE_URL)('PostgreSQL stops and comes back', () => {
  const url = new URL(process.env.DATABASE_URL ?? 'postgres://localhost/none');
  const name = `shop_outage_${randomBytes(4).toString('hex')}`;
  const proxy = cuttableProxy({ host: url.hostname, port: Number(url.port || 5432) });
  let admin: pg.Client;
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  let mailDir: string;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: url.toString() });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`);
    await proxy.listen();
    const viaProxy = new URL(url);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    viaProxy.pathname = `/${name}`;
    handle = await openDatabase({ url: viaProxy.toString(), poolSize: 2 });
    mailDir = await mkdtemp(join(tmpdir(), 'shop-outage-'));
    app = await buildApp({
      db: handle.db,
      sessionStore: databaseSessionStore(handle.db),
      mailer: quietMailer(mailDir),
      catalogueCacheMs: 0,
    });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await handle?.close().catch(() => undefined);
    await proxy.cut();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    await rm(mailDir, { recursive: true, force: true });
  });

  const get = (url: string, locale = 'en') =>
    app.inject({ method: 'GET', url: url.replace('{locale}', locale) });

  it('answers 503 (not a hang, not a 500) while it is away, and recovers by itself', async () => {
    expect((await get('/{locale}/api/products/products/')).statusCode).toBe(200);

    await proxy.cut();
    const started = Date.now();
    const down = await get('/{locale}/api/products/products/', 'de');
    expect(down.statusCode, down.body).toBe(503);
    expect(down.headers['retry-after']).toBe('10');
    expect(down.json()).toEqual({
      detail: 'Der Shop ist kurz nicht erreichbar. Bitte versuchen Sie es gleich noch einmal.',
    });
    // Bounded by the pool's connect timeout (5 s), not by the client's patience.
    expect(Date.now() - started).toBeLessThan(15_000);
    expect((await get('/health/ready')).statusCode).toBe(503);
    expect((await get('/health/live')).statusCode).toBe(200);

    await proxy.listen();
    await expect
      .poll(async () => (await get('/{locale}/api/products/products/')).statusCode, {
        timeout: 15_000,
        interval: 250,
      })
      .toBe(200);
    expect((await get('/health/ready')).statusCode).toBe(200);
  }, 60_000);

  /** Holds `count` connections of `db` in transactions until the returned function is called. */
  async function holdConnections(db: DatabaseHandle['db'], count: number) {
    let finish: () => void = () => {};
    const held = new Promise<void>((resolve) => (finish = resolve));
    let begun = 0;
    let allBegun: () => void = () => {};
    const busy = new Promise<void>((resolve) => (allBegun = resolve));
    const holders = Array.from({ length: count }, () =>
      db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        if (++begun === count) allBegun();
        await held;
      }),
    );
    await busy;
    return async () => {
      finish();
      await Promise.all(holders);
    };
  }

  it('lets a request wait its turn while every connection of the pool is busy (decision 0083)', async () => {
    // Both connections of the pool (poolSize 2) held past the 2 s after which a request used to
    // be answered 503: a busy shop, not a database that is away.
    const release = await holdConnections(handle.db, 2);
    const started = Date.now();
    const waiting = get('/{locale}/api/products/products/');
    const freed = new Promise<void>((resolve) =>
      setTimeout(() => void release().then(resolve), 3_000),
    );
    const res = await waiting;
    await freed;
    expect(res.statusCode, res.body).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_900);
  });

  it('answers 503 "busy" with Retry-After when the queue for a connection does not move in time', async () => {
    const viaProxy = new URL(url);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    viaProxy.pathname = `/${name}`;
    const short = await openDatabase({ url: viaProxy.toString(), poolSize: 1, poolWaitMs: 2_000 });
    const shortApp = await buildApp({
      db: short.db,
      sessionStore: databaseSessionStore(handle.db),
      mailer: quietMailer(mailDir),
      catalogueCacheMs: 0,
    });
    await shortApp.ready();
    const release = await holdConnections(short.db, 1);
    try {
      const waited = await short.db.execute(sql`select 1`).then(
        () => 'answered',
        (error: unknown) => error,
      );
      expect(isPoolBusy(waited)).toBe(true);
      // Not a bug: a page shows the 503 screen for it (storefront.ts asks isDatabaseUnavailable).
      expect(isDatabaseUnavailable(waited)).toBe(true);
      const started = Date.now();
      const full = await shortApp.inject({ method: 'GET', url: '/de/api/products/products/' });
      expect(full.statusCode, full.body).toBe(503);
      expect(full.headers['retry-after']).toBe('5');
      // `code: 'busy'`: refused before anything was written, safe to send again (decision 0088).
      expect(full.json()).toEqual({
        detail: 'Der Shop ist gerade sehr beschäftigt. Bitte versuchen Sie es gleich noch einmal.',
        code: 'busy',
      });
      // Its 2 s wait, generously, not the 20 s of POOL_WAIT_MS.
      expect(Date.now() - started).toBeLessThan(6_000);
    } finally {
      await release();
      await shortApp.close();
      await short.close();
    }
  });

  it('fails only the ask whose new connection is slow to open while the others are answered (decision 0083)', async () => {
    const viaProxy = new URL(url);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    viaProxy.pathname = `/${name}`;
    // Its first connection open; the second one, opened for the next ask, never answers.
    const own = await openDatabase({ url: viaProxy.toString(), poolSize: 2 });
    try {
      let begun: () => void = () => {};
      const serving = new Promise<void>((resolve) => (begun = resolve));
      // The open connection answers a query every 200 ms meanwhile.
      const answering = own.db.transaction(async (tx) => {
        const until = Date.now() + 3_500;
        await tx.execute(sql`select 1`);
        begun();
        while (Date.now() < until) {
          await tx.execute(sql`select 1`);
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      });
      await serving;
      proxy.holdNext();
      const slow = own.db.execute(sql`select 'slow'`).then(
        () => 'answered',
        (error: unknown) => error,
      );
      // The pool is full (one connection busy, one opening): this one waits in its queue.
      const queued = own.db.execute(sql`select 'queued' as value`).then(
        (result) => rowsOf<{ value: string }>(result)[0]?.value,
        (error: unknown) => error,
      );
      // The ask whose connection did not open in 2 s fails, "unavailable", as before…
      expect(isDatabaseUnavailable(await slow)).toBe(true);
      // …but the one queued behind it is answered: the database was answering all along.
      expect(await queued).toBe('queued');
      await answering;
      expect(poolStatsOf(own.db)?.waiting).toBe(0);
    } finally {
      await own.close();
    }
  });

  it('fails only the query without an answer (a Query read timeout) while the other connections are answered (decision 0083)', async () => {
    // PGlite has no pool and no read timeout: this is PostgreSQL's alone. A real slow statement:
    // a query waiting for a lock another session holds, given a read timeout shorter than its wait.
    const direct = new URL(url);
    direct.pathname = `/${name}`;
    const own = await openDatabase({ url: direct.toString(), poolSize: 2 });
    const locker = new pg.Client({ connectionString: direct.toString() });
    await locker.connect();
    let stop = false;
    let answering: Promise<unknown> = Promise.resolve();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE faqs IN ACCESS EXCLUSIVE MODE');
      let begun: () => void = () => {};
      const serving = new Promise<void>((resolve) => (begun = resolve));
      // One connection answers a query every 100 ms meanwhile: the database is there.
      answering = own.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        begun();
        while (!stop) {
          await tx.execute(sql`select 1`);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      });
      await serving;
      // The other one waits for the lock and gives up on its answer after 300 ms.
      const pool = (own.db as unknown as { $client: pg.Pool }).$client;
      const query = pool.query.bind(pool) as unknown as (config: {
        text: string;
        query_timeout: number;
      }) => Promise<unknown>;
      const slow = query({ text: 'select count(*) from faqs', query_timeout: 300 }).then(
        () => 'answered',
        (error: unknown) => error,
      );
      // The pool is full (one connection in a transaction, one waiting for the lock): this one
      // waits in the pool's queue for a connection.
      const queued = own.db.execute(sql`select 'queued' as value`).then(
        (result) => rowsOf<{ value: string }>(result)[0]?.value,
        (error: unknown) => error,
      );
      const timedOut = await slow;
      expect(timedOut).toBeInstanceOf(Error);
      expect((timedOut as Error).message).toBe('Query read timeout');
      // The queued ask is answered on a new connection: the database was answering all along,
      // and one unanswered query does not fail the whole queue "unavailable".
      expect(await queued).toBe('queued');
      stop = true;
      await answering;
      expect(poolStatsOf(own.db)?.waiting).toBe(0);
    } finally {
      stop = true;
      await answering.catch(() => undefined);
      await locker.query('ROLLBACK').catch(() => undefined);
      await locker.end();
      await own.close();
    }
  });

  it('answers 503 with Retry-After within 10 s while it is silent (a partition), and recovers', async () => {
    // Connections in the pool and a transaction's connection, all open when the network goes.
    expect((await get('/{locale}/api/products/products/')).statusCode).toBe(200);
    proxy.silence();
    const started = Date.now();
    const [down, ready, transaction] = await Promise.all([
      get('/{locale}/api/products/products/', 'de'),
      get('/health/ready'),
      handle.db
        .transaction((tx) => tx.execute(sql`select 1`))
        .then(
          () => 'committed',
          (error: unknown) => error,
        ),
    ]);
    expect(down.statusCode, down.body).toBe(503);
    expect(down.headers['retry-after']).toBe('10');
    expect(down.json()).toEqual({
      detail: 'Der Shop ist kurz nicht erreichbar. Bitte versuchen Sie es gleich noch einmal.',
    });
    expect(ready.statusCode).toBe(503);
    expect(isDatabaseUnavailable(transaction)).toBe(true);
    // Bounded by the statement timeout (5 s) and its margin, not by the client's patience.
    expect(Date.now() - started).toBeLessThan(10_000);
    // The connections it waited on are given up: the next request does not wait again.
    const again = Date.now();
    expect((await get('/{locale}/api/products/products/')).statusCode).toBe(503);
    expect(Date.now() - again).toBeLessThan(10_000);

    proxy.speak();
    // Every connection came back to the pool (poolSize 2): a transaction whose BEGIN got no
    // answer included, which would otherwise hold its place forever.
    await expect
      .poll(async () => (await get('/{locale}/api/products/products/')).statusCode, {
        timeout: 15_000,
        interval: 250,
      })
      .toBe(200);
    // Two transactions that each wait for the other to have begun: both places are needed.
    let arrived = 0;
    let bothIn: () => void = () => {};
    const barrier = new Promise<void>((resolve) => (bothIn = resolve));
    const meet = () => {
      if (++arrived === 2) bothIn();
      return barrier;
    };
    const both = [1, 2].map(() =>
      handle.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await meet();
        return 'committed';
      }),
    );
    expect(await Promise.all(both)).toEqual(['committed', 'committed']);
    expect((await get('/health/ready')).statusCode).toBe(200);
  }, 60_000);
});

describe('Redis away while REDIS_URL is set', () => {
  it('says not ready (503) while Redis does not answer, as decision 0040 chose', async () => {
    const redis = await goneRedis();
    await withRedisApp(
      redis,
      {
        redis,
        // The server never counts probes (apps/server/src/server.ts); the count lives in Redis.
        requestRateLimit: { max: 0, windowMs: 60_000 },
      },
      async (app) => {
        const started = Date.now();
        const ready = await app.inject({ method: 'GET', url: '/health/ready' });
        expect(ready.statusCode, ready.body).toBe(503);
        expect(ready.json()).toEqual({ status: 'redis unavailable' });
        expect(ready.headers['cache-control']).toBe('no-store');
        expect(Date.now() - started).toBeLessThan(5_000);
        // The process itself is alive: a process manager must not restart it for this.
        expect((await app.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
      },
    );
  });

  it.skipIf(!process.env.REDIS_URL)('says ready while Redis answers', async () => {
    const redis = createRedis(process.env.REDIS_URL ?? '');
    await redis.connect();
    await withRedisApp(redis, { redis }, async (app) => {
      const ready = await app.inject({ method: 'GET', url: '/health/ready' });
      expect(ready.statusCode, ready.body).toBe(200);
      expect(ready.json()).toEqual({ status: 'ready' });
    });
  });

  it('logs the visitor out instead of failing, and keeps serving the catalogue', async () => {
    const redis = await goneRedis();
    await withRedisApp(redis, {}, async (app) => {
      const cookie = 'sessionid=some-session-of-before';
      const started = Date.now();
      const products = await app.inject({
        method: 'GET',
        url: '/en/api/products/products/',
        headers: { cookie },
      });
      expect(products.statusCode, products.body).toBe(200);
      const me = await app.inject({
        method: 'GET',
        url: '/en/api/accounts/user_info/',
        headers: { cookie },
      });
      expect(me.statusCode, me.body).toBe(401);
      // A call that needs to write a session says the shop is briefly unavailable.
      const csrf = await app.inject({ method: 'GET', url: '/en/api/accounts/login/' });
      const token = csrf.json<{ csrfToken: string }>().csrfToken;
      const [product] = await parentProducts(t);
      const add = await app.inject({
        method: 'POST',
        url: `/en/api/sales/cart_products/${product?.id}/add/`,
        payload: { quantity: 1, ref: 'product' },
        headers: { cookie: `csrftoken=${token}`, 'x-csrftoken': token },
      });
      expect(add.statusCode, add.body).toBe(503);
      expect(Date.now() - started).toBeLessThan(10_000);
    });
  });
});

describe('the request limit while its store (Redis) is away', () => {
  it('lets requests through instead of answering every one 503', async () => {
    const redis = await goneRedis();
    await withRedisApp(
      redis,
      {
        // The counts live in Redis, as the server has them with REDIS_URL; the limit is on.
        redis,
        requestRateLimit: { max: 600, windowMs: 60_000 },
      },
      async (app) => {
        const products = await app.inject({ method: 'GET', url: '/en/api/products/products/' });
        expect(products.statusCode, products.body).toBe(200);
      },
    );
  });
});

describe('shutting down (what SIGTERM runs: app.close, then the pool)', () => {
  it('lets a running request finish before it closes', async () => {
    const app = await buildApp({
      db: t.handle.db,
      sessionStore: databaseSessionStore(t.handle.db),
      mailer: quietMailer(t.mailDir),
      catalogueCacheMs: 0,
    });
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let started: () => void = () => {};
    const running = new Promise<void>((resolve) => (started = resolve));
    app.get('/slow', { config: { shop: 'open' } }, async () => {
      started();
      await held;
      return { done: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = address && typeof address === 'object' ? address.port : 0;
    const pending = fetch(`http://127.0.0.1:${port}/slow`);
    await running;
    let closed = false;
    const closing = app.close().then(() => (closed = true));
    // Closing waits for the running request.
    await new Promise((r) => setTimeout(r, 100));
    expect(closed).toBe(false);
    release();
    const res = await pending;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ done: true });
    await closing;
    expect(closed).toBe(true);
  });
});
