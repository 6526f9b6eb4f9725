import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '#api/app.ts';
import { openDatabase } from '#api/db/client.ts';
import { authAttempts } from '#api/db/schema.ts';
import { passwordChecks } from '#api/lib/passwords.ts';
import { databaseSessionStore } from '#api/plugins/session-store.ts';
import { DEMO_PASSWORD } from '#api/seed/seed.ts';
import { linkToken } from '../../test/mail.ts';
import { useTestApp, type TestContext } from '../../test/helpers.ts';
import { browserOf } from '../../test/shopper.ts';

// The shop's own numbers: the burst tests check "at most 10" (issue 21).
const limits = { perAccount: 10, perAddress: 20, windowMs: 60_000 };
/** Both processes of a test sign with the same key, as SECRET_KEY makes them (decision 0043). */
const SECRET = 'test-secret-key-of-at-least-32-characters';

/** A fresh address for each use within this run (the Redis counters outlive a run). */
const runId = Math.floor(Math.random() * 250);
let ips = 0;
const nextIp = () => `10.${++ips}.${runId}.1`;

async function tokenOf(b: ReturnType<typeof browserOf>) {
  const res = await b.send('GET', '/en/api/accounts/login/');
  return res.json<{ csrfToken: string }>().csrfToken;
}

function limitContract(t: TestContext, redis?: Redis, nameSpace?: string) {
  /** A second process on the same database (and Redis): a burst is spread over both. */
  const secondApp = async () => {
    const app = await buildApp({
      db: t.handle.db,
      sessionStore: databaseSessionStore(t.handle.db),
      mailer: t.app.mailer,
      authLimits: { ...limits, ...(nameSpace ? { nameSpace } : {}) },
      ...(redis ? { redis } : {}),
      requestRateLimit: { max: 0, windowMs: 60_000 },
      secretKey: SECRET,
    });
    await app.ready();
    return app;
  };

  /** A login from `ip`, with a CSRF token of its own. */
  const login = async (email: string, password: string, ip: string) => {
    const token = await t.app.inject({ method: 'GET', url: '/de/api/accounts/login/' });
    const csrf = token.json<{ csrfToken: string }>().csrfToken;
    return t.app.inject({
      method: 'POST',
      url: '/de/api/accounts/login/',
      remoteAddress: ip,
      payload: { email, password },
      headers: { cookie: `csrftoken=${csrf}`, 'x-csrftoken': csrf },
    });
  };

  it('holds back browsers that never logged in once an account had perAccount wrong passwords, whoever sent them', async () => {
    const email = 'anna.becker@example.com';
    for (let i = 0; i < limits.perAccount; i++) {
      expect((await login(email, `wrong-${i}`, nextIp())).statusCode).toBe(400);
    }
    const held = await login(email, DEMO_PASSWORD, nextIp());
    expect(held.statusCode).toBe(429);
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
    // It says how the owner gets in without waiting: a link by e-mail.
    expect(held.json<{ detail: string }>().detail).toContain('Passwort vergessen?');
  });

  it('lets the owner log in from a browser that logged in before, after perAccount wrong passwords from another address', async () => {
    const email = 'giulia.rossi@example.com';
    const owner = browserOf(t);
    const signIn = () =>
      owner.send('POST', '/de/api/accounts/login/', { email, password: DEMO_PASSWORD });
    expect((await signIn()).statusCode).toBe(200);
    const attacker = nextIp();
    for (let i = 0; i < limits.perAccount; i++) await login(email, `wrong-${i}`, attacker);
    expect((await login(email, 'wrong-again', attacker)).statusCode).toBe(429);
    const again = await signIn();
    expect(again.statusCode, again.body).toBe(200);
  });

  it('lets the owner in from a new browser through a reset link, after perAccount wrong passwords', async () => {
    const email = 'marco.bianchi@example.com';
    for (let i = 0; i < limits.perAccount; i++) await login(email, `wrong-${i}`, nextIp());
    const ip = nextIp();
    expect((await login(email, DEMO_PASSWORD, ip)).statusCode).toBe(429);
    const b = browserOf(t);
    expect((await b.send('POST', '/en/api/accounts/password_reset/', { email })).statusCode).toBe(
      200,
    );
    const token = await linkToken(t, email, 'reset-password');
    const reset = await b.send('POST', '/en/api/accounts/password_reset/confirm/', {
      token,
      password: 'a-new-linen-password',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await login(email, 'a-new-linen-password', ip)).statusCode).toBe(200);
  });

  it('checks at most perAccount passwords of a burst of 200 parallel guesses across two processes', async () => {
    const email = 'emma.clarke@example.com';
    const second = await secondApp();
    try {
      const token = await tokenOf(browserOf(t));
      const before = passwordChecks();
      // From 40 addresses (a botnet): the account-wide count holds them.
      const answers = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          (i % 2 ? t.app : second).inject({
            method: 'POST',
            url: '/de/api/accounts/login/',
            remoteAddress: `10.77.${i % 40}.${runId}`,
            payload: { email, password: `wrong-${i}` },
            headers: { cookie: `csrftoken=${token}`, 'x-csrftoken': token },
          }),
        ),
      );
      expect(passwordChecks() - before).toBeLessThanOrEqual(limits.perAccount);
      const statuses = answers.map((a) => a.statusCode);
      expect(statuses.filter((s) => s === 400)).toHaveLength(passwordChecks() - before);
      expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(
        200 - limits.perAccount,
      );
    } finally {
      await second.close();
    }
  });

  it('checks at most perAccount passwords of a burst from one address that carries a stolen known-device cookie', async () => {
    const email = 'ivan.petrov@example.com';
    const owner = browserOf(t);
    await owner.send('POST', '/de/api/accounts/login/', { email, password: DEMO_PASSWORD });
    const device = owner.jar
      .header()
      .split('; ')
      .find((c) => c.startsWith('known_device='));
    expect(device).toBeDefined();
    const second = await secondApp();
    try {
      const token = await tokenOf(browserOf(t));
      const ip = nextIp();
      const before = passwordChecks();
      await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          (i % 2 ? t.app : second).inject({
            method: 'POST',
            url: '/de/api/accounts/login/',
            remoteAddress: ip,
            payload: { email, password: `wrong-${i}` },
            headers: { cookie: `csrftoken=${token}; ${device}`, 'x-csrftoken': token },
          }),
        ),
      );
      expect(passwordChecks() - before).toBeLessThanOrEqual(limits.perAccount);
    } finally {
      await second.close();
    }
  });

  it('refuses an address that guesses across accounts', async () => {
    const ip = nextIp();
    const statuses = [];
    for (let i = 0; i < limits.perAddress + 1; i++) {
      statuses.push((await login(`nobody-${randomUUID()}@example.com`, 'wrong', ip)).statusCode);
    }
    expect(statuses.slice(0, limits.perAddress).every((s) => s === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('lets a right password through without counting it', async () => {
    const ip = nextIp();
    for (let i = 0; i < limits.perAddress + 2; i++) {
      expect((await login('shopper@example.com', DEMO_PASSWORD, ip)).statusCode).toBe(200);
    }
  });

  it('limits mail-sending calls per address', async () => {
    const b = browserOf(t);
    const statuses = [];
    for (let i = 0; i < limits.perAddress + 1; i++) {
      const res = await b.send('POST', '/en/api/accounts/password_reset/', {
        email: `someone-${i}@example.com`,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
  });
}

describe('login limits in the database', () => {
  limitContract(useTestApp({ authLimits: limits, secretKey: SECRET }));
});

// With REDIS_URL the counts live in Redis, shared by every process (CI sets it).
describe.runIf(Boolean(process.env.REDIS_URL))('rate limits in Redis', () => {
  const redis = new Redis(process.env.REDIS_URL ?? '', { lazyConnect: true });
  afterAll(() => redis.disconnect());
  // Counters of their own: other test files log in as the same demo users at the same time.
  const nameSpace = `test-${randomUUID()}:`;
  limitContract(
    useTestApp({ authLimits: { ...limits, nameSpace }, redis, secretKey: SECRET }),
    redis,
    nameSpace,
  );
});

// The database's counts under the burst a double-submitted login makes: each right password gives
// its three counts back (one row at a time, in key order) while the wrong ones take them (one
// upsert, in key order) on the same rows, from two processes (two apps, each with a pool of its
// own). Were the orders to differ, PostgreSQL would find deadlocks and answer 503.
describe.skipIf(!process.env.DATABASE_URL)(
  'login limits in PostgreSQL: right and wrong passwords of one account at once',
  () => {
    // High enough that nothing is refused: every try is counted, every right one given back.
    const roomy = { perAccount: 10_000, perAddress: 10_000, windowMs: 600_000 };
    const t = useTestApp({ authLimits: roomy, secretKey: SECRET });

    it('never deadlocks (only 200s and 400s across two processes), and the counts end as the wrong passwords', async () => {
      const email = 'olga.smirnova@example.com';
      const ip = `10.99.${runId}.7`;
      const result: unknown = await t.handle.db.execute(sql`SELECT current_database() AS name`);
      const [row] = (result as { rows: { name: string }[] }).rows;
      const url = new URL(process.env.DATABASE_URL ?? '');
      url.pathname = `/${row!.name}`;
      const handle = await openDatabase({ url: url.toString(), poolSize: 4 });
      const second = await buildApp({
        db: handle.db,
        sessionStore: databaseSessionStore(handle.db),
        mailer: t.app.mailer,
        authLimits: roomy,
        requestRateLimit: { max: 0, windowMs: 60_000 },
        secretKey: SECRET,
      });
      await second.ready();
      try {
        const token = await tokenOf(browserOf(t));
        const tries = 48;
        const right = (i: number) => i % 2 === 0;
        // Pairs of one right and one wrong password, each pair split over the two processes:
        // a give-back and a take of the same three rows meet all the time.
        const answers = await Promise.all(
          Array.from({ length: tries }, (_, i) =>
            (i % 4 < 2 ? t.app : second).inject({
              method: 'POST',
              url: '/en/api/accounts/login/',
              remoteAddress: ip,
              payload: { email, password: right(i) ? DEMO_PASSWORD : `wrong-${i}` },
              headers: { cookie: `csrftoken=${token}`, 'x-csrftoken': token },
            }),
          ),
        );
        answers.forEach((answer, i) =>
          expect(answer.statusCode, answer.body).toBe(right(i) ? 200 : 400),
        );
        const counts = await t.handle.db
          .select({ key: authAttempts.key, count: authAttempts.count })
          .from(authAttempts)
          .where(
            inArray(authAttempts.key, [`account:${email}`, `address:${ip}`, `pair:${email}:${ip}`]),
          );
        const wrong = answers.length / 2;
        expect(Object.fromEntries(counts.map((c) => [c.key, c.count]))).toEqual({
          [`account:${email}`]: wrong,
          [`address:${ip}`]: wrong,
          [`pair:${email}:${ip}`]: wrong,
        });
      } finally {
        await second.close();
        await handle.close();
      }
    }, 120_000);
  },
);
