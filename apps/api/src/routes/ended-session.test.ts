// The session a login ends (decisions 0079, 0087): its cookie sees nothing the session owned any
// more (the cookie may be one an attacker fixed), and a browser that never got the login's answer
// is not stuck with 409s: after a grace, with the login's new session never presented, it gets a
// fresh session. A browser that did get the answer keeps its login, and its stragglers keep the
// 409. The store is the database's, or Redis's where REDIS_URL is set (as `npm start` picks).
import { createHash, randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { and, eq, ne, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import * as s from '#api/db/schema.ts';
import { LOST_ANSWER_GRACE_MS } from '#api/plugins/sessions.ts';
import { databaseSessionStore, redisSessionStore } from '#api/plugins/session-store.ts';
import { DEMO_PASSWORD } from '#api/seed/seed.ts';
import { userId } from '../../test/catalogue.ts';
import { useTestApp } from '../../test/helpers.ts';
import { browserOf, checkoutBody, parentProducts, type Browser } from '../../test/shopper.ts';

const REDIS_URL = process.env.REDIS_URL;
const LOGIN = '/en/api/accounts/login/';
const USER_INFO = '/en/api/accounts/user_info/';
const SESSION_ENDED = {
  detail: 'You have just logged in and your cart moved to your account. Please try again.',
};

let redis: Redis | undefined;
/** The app's clock runs this far ahead of the real one: a test moves it past the grace. */
let ahead = 0;
const t = useTestApp({
  now: () => new Date(Date.now() + ahead),
  sessionStoreOf: (db) => {
    if (!REDIS_URL) return databaseSessionStore(db);
    redis = new Redis(REDIS_URL);
    return redisSessionStore(redis, `shop:test:ended-session:${randomUUID()}:`);
  },
});
afterAll(async () => {
  await redis?.quit();
});

const afterTheGrace = () => {
  ahead += LOST_ANSWER_GRACE_MS + 1_000;
};
const add = (b: Browser, id: number, quantity = 1) =>
  b.send('POST', `/en/api/sales/cart_products/${id}/add/`, { quantity, ref: 'product' });
const sessionCookieOf = (res: LightMyRequestResponse) =>
  res.cookies.find((c) => c.name === 'sessionid' && c.value !== '')?.value;
/** The session's id in the store: the cookie's hash (sessions.ts). */
const idOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** Sends a request with exactly these cookies (an old cookie the browser no longer has). */
function withCookies(cookie: string, csrf: string) {
  return (
    method: 'GET' | 'POST',
    url: string,
    payload?: Record<string, unknown>,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: { cookie, ...(method === 'GET' ? {} : { 'x-csrftoken': csrf }), ...headers },
    });
}

/** A login whose answer never reaches the browser: sent with its cookies, its Set-Cookie dropped. */
async function lostLogin(b: Browser, email: string) {
  const res = await withCookies(b.jar.header(), b.jar.get('csrftoken') ?? '')('POST', LOGIN, {
    email,
    password: DEMO_PASSWORD,
  });
  expect(res.statusCode, res.body).toBe(200);
  const undelivered = sessionCookieOf(res);
  expect(undelivered).toBeDefined();
  return `sessionid=${undelivered}`;
}

/** `n` stocked products without variations (a parent with variations is not sold itself). */
async function stocked(n: number) {
  const rows = (await parentProducts(t)).filter((p) => p.stock !== null && p.stock >= 10);
  const parents = new Set(
    (await t.handle.db.select({ parent: s.products.parentId }).from(s.products)).map(
      (r) => r.parent,
    ),
  );
  const picked = rows.filter((r) => !parents.has(r.id)).slice(0, n);
  if (picked.length < n) throw new Error(`only ${picked.length} stocked products`);
  return picked.map((p) => p.id);
}

async function accountLines(email: string): Promise<Record<number, number>> {
  const rows = await t.handle.db
    .select({ product: s.cartItems.productId, quantity: s.cartItems.quantity })
    .from(s.cartItems)
    .innerJoin(s.carts, eq(s.carts.id, s.cartItems.cartId))
    .where(eq(s.carts.userId, await userId(t, email)));
  return Object.fromEntries(rows.map((r) => [r.product, r.quantity])) as Record<number, number>;
}
async function emptyCart(email: string) {
  await t.handle.db.delete(s.carts).where(eq(s.carts.userId, await userId(t, email)));
}
const lines = async (b: Browser): Promise<Record<number, number>> =>
  Object.fromEntries((await b.cart()).items.map((i) => [i.product, i.quantity])) as Record<
    number,
    number
  >;

/**
 * A cart left with the session `token` ended (a merge that never committed: a process killed
 * mid-login): another browser's cart, handed to that session.
 */
async function leftoverCart(token: string, product: number) {
  const other = browserOf(t);
  other.ok(await other.set(product, 4));
  const otherToken = other.jar.get('sessionid') ?? '';
  await t.handle.db
    .update(s.carts)
    .set({ sessionId: idOf(token) })
    .where(eq(s.carts.sessionId, idOf(otherToken)));
}

describe('a login whose answer never reached the browser', () => {
  it('within the grace a write answers 409; after it the browser gets a fresh session, adds to its cart, and logs in again with no 409', async () => {
    const email = 'emma.clarke@example.com';
    await emptyCart(email);
    const [first, second, third, left] = await stocked(4);
    const b = browserOf(t);
    b.ok(await b.set(first!, 1));
    const oldToken = b.jar.get('sessionid') ?? '';
    const undelivered = await lostLogin(b, email);
    // What a merge that never committed would have left with the ended session.
    await leftoverCart(oldToken, left!);

    // Maybe a request of the same browser sent before the answer came: refused, no new cookie.
    const early = await add(b, second!);
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json()).toEqual(SESSION_ENDED);
    expect(sessionCookieOf(early)).toBeUndefined();

    afterTheGrace();
    const added = await add(b, second!);
    expect(added.statusCode, added.body).toBe(200);
    const fresh = sessionCookieOf(added);
    expect(fresh).toBeDefined();
    expect(fresh).not.toBe(oldToken);
    // The first line went to the account with the login; the cart the merge left follows.
    expect(await lines(b)).toEqual({ [second!]: 1, [left!]: 4 });
    // The session nobody received is ended.
    const stray = await withCookies(undelivered, '')('GET', USER_INFO);
    expect(stray.statusCode, stray.body).not.toBe(200);

    // The shopper logs in again: the cart merges, and the writes go to the account.
    await b.logIn(email);
    expect(await accountLines(email)).toEqual({ [first!]: 1, [second!]: 1, [left!]: 4 });
    b.ok(await add(b, third!));
    expect((await accountLines(email))[third!]).toBe(1);
  });

  it('after the grace, a move of the left cart that fails leaves the browser its old cookie; sent again, it recovers', async () => {
    const email = 'olga.smirnova@example.com';
    await emptyCart(email);
    const [first, second, left] = await stocked(3);
    const b = browserOf(t);
    b.ok(await b.set(first!, 1));
    const oldToken = b.jar.get('sessionid') ?? '';
    await lostLogin(b, email);
    await leftoverCart(oldToken, left!);
    afterTheGrace();
    // The move of the cart the ended session still owns fails (as a busy pool would fail it).
    await t.handle.db.execute(
      sql.raw(`create function refuse_adopt() returns trigger language plpgsql as $$
        begin
          if old.session_id = '${idOf(oldToken)}' then raise exception 'refused for the test'; end if;
          return new;
        end $$`),
    );
    await t.handle.db.execute(
      sql.raw(
        'create trigger refuse_adopt before update on carts for each row execute function refuse_adopt()',
      ),
    );
    let failed: LightMyRequestResponse;
    try {
      failed = await add(b, second!);
    } finally {
      await t.handle.db.execute(sql.raw('drop trigger refuse_adopt on carts'));
      await t.handle.db.execute(sql.raw('drop function refuse_adopt()'));
    }
    expect(failed.statusCode, failed.body).toBe(500);
    // No new cookie: the browser keeps the one whose cart was not moved.
    expect(sessionCookieOf(failed)).toBeUndefined();
    expect(b.jar.get('sessionid')).toBe(oldToken);

    const added = await add(b, second!);
    expect(added.statusCode, added.body).toBe(200);
    expect(sessionCookieOf(added)).toBeDefined();
    expect(await lines(b)).toEqual({ [second!]: 1, [left!]: 4 });
  });

  it('after the grace the browser logs in again with the old cookie: the undelivered session is ended, the cart the merge left follows', async () => {
    const email = 'lukas.huber@example.com';
    await emptyCart(email);
    const [first, left] = await stocked(2);
    const b = browserOf(t);
    b.ok(await b.set(first!, 2));
    const oldToken = b.jar.get('sessionid') ?? '';
    const undelivered = await lostLogin(b, email);
    await leftoverCart(oldToken, left!);
    afterTheGrace();
    await b.logIn(email);
    expect((await b.send('GET', USER_INFO)).statusCode).toBe(200);
    expect(await accountLines(email)).toEqual({ [first!]: 2, [left!]: 4 });
    const stray = await withCookies(undelivered, '')('GET', USER_INFO);
    expect(stray.statusCode, stray.body).not.toBe(200);
  });

  it('told apart from a login whose answer arrived: that browser’s straggler keeps the 409 and no cookie, and the browser stays logged in', async () => {
    const [product, late] = await stocked(2);
    // Two browsers log in at once; one gets its answer and uses its new session, the other not.
    const got = browserOf(t);
    const lost = browserOf(t);
    for (const b of [got, lost]) b.ok(await b.set(product!, 1));
    const gotOld = withCookies(got.jar.header(), got.jar.get('csrftoken') ?? '');
    await emptyCart('marco.bianchi@example.com');
    await got.logIn('marco.bianchi@example.com');
    expect((await got.send('GET', USER_INFO)).statusCode).toBe(200);
    await lostLogin(lost, 'ivan.petrov@example.com');

    afterTheGrace();
    const straggler = await gotOld('POST', `/en/api/sales/cart_products/${late!}/add/`, {
      quantity: 1,
      ref: 'product',
    });
    expect(straggler.statusCode, straggler.body).toBe(409);
    expect(straggler.json()).toEqual(SESSION_ENDED);
    expect(sessionCookieOf(straggler)).toBeUndefined();
    expect((await got.send('GET', USER_INFO)).statusCode).toBe(200);
    expect((await accountLines('marco.bianchi@example.com'))[late!]).toBeUndefined();

    const recovered = await add(lost, late!);
    expect(recovered.statusCode, recovered.body).toBe(200);
    expect(sessionCookieOf(recovered)).toBeDefined();
  });
});

