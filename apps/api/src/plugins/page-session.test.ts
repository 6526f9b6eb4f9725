// Issue 25 (decision 0055): a page's in-process API calls take the session its request read,
// instead of reading it once per call; another cookie, a write or a form post reads as before.
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { badgesSchema, userInfoSchema } from '@shop/contract';
import * as s from '#api/db/schema.ts';
import { useTestApp } from '../../test/helpers.ts';
import { browserOf, parentProducts, type Browser } from '../../test/shopper.ts';
import { recordStatements } from '../../test/statements.ts';
import { databaseSessionStore } from './session-store.ts';
import type { PageRequest, SessionUser } from './sessions.ts';

const t = useTestApp();

let shopper: Browser;
beforeAll(async () => {
  shopper = browserOf(t);
  await shopper.logIn('shopper@example.com');
});

/** The page request of `b`'s browser as the sessions plugin made it: its session and user. */
async function pageOf(b: Browser, method = 'GET') {
  const token = b.jar.get('sessionid') ?? '';
  const id = createHash('sha256').update(token).digest('hex');
  const record = await databaseSessionStore(t.handle.db).get(id);
  let user: Promise<SessionUser | null> | undefined;
  const userId = record?.userId;
  const page: PageRequest = {
    method,
    cookies: { sessionid: token },
    session: record ? { ...record, id } : null,
    // Read once, as the page request's own getUser() is.
    getUser: () =>
      (user ??=
        userId == null
          ? Promise.resolve(null)
          : t.handle.db
              .select()
              .from(s.users)
              .where(eq(s.users.id, userId))
              .then(([row]) => row ?? null)),
  };
  return page;
}

const get = (b: Browser, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { cookie: b.jar.header() } });

/** What a page's loaders ask: the user, the badges, the cart. */
const pageCalls = (b: Browser) =>
  Promise.all([
    get(b, '/en/api/accounts/user_info/'),
    get(b, '/en/api/sales/badges/'),
    get(b, '/en/api/sales/cart_products/'),
  ]);

describe("a page's API calls and its session", () => {
  it('read the session once per call without the hand-over', async () => {
    const log = recordStatements(t.handle.db);
    try {
      const answers = await pageCalls(shopper);
      for (const res of answers) expect(res.statusCode, res.body).toBe(200);
      expect(log.reading('sessions')).toHaveLength(3);
      expect(log.reading('users').length).toBeGreaterThanOrEqual(3);
    } finally {
      log.stop();
    }
  });

  it('read the session and its user in one statement: nothing else reads the user', async () => {
    const log = recordStatements(t.handle.db);
    try {
      const res = await get(shopper, '/en/api/accounts/user_info/');
      expect(res.statusCode, res.body).toBe(200);
      expect(userInfoSchema.parse(res.json()).email).toBe('shopper@example.com');
      expect(log.reading('sessions')).toHaveLength(1);
      expect(log.reading('users')).toEqual(log.reading('sessions'));
    } finally {
      log.stop();
    }
  });

  it("take the page's session and user when handed over: no session or user read of their own", async () => {
    const page = await pageOf(shopper);
    await page.getUser();
    const log = recordStatements(t.handle.db);
    try {
      const [info, badges, cart] = await t.app.withPageSession(page, () => pageCalls(shopper));
      expect(info.statusCode, info.body).toBe(200);
      expect(userInfoSchema.parse(info.json()).email).toBe('shopper@example.com');
      expect(badges.statusCode, badges.body).toBe(200);
      expect(cart.statusCode, cart.body).toBe(200);
      expect(log.reading('sessions')).toEqual([]);
      expect(log.reading('users')).toEqual([]);
    } finally {
      log.stop();
    }
  });

  it('never hands the session to a call with another cookie: it reads its own', async () => {
    const visitor = browserOf(t);
    const [product] = await parentProducts(t);
    expect((await visitor.set(product!.id, 2)).statusCode).toBe(200);
    const page = await pageOf(shopper);
    const log = recordStatements(t.handle.db);
    try {
      const [info, badges] = await t.app.withPageSession(page, () =>
        Promise.all([
          get(visitor, '/en/api/accounts/user_info/'),
          get(visitor, '/en/api/sales/badges/'),
        ]),
      );
      // The visitor is not the shopper, and sees their own cart.
      expect(info.statusCode).toBe(401);
      expect(badgesSchema.parse(badges.json()).cartQuantity).toBe(2);
      expect(log.reading('sessions')).toHaveLength(2);
    } finally {
      log.stop();
    }
  });

  it('reads the session again after a write, and on a form post', async () => {
    const page = await pageOf(shopper);
    const [product] = await parentProducts(t);
    const log = recordStatements(t.handle.db);
    try {
      await t.app.withPageSession(page, async () => {
        expect((await get(shopper, '/en/api/sales/badges/')).statusCode).toBe(200);
        expect(log.reading('sessions')).toEqual([]);
        // A write in the page's render (its session may change): it and what follows read it.
        expect((await shopper.set(product!.id, 1)).statusCode).toBe(200);
        log.clear();
        expect((await get(shopper, '/en/api/sales/badges/')).statusCode).toBe(200);
        expect(log.reading('sessions')).toHaveLength(1);
      });
      const post = await pageOf(shopper, 'POST');
      log.clear();
      await t.app.withPageSession(post, () => pageCalls(shopper));
      expect(log.reading('sessions')).toHaveLength(3);
    } finally {
      log.stop();
    }
  });
});
