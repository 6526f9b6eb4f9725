import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  apiDocsEnabled,
  appOptionsOf,
  EnvError,
  limitStoreWarning,
  loadEnv,
  postgresOptionsOf,
  publicOriginOf,
  workerCountOf,
} from './env.ts';
import { openDatabase, poolStatsOf } from './db/client.ts';

describe('environment', () => {
  it('has defaults that run the embedded shop on port 3000', () => {
    expect(loadEnv({})).toMatchObject({
      PORT: 3000,
      DATA_DIR: './.data',
      LOG_LEVEL: 'info',
      SEED: 'auto',
    });
    expect(loadEnv({}).DATABASE_URL).toBeUndefined();
  });

  it('bounds queries and requests by default, and lets both be turned off', () => {
    expect(loadEnv({})).toMatchObject({
      DB_STATEMENT_TIMEOUT_MS: 5000,
      RATE_LIMIT_PER_MINUTE: 600,
    });
    expect(loadEnv({ DB_STATEMENT_TIMEOUT_MS: '0', RATE_LIMIT_PER_MINUTE: '0' })).toMatchObject({
      DB_STATEMENT_TIMEOUT_MS: 0,
      RATE_LIMIT_PER_MINUTE: 0,
    });
    expect(() => loadEnv({ RATE_LIMIT_PER_MINUTE: '-1' })).toThrow(/RATE_LIMIT_PER_MINUTE/);
  });

  it('runs one worker on the embedded database and one a core on PostgreSQL (decision 0060)', () => {
    const pg = 'postgres://u@db:5432/shop';
    expect(workerCountOf(loadEnv({}), 8)).toBe(1);
    expect(workerCountOf(loadEnv({ DATABASE_URL: pg }), 8)).toBe(8);
    expect(workerCountOf(loadEnv({ DATABASE_URL: pg, WEB_CONCURRENCY: '3' }), 8)).toBe(3);
    expect(workerCountOf(loadEnv({ WEB_CONCURRENCY: '1' }), 8)).toBe(1);
    expect(() => loadEnv({ WEB_CONCURRENCY: '2' })).toThrow(
      'WEB_CONCURRENCY above 1 needs DATABASE_URL',
    );
    expect(() => loadEnv({ DATABASE_URL: pg, WEB_CONCURRENCY: '0' })).toThrow(/WEB_CONCURRENCY/);
  });

  it('opens PostgreSQL with DATABASE_POOL_SIZE connections a process, 10 unless set', () => {
    const url = 'postgres://u@db:5432/shop';
    expect(postgresOptionsOf(loadEnv({}))).toBeNull();
    expect(postgresOptionsOf(loadEnv({ DATABASE_URL: url }))).toEqual({
      url,
      poolSize: 10,
      statementTimeoutMs: 5000,
    });
    expect(
      postgresOptionsOf(loadEnv({ DATABASE_URL: url, DATABASE_POOL_SIZE: '25' }))?.poolSize,
    ).toBe(25);
    // Set without DATABASE_URL: checked all the same, and of no use to the embedded database.
    expect(loadEnv({ DATABASE_POOL_SIZE: '3' }).DATABASE_POOL_SIZE).toBe(3);
    for (const bad of ['0', '-1', '2.5', '101', 'ten']) {
      expect(() => loadEnv({ DATABASE_URL: url, DATABASE_POOL_SIZE: bad }), bad).toThrow(
        /DATABASE_POOL_SIZE/,
      );
    }
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'gives the pool no more connections than DATABASE_POOL_SIZE',
    async () => {
      const options = postgresOptionsOf(
        loadEnv({ DATABASE_URL: process.env.DATABASE_URL, DATABASE_POOL_SIZE: '3' }),
      );
      const handle = await openDatabase(options!);
      try {
        // Twice the pool's queries at once: three connections open, the rest wait for one.
        await Promise.all(
          Array.from({ length: 6 }, () => handle.db.execute(sql`select pg_sleep(0.05)`)),
        );
        const stats = poolStatsOf(handle.db)!;
        expect(stats.max).toBe(3);
        expect(stats.busy + stats.idle).toBe(3);
        expect(stats.waits).toBeGreaterThan(0);
      } finally {
        await handle.close();
      }
    },
  );

  it('treats empty variables as unset', () => {
    const env = loadEnv({ DATABASE_URL: '', PORT: '' });
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('reads and coerces the settings', () => {
    const env = loadEnv({
      PORT: '8080',
      DATABASE_URL: 'postgres://u@db:5432/shop',
      REDIS_URL: 'redis://cache:6379',
      SMTP_URL: 'smtps://u:p@mail:465',
      PUBLIC_URL: 'https://shop.example',
      SECRET_KEY: 'x'.repeat(32),
    });
    expect(env).toMatchObject({ PORT: 8080, PUBLIC_URL: 'https://shop.example' });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://db/shop' }, 'DATABASE_URL must start with postgres://'],
    [{ REDIS_URL: 'http://cache' }, 'REDIS_URL'],
    [{ SECRET_KEY: 'short' }, 'SECRET_KEY must be at least 32 characters'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ TRUST_PROXY: 'yes please' }, 'TRUST_PROXY'],
    [{ PUBLIC_URL: 'ftp://shop.example' }, 'PUBLIC_URL'],
  ])('stops with one clear line for a bad value: %o', (source, expected) => {
    let error: unknown;
    try {
      loadEnv(source);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EnvError);
    const message = (error as EnvError).message;
    expect(message).toContain(expected);
    expect(message).not.toContain('\n');
  });

  it('names every bad variable at once', () => {
    expect(() => loadEnv({ PORT: 'x', LOG_LEVEL: 'y' })).toThrow(/PORT.*LOG_LEVEL/);
  });

  it('trusts no proxy unless TRUST_PROXY says which', () => {
    expect(loadEnv({}).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadEnv({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
  });

  it('takes absolute URLs from PUBLIC_URL, else from the address it listens on', () => {
    expect(publicOriginOf(loadEnv({ PUBLIC_URL: 'https://shop.example/' }))).toBe(
      'https://shop.example',
    );
    expect(publicOriginOf(loadEnv({}))).toBe('http://localhost:3000');
    expect(publicOriginOf(loadEnv({ HOST: '127.0.0.1', PORT: '8080' }))).toBe(
      'http://127.0.0.1:8080',
    );
    expect(publicOriginOf(loadEnv({ HOST: '::1', PORT: '80' }))).toBe('http://[::1]');
  });

  it('keeps the OpenAPI document off in production unless API_DOCS=on, and on elsewhere', () => {
    expect(apiDocsEnabled(loadEnv({}))).toBe(false);
    expect(apiDocsEnabled(loadEnv({ NODE_ENV: 'production', API_DOCS: 'on' }))).toBe(true);
    expect(apiDocsEnabled(loadEnv({ NODE_ENV: 'development' }))).toBe(true);
    expect(apiDocsEnabled(loadEnv({ NODE_ENV: 'development', API_DOCS: 'off' }))).toBe(false);
    expect(() => loadEnv({ API_DOCS: 'yes' })).toThrow(EnvError);
  });

  it('hands on what the API needs as options: one SECRET_KEY is enough for every process', () => {
    const key = 'k'.repeat(32);
    const a = appOptionsOf(loadEnv({ SECRET_KEY: key, PAGE_CACHE_SECONDS: '3' }));
    const b = appOptionsOf(loadEnv({ SECRET_KEY: key }));
    expect(a.secretKey).toBe(key);
    // Derived from the shared key: two processes sign and check each other's payment links.
    expect(a.paymentSecret).toBe(b.paymentSecret);
    expect(a.paymentSecret).not.toBe(key);
    expect(a.pageCacheMs).toBe(3000);
    expect(b.pageCacheMs).toBe(10_000);
    expect(b.apiDocs).toBe(false);
    expect(appOptionsOf(loadEnv({ PAYMENT_SECRET: 'p'.repeat(32) })).paymentSecret).toBe(
      'p'.repeat(32),
    );
    // Without SECRET_KEY each start makes its own (one process only).
    expect(appOptionsOf(loadEnv({})).secretKey).not.toBe(appOptionsOf(loadEnv({})).secretKey);
    expect(b.bankAccount).toEqual({
      iban: 'DE89 3704 0044 0532 0130 00',
      bic: 'COBADEFFXXX',
      holder: 'Demo Shop GmbH',
    });
    expect(
      appOptionsOf(loadEnv({ SHOP_BANK_IBAN: 'AT61 1904 3002 3457 3201' })).bankAccount.iban,
    ).toBe('AT61 1904 3002 3457 3201');
    expect(() => loadEnv({ PAYMENT_SECRET: 'short' })).toThrow(EnvError);
  });

  it('is the only place of the API and the server that reads the environment', async () => {
    const root = fileURLToPath(new URL('../../..', import.meta.url));
    const readers: string[] = [];
    for (const dir of ['apps/api/src', 'apps/server/src']) {
      for (const file of await readdir(join(root, dir), { recursive: true })) {
        if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
        const path = `${dir}/${file}`;
        const text = await readFile(join(root, path), 'utf8');
        if (/process\.env\b/.test(text)) readers.push(path);
      }
    }
    // env.ts reads it; main.ts only sets NODE_ENV's default before React loads.
    expect(readers.sort()).toEqual(['apps/api/src/env.ts', 'apps/server/src/main.ts']);
  });
});

describe('the start-up warning without Redis (decision 0071)', () => {
  it('says that the request limits are per process, how many times over, and what to set', () => {
    const one = limitStoreWarning(loadEnv({}), 1);
    expect(one).toMatch(/REDIS_URL is not set/);
    expect(one).toMatch(/600 requests a minute per address/);
    expect(one).toMatch(/per process/);
    expect(one).toMatch(/docs\/deploy\.md/);
    const four = limitStoreWarning(loadEnv({ RATE_LIMIT_PER_MINUTE: '120' }), 4);
    expect(four).toMatch(/120 requests a minute/);
    expect(four).toMatch(/up to 4 times each limit/);
    // The request limit turned off is not named as "0 requests a minute"; the others remain.
    const off = limitStoreWarning(loadEnv({ RATE_LIMIT_PER_MINUTE: '0' }), 1);
    expect(off).toMatch(/request limits \(mail sends, feedback\)/);
    expect(off).not.toMatch(/0 requests/);
  });

  it('says nothing with REDIS_URL: the limits are shared', () => {
    expect(limitStoreWarning(loadEnv({ REDIS_URL: 'redis://127.0.0.1:6379' }), 4)).toBeNull();
  });
});
