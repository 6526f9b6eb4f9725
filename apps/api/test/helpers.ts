import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { buildApp, type AppOptions } from '../src/app.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';
import { createMailer } from '../src/mail/mailer.ts';
import type { Database } from '../src/db/client.ts';
import { databaseSessionStore, type SessionStore } from '../src/plugins/session-store.ts';

/** What a test uses: the app, its database and where its mails go. */
export type TestContext = {
  app: FastifyInstance;
  handle: DatabaseHandle;
  mailDir: string;
};

type TestApp = TestContext & { close(): Promise<void> };

/** A database of this test file's own, cloned from the seeded one global-setup made. */
export async function openTestDatabase(): Promise<{
  handle: DatabaseHandle;
  drop(): Promise<void>;
}> {
  const template = inject('pgTemplate');
  const url = process.env.DATABASE_URL;
  if (url && template) {
    const name = `shop_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    // Copies made at the same moment can collide on the template's lock: retry briefly.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
        break;
      } catch (error) {
        if (attempt > 20) throw error;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
    const target = new URL(url);
    target.pathname = `/${name}`;
    const handle = await openDatabase({ url: target.toString(), poolSize: 4 });
    return {
      handle,
      drop: async () => {
        // pg's pool.end() resolves before its connections have closed; FORCE would kill them
        // mid-close and the pool would raise an unhandled 'error'. Wait for them briefly first.
        for (let attempt = 0; attempt < 50; attempt++) {
          const { rows } = await admin.query<{ n: number }>(
            'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
            [name],
          );
          if (!rows[0]?.n) break;
          await new Promise((r) => setTimeout(r, 20));
        }
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      },
    };
  }
  const dump = await readFile(inject('pgliteDump'));
  const handle = await openDatabase({ loadDataDir: new Blob([dump]) });
  return { handle, drop: async () => {} };
}

/** A mailer that writes into `dataDir` and logs nothing: what a test app sends with. */
export function quietMailer(dataDir: string) {
  return createMailer({
    dataDir,
    from: 'Shop <no-reply@example.com>',
    logger: { info: () => {}, error: () => {} },
  });
}

/** `mediaDir` serves `/media/*` from that directory; `logger` lets a test read the app's log. */
async function createTestApp({
  mount,
  sessionStoreOf,
  ...options
}: TestAppOptions = {}): Promise<TestApp> {
  const { handle, drop } = await openTestDatabase();
  const mailDir = await mkdtemp(join(tmpdir(), 'shop-mail-'));
  const mailer = quietMailer(mailDir);
  const app = await buildApp({
    db: handle.db,
    sessionStore: sessionStoreOf ? sessionStoreOf(handle.db) : databaseSessionStore(handle.db),
    mailer,
    ...options,
    // Tests change the catalogue between requests: nothing may be served stale, unless a test of
    // the caches asks for them.
    catalogueCacheMs: options.catalogueCacheMs ?? 0,
    // Every test request comes from one address; a test of the limit passes its own.
    requestRateLimit: options.requestRateLimit ?? { max: 0, windowMs: 60_000 },
  });
  await mount?.(app);
  await app.ready();
  return {
    app,
    handle,
    mailDir,
    close: async () => {
      await app.close();
      await mailer.close();
      await handle.close();
      await drop();
      await rm(mailDir, { recursive: true, force: true });
    },
  };
}

type TestAppOptions = Pick<
  AppOptions,
  | 'mediaDir'
  | 'logger'
  | 'loggerInstance'
  | 'now'
  | 'authLimits'
  | 'redis'
  | 'publicOrigin'
  | 'trustProxy'
  | 'requestRateLimit'
  | 'catalogueCacheMs'
  | 'changeCheckMs'
  | 'pageCacheMs'
  | 'secretKey'
  | 'apiDocs'
  | 'catalogueIndex'
> & {
  /** Registers more on the app before it is ready (a server test mounts a storefront). */
  mount?: (app: FastifyInstance) => Promise<void>;
  /** The app's session store, on the test's database (default: the database's store). */
  sessionStoreOf?: (db: Database) => SessionStore;
};

/**
 * The test app of one test file: started before its first test on a database of its own, closed
 * after its last. Call it at the top of the file; `options` may be a function when they need
 * set-up first (a media directory to create).
 *
 *     const t = useTestApp();
 *     it('…', async () => { await t.app.inject(…); });
 */
export function useTestApp(
  options: TestAppOptions | (() => Promise<TestAppOptions>) = {},
): TestContext {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp(typeof options === 'function' ? await options() : options);
  });
  afterAll(async () => {
    await current?.close();
  });
  const started = (): TestApp => {
    if (!current) throw new Error('The test app starts in beforeAll: use it inside a test.');
    return current;
  };
  return {
    get app() {
      return started().app;
    },
    get handle() {
      return started().handle;
    },
    get mailDir() {
      return started().mailDir;
    },
  };
}

/** Cookies a response set, as `name=value` pairs for the next request. */
export function cookieJar() {
  const jar = new Map<string, string>();
  return {
    store(res: LightMyRequestResponse) {
      for (const c of res.cookies) {
        if (c.value === '' || (c.expires && c.expires.getTime() < Date.now())) jar.delete(c.name);
        else jar.set(c.name, c.value);
      }
    },
    get: (name: string) => jar.get(name),
    header: () => [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
  };
}

/** A write a CSRF test sends: method, URL and body (undefined: none). */
export type Write = readonly [
  'POST' | 'PUT' | 'PATCH' | 'DELETE',
  string,
  Record<string, unknown> | undefined,
];

/**
 * Sends each write with the caller's cookies, once without a CSRF token and once with a forged
 * one, and expects a 403 for every one of them.
 */
export async function expectCsrfRefused(app: FastifyInstance, cookie: string, writes: Write[]) {
  for (const [method, url, payload] of writes) {
    for (const token of [undefined, 'x'.repeat(43)]) {
      const res = await app.inject({
        method,
        url,
        ...(payload ? { payload } : {}),
        headers: { cookie, ...(token ? { 'x-csrftoken': token } : {}) },
      });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  }
}
