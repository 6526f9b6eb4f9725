// A login meeting the same browser's cart writes, and a session store failing in the middle of a
// login. The login stores the new session first, then claims the guest orders, merges the
// anonymous cart and ends the anonymous session in one transaction, and only then hands out the
// new cookie (req.logIn, moveSessionCart): nothing the shopper adds is left in a cart nobody
// reaches, no cart is merged twice, and a login that failed changed nothing, so its retry works.
// The session store is the database's, or Redis's where REDIS_URL is set (as `npm start` picks),
// with seams: a destroy the test holds, a store that fails as Redis away does.
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import * as s from '#api/db/schema.ts';
import {
  databaseSessionStore,
  redisSessionStore,
  type SessionStore,
} from '#api/plugins/session-store.ts';
import { DEMO_PASSWORD } from '#api/seed/seed.ts';
import { userId } from '../../test/catalogue.ts';
import { useTestApp } from '../../test/helpers.ts';
import { useRawClients } from '../../test/raw-clients.ts';
import { browserOf, checkoutBody, parentProducts, type Browser } from '../../test/shopper.ts';

const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;
const LOGIN = '/en/api/accounts/login/';
const SESSION_ENDED = {
  detail: 'You have just logged in and your cart moved to your account. Please try again.',
};

/** What ioredis throws while Redis is away: the shop answers it 503 (lib/db-errors.ts). */
const redisAway = () => new Error('Connection is closed.');

/** A gate a store call waits at: `entered` once a call arrived, `open()` lets it through. */
function gate() {
  let enter = () => {};
  let open = () => {};
  const entered = new Promise<void>((resolve) => (enter = resolve));
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { entered, opened, enter: () => enter(), open: () => open() };
}

/** The seams, each used once then cleared. */
const seams: {
  /** The next end of a session (a destroy, or a login's mark) waits here first. */
  destroyGate: ReturnType<typeof gate> | null;
  /** The next store of a logged-in session fails (Redis away when the login stores it). */
  failUserSet: boolean;
  /** The next end of a session ends it, then fails (as a commit failing after Redis's write). */
  failAfterDestroy: boolean;
  /**
   * The next end of a session ends it and answers, and the transaction it ran in fails later
   * (its next statement): the login's merge fails after the session was ended.
   */
  failTransactionAfterEnd: boolean;
} = {
  destroyGate: null,
  failUserSet: false,
  failAfterDestroy: false,
  failTransactionAfterEnd: false,
};

/** Where a session is ended: the held gate, if any. */
async function endingSeams() {
  const held = seams.destroyGate;
  if (held) {
    seams.destroyGate = null;
    held.enter();
    await held.opened;
  }
}
/** After a session is ended: the failure asked for, if any. */
function afterEnding() {
  if (seams.failAfterDestroy) {
    seams.failAfterDestroy = false;
    throw redisAway();
  }
}

function seamed(inner: SessionStore): SessionStore {
  const getWithUser = inner.getWithUser?.bind(inner);
  return {
    get: (id, tx) => inner.get(id, tx),
    ...(getWithUser ? { getWithUser } : {}),
    async set(id, record, tx) {
      if (seams.failUserSet && record.userId !== null) {
        seams.failUserSet = false;
        throw redisAway();
      }
      // A login ends the session it replaces by marking it (or, before, by destroying it).
      const ending = record.data.endedByLogin === true;
      if (ending) await endingSeams();
      await inner.set(id, record, tx);
      if (ending) afterEnding();
      if (ending && seams.failTransactionAfterEnd && tx) {
        seams.failTransactionAfterEnd = false;
        // An error inside the transaction aborts it: its next statement fails, and it rolls back.
        await tx.execute(sql`SELECT 1 / 0`).catch(() => undefined);
      }
    },
    async destroy(id, tx) {
      await endingSeams();
      await inner.destroy(id, tx);
      afterEnding();
    },
    replaceIf: (id, key, value, record) => inner.replaceIf(id, key, value, record),
  };
}

