import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_COOKIE, CSRF_HEADER, csrfPlugin } from './csrf.ts';

const TOKEN = 'a'.repeat(43);
const app = Fastify();
/** How many writes reached their handler: a refused one must not. */
let handled = 0;

beforeAll(async () => {
  await app.register(cookie);
  await app.register(csrfPlugin, { secureCookies: false, secretKey: 'k'.repeat(32) });
  app.get('/:locale/api/token/', async (req, reply) => ({ token: req.csrfToken(reply) }));
  for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const)
    app.route({
      method,
      url: '/:locale/api/thing/',
      handler: async () => {
        handled++;
        return { done: true };
      },
    });
  app.post('/:locale/form/', async () => ({ done: true }));
  await app.ready();
});
afterAll(() => app.close());

const write = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', headers: Record<string, string>) =>
  app.inject({ method, url: '/en/api/thing/', headers });

describe('the API CSRF check (double submit)', () => {
  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)(
    'lets a %s through when the header repeats the cookie',
    async (method) => {
      const res = await write(method, { cookie: `${CSRF_COOKIE}=${TOKEN}`, [CSRF_HEADER]: TOKEN });
      expect(res.statusCode).toBe(200);
    },
  );

  it.each([
    ['no cookie and no header', {}],
    ['the cookie without the header', { cookie: `${CSRF_COOKIE}=${TOKEN}` }],
    ['the header without the cookie', { [CSRF_HEADER]: TOKEN }],
    [
      'another token in the header',
      { cookie: `${CSRF_COOKIE}=${TOKEN}`, [CSRF_HEADER]: 'b'.repeat(43) },
    ],
    ['a shorter token in the header', { cookie: `${CSRF_COOKIE}=${TOKEN}`, [CSRF_HEADER]: 'a' }],
  ])('refuses a write with %s: 403, and the handler never runs', async (_case, headers) => {
    const before = handled;
    const res = await write('POST', headers);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      detail:
        'CSRF check failed: the security token is missing or incorrect. Reload the page and try again.',
    });
    expect(handled).toBe(before);
  });

  it.each([
    ['de', 'CSRF-Prüfung fehlgeschlagen'],
    ['ru', 'Проверка CSRF не пройдена'],
    ['it', 'Controllo CSRF non riuscito'],
  ])('refuses in the language of the path (%s)', async (locale, start) => {
    const res = await app.inject({ method: 'POST', url: `/${locale}/api/thing/` });
    expect(res.statusCode).toBe(403);
    expect(res.json<{ detail: string }>().detail.startsWith(start)).toBe(true);
  });

  it.each(['PUT', 'PATCH', 'DELETE'] as const)(
    'refuses a %s without the header',
    async (method) => {
      const res = await write(method, { cookie: `${CSRF_COOKIE}=${TOKEN}` });
      expect(res.statusCode).toBe(403);
    },
  );

  it.each(['GET', 'HEAD'] as const)('never checks a %s', async (method) => {
    const res = await app.inject({ method, url: '/en/api/token/' });
    expect(res.statusCode).toBe(200);
  });

  it('never checks an OPTIONS (a preflight carries no cookie to compare)', async () => {
    const res = await app.inject({ method: 'OPTIONS', url: '/en/api/thing/' });
    expect(res.statusCode).toBe(200);
  });

  it('leaves the storefront’s own form posts (outside /api/) to the storefront', async () => {
    const res = await app.inject({ method: 'POST', url: '/en/form/' });
    expect(res.statusCode).toBe(200);
  });
});

describe('csrfToken()', () => {
  it('issues a readable, Lax, year-long cookie when there is none', async () => {
    const res = await app.inject({ method: 'GET', url: '/en/api/token/' });
    const { token } = res.json<{ token: string }>();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const set = res.cookies.find((c) => c.name === CSRF_COOKIE);
    expect(set).toMatchObject({ value: token, path: '/', sameSite: 'Lax', maxAge: 365 * 86_400 });
    expect(set?.httpOnly).toBeFalsy();
  });

  it('keeps a well-formed token and replaces a malformed one', async () => {
    const kept = await app.inject({
      method: 'GET',
      url: '/en/api/token/',
      headers: { cookie: `${CSRF_COOKIE}=${TOKEN}` },
    });
    expect(kept.json()).toEqual({ token: TOKEN });
    expect(kept.cookies).toHaveLength(0);
    const replaced = await app.inject({
      method: 'GET',
      url: '/en/api/token/',
      headers: { cookie: `${CSRF_COOKIE}=short` },
    });
    expect(replaced.json<{ token: string }>().token).not.toBe('short');
    expect(replaced.cookies.map((c) => c.name)).toEqual([CSRF_COOKIE]);
  });
});
