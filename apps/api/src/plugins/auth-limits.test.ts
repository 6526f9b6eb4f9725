import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '#api/seed/seed.ts';
import { useTestApp, type TestContext } from '../../test/helpers.ts';
import { browserOf } from '../../test/shopper.ts';

const limits = { perAccount: 3, perAddress: 5, windowMs: 60_000 };

function limitContract(t: TestContext) {
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

  it('refuses an account after a burst of wrong passwords, even the right one, with Retry-After', async () => {
    const email = 'anna.becker@example.com';
    const ip = `10.1.${Math.floor(Math.random() * 200)}.1`;
    for (let i = 0; i < limits.perAccount; i++) {
      expect((await login(email, `wrong-${i}`, ip)).statusCode).toBe(400);
    }
    const blocked = await login(email, DEMO_PASSWORD, `10.2.${Math.floor(Math.random() * 200)}.1`);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json<{ detail: string }>().detail).toContain('Zu viele Versuche');
  });

  it('refuses an address that guesses across accounts', async () => {
    const ip = `10.3.${Math.floor(Math.random() * 200)}.1`;
    const statuses = [];
    for (let i = 0; i < limits.perAddress + 1; i++) {
      statuses.push((await login(`nobody-${randomUUID()}@example.com`, 'wrong', ip)).statusCode);
    }
    expect(statuses.slice(0, limits.perAddress).every((s) => s === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('lets a right password through without counting it', async () => {
    const ip = `10.4.${Math.floor(Math.random() * 200)}.1`;
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

describe('rate limits in memory', () => {
  limitContract(useTestApp({ authLimits: limits }));
});

// With REDIS_URL the counts live in Redis, shared by every process (CI sets it).
describe.runIf(Boolean(process.env.REDIS_URL))('rate limits in Redis', () => {
  const redis = new Redis(process.env.REDIS_URL ?? '', { lazyConnect: true });
  afterAll(() => redis.disconnect());
  // Counters of their own: other test files log in as the same demo users at the same time.
  limitContract(
    useTestApp({ authLimits: { ...limits, nameSpace: `test-${randomUUID()}:` }, redis }),
  );
});