let redis: Redis | undefined;
const t = useTestApp({
  sessionStoreOf: (db) => {
    if (!REDIS_URL) return seamed(databaseSessionStore(db));
    redis = new Redis(REDIS_URL, { lazyConnect: false });
    return seamed(redisSessionStore(redis, `shop:test:login-race:${randomUUID()}:`));
  },
});
afterAll(async () => {
  await redis?.quit();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const login = (b: Browser, email: string) =>
  b.send('POST', LOGIN, { email, password: DEMO_PASSWORD });
const add = (b: Browser, id: number, quantity: number) =>
  b.send('POST', `/en/api/sales/cart_products/${id}/add/`, { quantity, ref: 'product' });

/** `n` distinct active parent products with stock of at least 10, none in `except`. */
async function stocked(n: number, except: number[] = []) {
  const rows = (await parentProducts(t)).filter(
    (p) => p.stock !== null && p.stock >= 10 && !except.includes(p.id),
  );
  // Products without variations only: a parent with variations is not sold itself.
  const parents = new Set(
    (
      await t.handle.db
        .select({ parent: s.products.parentId })
        .from(s.products)
        .where(
          inArray(
            s.products.parentId,
            rows.map((r) => r.id),
          ),
        )
    ).map((r) => r.parent),
  );
  const picked = rows.filter((r) => !parents.has(r.id)).slice(0, n);
  if (picked.length < n) throw new Error(`only ${picked.length} stocked products`);
  return picked;
}

/** The account's cart lines, product → quantity. */
async function accountLines(email: string): Promise<Record<number, number>> {
  const rows = await t.handle.db
    .select({ product: s.cartItems.productId, quantity: s.cartItems.quantity })
    .from(s.cartItems)
    .innerJoin(s.carts, eq(s.carts.id, s.cartItems.cartId))
    .where(eq(s.carts.userId, await userId(t, email)));
  const lines: Record<number, number> = {};
  for (const row of rows) if (row.product !== null) lines[row.product] = row.quantity;
  return lines;
}

/** Empties the account's cart: each test starts from a known one. */
async function emptyCart(email: string) {
  await t.handle.db.delete(s.carts).where(eq(s.carts.userId, await userId(t, email)));
}

/** Anonymous carts holding `product`: a line left where no session reaches it shows here. */
async function anonymousCartsWith(product: number) {
  return t.handle.db
    .select({ id: s.carts.id })
    .from(s.carts)
    .innerJoin(s.cartItems, eq(s.cartItems.cartId, s.carts.id))
    .where(and(isNull(s.carts.userId), eq(s.cartItems.productId, product)));
}

/** An add that answered 200 is in the account's cart; any other answer is the 409 that says so. */
function expectMergedOrRefused(
  answer: { statusCode: number; body: string; json(): unknown },
  lines: Record<number, number>,
  product: number,
  quantity: number,
) {
  if (answer.statusCode === 200) {
    expect(lines[product], `added ${product} (200) but not in the account's cart`).toBe(quantity);
  } else {
    expect(answer.statusCode, answer.body).toBe(409);
    expect(answer.json()).toEqual(SESSION_ENDED);
    expect(lines[product]).toBeUndefined();
  }
}

describe('a login and the same browser adding to its cart at once', () => {
  it('an add landing after the merge, before the anonymous session ends, is merged or refused (409), never left behind', async () => {
    const email = 'emma.clarke@example.com';
    await emptyCart(email);
    const [first, second] = await stocked(2);
    const b = browserOf(t);
    b.ok(await b.set(first!.id, 1));
    // The login stops where it ends the anonymous session; the same browser adds meanwhile.
    const held = gate();
    seams.destroyGate = held;
    const loggingIn = login(b, email);
    await held.entered;
    const adding = add(b, second!.id, 2);
    // The add is done while the login is held (it went ahead of the session's end), or it waits.
    await Promise.race([adding, sleep(300)]);
    held.open();
    const [loggedIn, added] = await Promise.all([loggingIn, adding]);
    expect(loggedIn.statusCode, loggedIn.body).toBe(200);
    const lines = await accountLines(email);
    expect(lines[first!.id]).toBe(1);
    expectMergedOrRefused(added, lines, second!.id, 2);
    expect(await anonymousCartsWith(second!.id)).toEqual([]);
    // The browser, now logged in, sees the account's cart; an add now goes there.
    expect(Object.fromEntries((await b.cart()).items.map((i) => [i.product, i.quantity]))).toEqual(
      lines,
    );
    b.ok(await add(b, second!.id, 1));
    expect((await accountLines(email))[second!.id]).toBe((lines[second!.id] ?? 0) + 1);
  });

  it('many adds around a login of the same browser: each is in the account once, or refused', async () => {
    const email = 'ivan.petrov@example.com';
    await emptyCart(email);
    const products = await stocked(9);
    const [kept, ...others] = products;
    const b = browserOf(t);
    b.ok(await b.set(kept!.id, 1));
    const answers = await Promise.all([
      login(b, email),
      ...others.map((p, i) => sleep(i * 3).then(() => add(b, p.id, 1))),
    ]);
    const [loggedIn, ...adds] = answers;
    expect(loggedIn?.statusCode, loggedIn?.body).toBe(200);
    const lines = await accountLines(email);
    expect(lines[kept!.id]).toBe(1);
    others.forEach((p, i) => expectMergedOrRefused(adds[i]!, lines, p.id, 1));
    for (const p of others) expect(await anonymousCartsWith(p.id)).toEqual([]);
  });
});

describe('a login failing half-way changes nothing, and its retry works', () => {
  it('the new session cannot be stored (Redis away, 503): the cart stays the browser’s, guest orders stay guest orders; the retry merges and claims once', async () => {
    const email = 'marco.bianchi@example.com';
    await emptyCart(email);
    const [item, ordered] = await stocked(2);
    // A guest order placed with the account's (confirmed) address.
    const guest = browserOf(t);
    guest.ok(await guest.set(ordered!.id, 1));
    const placed = await guest.send(
      'POST',
      '/en/api/sales/orders/',
      await checkoutBody(t.handle.db, { email: email.toUpperCase() }),
      { 'idempotency-key': randomUUID() },
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json<{ id: number }>().id;
    const owner = async () =>
      (
        await t.handle.db
          .select({ userId: s.orders.userId })
          .from(s.orders)
          .where(eq(s.orders.id, orderId))
      )[0]?.userId;

    const b = browserOf(t);
    b.ok(await b.set(item!.id, 2));
    seams.failUserSet = true;
    const failed = await login(b, email);
    expect(failed.statusCode, failed.body).toBe(503);
    // Nothing changed: the browser's cart is its own still, the order a guest's, the account's
    // cart untouched.
    expect((await b.cart()).items.map((i) => [i.product, i.quantity])).toEqual([[item!.id, 2]]);
    expect(await owner()).toBeNull();
    expect(await accountLines(email)).toEqual({});

    const retried = await login(b, email);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(await accountLines(email)).toEqual({ [item!.id]: 2 });
    expect(await owner()).toBe(await userId(t, email));
    expect((await b.cart()).items.map((i) => [i.product, i.quantity])).toEqual([[item!.id, 2]]);
  });

  it('the anonymous session ended and then the merge failed: the session is back with its cart; the retry merges once', async () => {
    const email = 'lukas.huber@example.com';
    await emptyCart(email);
    const [item] = await stocked(1);
    const b = browserOf(t);
    b.ok(await b.set(item!.id, 3));
    seams.failAfterDestroy = true;
    const failed = await login(b, email);
    expect(failed.statusCode, failed.body).toBe(503);
    expect((await b.cart()).items.map((i) => [i.product, i.quantity])).toEqual([[item!.id, 3]]);
    expect(await accountLines(email)).toEqual({});
    const retried = await login(b, email);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(await accountLines(email)).toEqual({ [item!.id]: 3 });
  });
});

describe('the same browser logging in twice at once', () => {
  it('one login succeeds and the other fails after its mark: the old cookie stays ended (its adds answer 409)', async () => {
    const email = 'giulia.rossi@example.com';
    await emptyCart(email);
    const [item, late] = await stocked(2);
    const b = browserOf(t);
    b.ok(await b.set(item!.id, 1));
    const oldCookie = b.jar.header();
    const csrf = b.jar.get('csrftoken') ?? '';
    // The first login is held where it ends the anonymous session; the second is sent meanwhile
    // with the same cookie (a double submit), so both read the session before either marked it.
    const held = gate();
    seams.destroyGate = held;
    const first = login(b, email);
    await held.entered;
    const second = t.app.inject({
      method: 'POST',
      url: LOGIN,
      payload: { email, password: DEMO_PASSWORD },
      headers: { cookie: oldCookie, 'x-csrftoken': csrf },
    });
    await Promise.race([second, sleep(300)]);
    // The second is held where it ends the session in turn, until the first has answered.
    const heldSecond = gate();
    seams.destroyGate = heldSecond;
    held.open();
    const firstAnswer = await first;
    expect(firstAnswer.statusCode, firstAnswer.body).toBe(200);
    await heldSecond.entered;
    // The second ends the session too, and then its merge fails: it must not bring the session
    // back.
    seams.failTransactionAfterEnd = true;
    heldSecond.open();
    const secondAnswer = await second;
    expect(secondAnswer.statusCode, secondAnswer.body).not.toBe(200);
    expect(await accountLines(email)).toEqual({ [item!.id]: 1 });
    // The old cookie is an ended session: an add sent with it is refused, not kept in a cart
    // that nobody reaches.
    const stale = await t.app.inject({
      method: 'POST',
      url: `/en/api/sales/cart_products/${late!.id}/add/`,
      payload: { quantity: 1, ref: 'product' },
      headers: { cookie: oldCookie, 'x-csrftoken': csrf },
    });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(await anonymousCartsWith(late!.id)).toEqual([]);
  });
});

describe.skipIf(!DATABASE_URL)('a login held inside its merge on PostgreSQL', () => {
  /** `raw` holds the account's cart in its transaction; `waitingOnLocks` sees who waits. */
  const clients = useRawClients(t);
  const { waitingOnLocks } = clients;

  it('an add of the same browser while the merge waits for the account’s cart: merged or refused, never a 500', async () => {
    const email = 'giulia.rossi@example.com';
    await emptyCart(email);
    const [own, first, second] = await stocked(3);
    // The account has a cart of its own: the merge waits for it, holding the session's cart.
    const phone = browserOf(t);
    expect((await login(phone, email)).statusCode).toBe(200);
    phone.ok(await add(phone, own!.id, 1));
    const b = browserOf(t);
    b.ok(await b.set(first!.id, 1));
    await clients.raw.query('BEGIN');
    try {
      await clients.raw.query('SELECT id FROM carts WHERE user_id = $1 FOR UPDATE', [
        await userId(t, email),
      ]);
      const loggingIn = login(b, email);
      await waitingOnLocks(1);
      const adding = add(b, second!.id, 2);
      // The add waits for the merge (the session's cart is held), or is done at once.
      await waitingOnLocks(2, adding);
      await clients.raw.query('COMMIT');
      const [loggedIn, added] = await Promise.all([loggingIn, adding]);
      expect(loggedIn.statusCode, loggedIn.body).toBe(200);
      const lines = await accountLines(email);
      expect(lines).toMatchObject({ [own!.id]: 1, [first!.id]: 1 });
      expectMergedOrRefused(added, lines, second!.id, 2);
      expect(await anonymousCartsWith(second!.id)).toEqual([]);
    } finally {
      await clients.raw.query('ROLLBACK').catch(() => {});
    }
  });
});
