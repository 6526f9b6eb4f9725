// Issue 21, "no redirect leaves the shop", against `npm start`: the four places that take
// `redirectTo` (login POST, login GET while logged in, consent POST, wishlist POST) answer with a
// path of this shop for the targets that collapsed to `//evil.example` before. The whole table of
// hostile targets: packages/domain/src/redirect.test.ts.
import { beforeAll, describe, expect, inject, it } from 'vitest';

const baseURL = inject('baseURL');

const HOSTILE = [
  '/.//evil.example',
  '/..//evil.example',
  '/%2e//evil.example',
  '/a/..//evil.example',
  '/en/..//evil.example',
  '//evil.example',
  '/\\evil.example',
  '/%5cevil.example',
];

/** The cookies a response sets, as a Cookie header (the later one of a name wins). */
const cookiesOf = (res: Response, before = '') => {
  const jar = new Map(
    before
      .split('; ')
      .filter(Boolean)
      .map((c) => c.split('=') as [string, string]),
  );
  for (const line of res.headers.getSetCookie()) {
    const [pair = ''] = line.split(';');
    const at = pair.indexOf('=');
    jar.set(pair.slice(0, at), pair.slice(at + 1));
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
};

const tokenOf = (cookie: string) => /(?:^|; )csrftoken=([^;]+)/.exec(cookie)?.[1] ?? '';

const post = (path: string, cookie: string, fields: Record<string, string>) =>
  fetch(`${baseURL}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ csrf: tokenOf(cookie), ...fields }),
  });

let anonymous = '';

beforeAll(async () => {
  anonymous = cookiesOf(await fetch(`${baseURL}/en/api/accounts/login/`));
});

/** A staff session through the storefront's own login form. */
async function loggedIn(redirectTo: string) {
  const res = await post('/en/account/login/', anonymous, {
    email: 'staff@example.com',
    password: 'demo1234',
    redirectTo,
  });
  return { res, cookie: cookiesOf(res, anonymous) };
}

describe('redirectTo never leaves the shop', () => {
  it.each(HOSTILE)('login POST with %j goes to the home page', async (target) => {
    const { res } = await loggedIn(target);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/en/');
  });

  it('login POST still goes back to a page of the shop', async () => {
    const { res } = await loggedIn('/en/products/?page=2');
    expect(res.headers.get('location')).toBe('/en/products/?page=2');
  });

  it('login GET while logged in, consent POST and wishlist POST refuse the same targets', async () => {
    const { cookie } = await loggedIn('/en/');
    for (const target of HOSTILE) {
      const get = await fetch(
        `${baseURL}/en/account/login/?redirectTo=${encodeURIComponent(target)}`,
        { redirect: 'manual', headers: { cookie } },
      );
      expect(get.headers.get('location'), `GET ${target}`).toBe('/en/');
      const consent = await post('/en/consent/', anonymous, {
        choice: 'necessary',
        redirectTo: target,
      });
      expect(consent.headers.get('location'), `consent ${target}`).toBe('/en/');
      // Anonymous: the heart sends the shopper to log in and remembers a safe way back.
      const heart = await post('/en/account/wishlist/', anonymous, {
        intent: 'add',
        product: '1',
        redirectTo: target,
      });
      expect(heart.headers.get('location'), `wishlist ${target}`).toBe('/en/account/login/');
      expect(heart.headers.get('set-cookie') ?? '', `wishlist ${target}`).toMatch(
        /login_next=\/en\/;/,
      );
    }
  });
});