describe('a session a login ended', () => {
  it('sees nothing it owned: no guest order (claimed or not), no payment change, no cart, no badge', async () => {
    const email = 'giulia.rossi@example.com';
    await emptyCart(email);
    const [item, left] = await stocked(2);
    const b = browserOf(t);
    /** A guest order of this browser's session. */
    const order = async (orderEmail: string) => {
      b.ok(await b.set(item!, 1));
      const placed = await b.send(
        'POST',
        '/en/api/sales/orders/',
        await checkoutBody(t.handle.db, { email: orderEmail }),
        { 'idempotency-key': randomUUID() },
      );
      expect(placed.statusCode, placed.body).toBe(201);
      return placed.json<{ id: number }>().id;
    };
    // One the login claims into the account (its address), one it leaves a guest's.
    const claimed = await order(email);
    const guest = await order('someone.else@example.com');
    b.ok(await b.set(item!, 1));
    const oldToken = b.jar.get('sessionid') ?? '';
    const old = withCookies(b.jar.header(), b.jar.get('csrftoken') ?? '');
    for (const id of [claimed, guest]) {
      expect((await old('GET', `/en/api/sales/orders/${id}/`)).statusCode).toBe(200);
    }

    await b.logIn(email);
    await leftoverCart(oldToken, left!);
    expect((await b.send('GET', `/en/api/sales/orders/${claimed}/`)).statusCode).toBe(200);
    const [other] = await t.handle.db
      .select({ id: s.payments.id })
      .from(s.payments)
      .where(and(ne(s.payments.kind, 'cod'), eq(s.payments.active, true)))
      .limit(1);
    for (const id of [claimed, guest]) {
      const page = await old('GET', `/en/api/sales/orders/${id}/`);
      expect(page.statusCode, page.body).toBe(404);
      const changed = await old('POST', `/en/api/sales/orders/${id}/payment/`, {
        payment: other!.id,
      });
      expect(changed.statusCode, changed.body).toBe(404);
    }
    const cart = await old('GET', '/en/api/sales/cart_products/');
    expect(cart.statusCode, cart.body).toBe(200);
    expect(cart.json<{ items: unknown[] }>().items).toEqual([]);
    const badges = await old('GET', '/en/api/sales/badges/');
    expect(badges.json<{ cartQuantity: number }>().cartQuantity).toBe(0);
    expect((await old('GET', USER_INFO)).statusCode).not.toBe(200);
    // An order with the old cookie: refused as a cart write, no session handed out.
    const ordered = await old(
      'POST',
      '/en/api/sales/orders/',
      await checkoutBody(t.handle.db, { email: 'someone.else@example.com' }),
      { 'idempotency-key': randomUUID() },
    );
    expect(ordered.statusCode, ordered.body).toBe(409);
    expect(sessionCookieOf(ordered)).toBeUndefined();
  });
});
