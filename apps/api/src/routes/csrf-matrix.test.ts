import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helpers.ts';
import { browserOf, parentProducts } from '../../test/shopper.ts';
import * as s from '#api/db/schema.ts';

/*
 * Every write of the OpenAPI document, as a logged-in shopper whose browser holds a csrftoken
 * cookie: without the X-CSRFToken header, and with a wrong one, it is refused (403) and changes
 * nothing. Writes that do not ride on the session cookie (the payment provider's signed
 * server-to-server confirmation) are named here and checked to refuse an unsigned call instead.
 */

const t = useTestApp({
  authLimits: { perAccount: 1_000_000, perAddress: 1_000_000, windowMs: 60_000 },
});

const WRITES = new Set(['post', 'put', 'patch', 'delete']);
/** Not cookie-authenticated: signed by the payment provider (routes/test-card.ts). */
const SIGNED = new Set(['/payments/test-card/webhook']);

type Doc = { paths: Record<string, Record<string, unknown>> };

/** A concrete URL of a documented path: the locale, and id 1 for every other placeholder. */
const urlOf = (path: string) =>
  path
    .replace('{locale}', 'en')
    .replace(/\{[^}]+\}/g, '1')
    .replace(/:locale/, 'en');

/** The rows every write could touch, to see that a refused one changed none of them. */
async function snapshot() {
  const db = t.handle.db;
  const tables = [
    s.cartItems,
    s.wishlistItems,
    s.userAddresses,
    s.orders,
    s.productReviews,
    s.organizationReviews,
    s.feedbacks,
    s.users,
  ];
  return Promise.all(tables.map((table) => db.select().from(table)));
}

describe('CSRF on every write of the OpenAPI document', () => {
  it('refuses each write without the token and with a wrong one (403), changing nothing', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<Doc>();
    const writes = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods)
        .filter((method) => WRITES.has(method))
        .map((method) => ({ method: method.toUpperCase() as 'POST', path })),
    );
    expect(writes.length).toBeGreaterThan(25);

    const shopper = browserOf(t);
    await shopper.logIn('shopper@example.com');
    const cookie = shopper.jar.header();
    expect(cookie).toContain('csrftoken=');
    const before = await snapshot();
    const seen: string[] = [];
    for (const { method, path } of writes) {
      const url = urlOf(path);
      if (SIGNED.has(path)) {
        const res = await t.app.inject({ method, url, headers: { cookie }, payload: {} });
        expect(res.statusCode, `${method} ${path}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${method} ${path}`).toBeLessThan(500);
        continue;
      }
      for (const token of [undefined, 'not-the-token-of-this-browser-0123456789']) {
        const res = await t.app.inject({
          method,
          url,
          headers: { cookie, ...(token ? { 'x-csrftoken': token } : {}) },
          payload: {},
        });
        expect(res.statusCode, `${method} ${path} token=${token ?? 'none'}: ${res.body}`).toBe(403);
      }
      seen.push(`${method} ${path}`);
    }
    expect(await snapshot()).toEqual(before);
    console.log(`csrf matrix: ${seen.length} writes refused without and with a wrong token`);
  });
});

describe('a CSRF token belongs to its session (issue 21)', () => {
  const INFO = '/en/api/accounts/user_info/';
  /** A write with exactly this cookie header and X-CSRFToken. */
  const patch = (cookie: string, token: string, firstName: string) =>
    t.app.inject({
      method: 'PATCH',
      url: INFO,
      headers: { cookie, 'x-csrftoken': token },
      payload: { firstName },
    });
  const cookieOf = (b: ReturnType<typeof browserOf>, name: string) =>
    `${name}=${b.jar.get(name) ?? ''}`;

  it('refuses a cookie and header pair taken from another session, or from before the login', async () => {
    const victim = browserOf(t);
    // The token this browser had before it logged in (a planted one looks the same).
    await victim.send('GET', '/en/api/accounts/login/');
    const before = victim.jar.get('csrftoken') ?? '';
    await victim.logIn('giulia.rossi@example.com');
    const own = victim.jar.get('csrftoken') ?? '';
    expect(own).toMatch(/^[\w-]{43}$/);
    expect(own).not.toBe(before);
    const attacker = browserOf(t);
    await attacker.logIn('olga.smirnova@example.com');
    const theirs = attacker.jar.get('csrftoken') ?? '';
    const session = cookieOf(victim, 'sessionid');
    const refusals = await Promise.all(
      [theirs, before, 'a'.repeat(43)].map((token) =>
        patch(`${session}; csrftoken=${token}`, token, 'Forged'),
      ),
    );
    expect(refusals.map((r) => r.statusCode)).toEqual([403, 403, 403]);
    const info = await victim.send('GET', INFO);
    expect(info.json<{ firstName: string }>().firstName).not.toBe('Forged');
    // The session's own pair is taken.
    expect((await patch(`${session}; csrftoken=${own}`, own, 'Giulia')).statusCode).toBe(200);
  });

  it('hands a new token at logout, and one to a browser whose session holds another', async () => {
    const b = browserOf(t);
    await b.logIn('marco.bianchi@example.com');
    const during = b.jar.get('csrftoken');
    // A browser of this session with another token gets the session's with any answer.
    const fixed = await t.app.inject({
      method: 'GET',
      url: INFO,
      headers: { cookie: `${cookieOf(b, 'sessionid')}; csrftoken=${'c'.repeat(43)}` },
    });
    expect(fixed.cookies.find((c) => c.name === 'csrftoken')?.value).toBe(during);
    expect((await b.send('POST', '/en/api/accounts/logout/')).statusCode).toBe(204);
    const after = b.jar.get('csrftoken');
    expect(after).toMatch(/^[\w-]{43}$/);
    expect(after).not.toBe(during);
  });
});

describe("another shopper's objects, through every write with an id", () => {
  it("leaves the first shopper's wishlist, addresses, reviews, cart and orders as they were", async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<Doc>();
    const db = t.handle.db;
    const owner = browserOf(t);
    await owner.logIn('anna.becker@example.com');
    const [product] = await parentProducts(t);
    const [place] = await db
      .select({ id: s.regions.countryId, region: s.regions.id })
      .from(s.regions)
      .where(eq(s.regions.key, 'de-be'));
    if (!product || !place) throw new Error('the demo shop has no products or countries');
    // The owner's objects, one of each kind.
    const ids = new Set<number>();
    const created = async (res: { statusCode: number; body: string; json(): unknown }) => {
      expect(res.statusCode, res.body).toBeLessThan(300);
      ids.add((res.json() as { id: number }).id);
    };
    await created(await owner.send('POST', '/en/api/products/wishlist/', { product: product.id }));
    await created(
      await owner.send('POST', '/en/api/accounts/addresses/', {
        firstName: 'Anna',
        lastName: 'Becker',
        phone: '+49 30 1234567',
        country: place.id,
        region: place.region,
        city: 'Berlin',
        address: 'Lindenstraße 5',
        postcode: '10969',
      }),
    );
    await created(
      await owner.send('POST', '/en/api/products/reviews/', {
        product: product.id,
        rating: 5,
        text: 'Mine, and only mine.',
      }),
    );
    await created(
      await owner.send('POST', '/en/api/organizations/reviews/', {
        rating: 4,
        text: 'A good shop, says Anna.',
      }),
    );
    expect((await owner.set(product.id, 2)).statusCode).toBe(200);
    ids.add(product.id);
    const before = await snapshot();

    const intruder = browserOf(t);
    await intruder.logIn('olga.smirnova@example.com');
    const payload = {
      comment: 'taken over',
      isDefault: true,
      address: 'Elsewhere 1',
      quantity: 1,
      ref: 'product',
      rating: 1,
      text: 'Changed by someone else',
      order: 1,
    };
    let tried = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      if (!/\{id\}|\{productId\}/.test(path)) continue;
      for (const method of Object.keys(methods).filter((m) => WRITES.has(m))) {
        for (const id of ids) {
          const url = path
            .replace('{locale}', 'en')
            .replace(/\{(id|productId)\}/, String(id))
            .replace(/\{[^}]+\}/g, '1');
          const res = await intruder.send(method.toUpperCase() as 'POST', url, payload);
          expect(res.statusCode, `${method} ${url}`).toBeLessThan(500);
          tried++;
        }
      }
    }
    expect(tried).toBeGreaterThan(10);
    // Whatever the intruder did to their own session and cart, none of the owner's rows moved.
    const [ownerRow] = await db
      .select({ id: s.users.id })
      .from(s.users)
      .where(eq(s.users.email, 'anna.becker@example.com'));
    const ownerRows = (tables: unknown[][]) =>
      tables.map((rows) =>
        rows.filter((row) => (row as { userId?: unknown }).userId === ownerRow?.id),
      );
    const after = await snapshot();
    expect(ownerRows(after)).toEqual(ownerRows(before));
    // The owner's cart line (carts belong to sessions) still holds 2.
    expect((await owner.cart()).items.find((i) => i.product === product.id)?.quantity).toBe(2);
  });
});
