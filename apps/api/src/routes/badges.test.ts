// Issue 25: the header's counts (`GET /api/sales/badges/`) without pricing the cart or the
// wishlist; they agree with the priced cart and the wishlist list.
import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { badgesSchema, paginated, wishlistItemSchema } from '@shop/contract';
import * as s from '#api/db/schema.ts';
import { useTestApp } from '../../test/helpers.ts';
import { browserOf, parentProducts, type Browser } from '../../test/shopper.ts';
import { recordStatements } from '../../test/statements.ts';

const t = useTestApp();
const BADGES = '/en/api/sales/badges/';

async function badges(b: Browser) {
  const res = await b.send('GET', BADGES);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toContain('no-store');
  return badgesSchema.parse(res.json());
}

async function stocked(n: number) {
  const ids = (await parentProducts(t))
    .filter((p) => p.stock === null || p.stock >= 5)
    .slice(0, n)
    .map((p) => p.id);
  expect(ids).toHaveLength(n);
  return ids;
}

beforeEach(async () => {
  await t.handle.db.delete(s.wishlistItems);
  await t.handle.db.delete(s.cartItems);
});

describe('the badges', () => {
  it('are zero for a visitor without a session, and read no session', async () => {
    expect(await badges(browserOf(t))).toEqual({ cartQuantity: 0, wishlistCount: 0, saved: [] });
  });

  it("count an anonymous session's cart units as the priced cart's totals do", async () => {
    const b = browserOf(t);
    const [a, c] = await stocked(2);
    expect((await b.set(a!, 2)).statusCode).toBe(200);
    expect((await b.set(c!, 1)).statusCode).toBe(200);
    const cart = await b.cart();
    expect(cart.totals.quantity).toBe(3);
    expect(await badges(b)).toEqual({ cartQuantity: 3, wishlistCount: 0, saved: [] });
    // No user, so no wishlist read: the cart's units alone, in one statement.
    const log = recordStatements(t.handle.db);
    try {
      await badges(b);
      expect(log.reading('cart_items')).toHaveLength(1);
      expect(log.reading('wishlist_items')).toEqual([]);
    } finally {
      log.stop();
    }
  });

  it("count a shopper's cart and wishlist, name the saved products, and leave hidden products out", async () => {
    const b = browserOf(t);
    await b.logIn('shopper@example.com');
    const [p1, p2, p3] = await stocked(3);
    for (const id of [p1!, p2!, p3!]) expect((await b.set(id, 1)).statusCode).toBe(200);
    for (const id of [p1!, p2!])
      expect((await b.send('POST', '/en/api/products/wishlist/', { product: id })).statusCode).toBe(
        201,
      );
    const list = paginated(wishlistItemSchema).parse(
      (await b.send('GET', '/en/api/products/wishlist/')).json(),
    );
    const got = await badges(b);
    expect(got.cartQuantity).toBe((await b.cart()).totals.quantity);
    expect(got.cartQuantity).toBe(3);
    expect(got.wishlistCount).toBe(list.count);
    expect(got.saved).toEqual(
      list.results.map((item) => ({ id: item.id, product: item.product.id })),
    );

    // A product the shop no longer shows leaves both counts, as it leaves the priced cart.
    await t.handle.db.update(s.products).set({ active: false }).where(eq(s.products.id, p1!));
    try {
      const after = await badges(b);
      expect(after.cartQuantity).toBe((await b.cart()).totals.quantity);
      expect(after.cartQuantity).toBe(2);
      expect(after.wishlistCount).toBe(1);
      expect(after.saved.map((x) => x.product)).toEqual([p2]);
    } finally {
      await t.handle.db.update(s.products).set({ active: true }).where(eq(s.products.id, p1!));
    }
  });

  it('read the cart and the wishlist without pricing: no product, price or discount query', async () => {
    const b = browserOf(t);
    await b.logIn('shopper@example.com');
    const ids = await stocked(3);
    for (const id of ids) expect((await b.set(id, 1)).statusCode).toBe(200);
    await b.send('POST', '/en/api/products/wishlist/', { product: ids[0] });
    const log = recordStatements(t.handle.db);
    try {
      await badges(b);
      // The shop info, which the shop guard reads (cached outside tests), is not the badges'.
      const shopInfo = (sql: string) => /"organizations"|"images"\."organization_id"/.test(sql);
      const badgeStatements = log.clear().filter((sql) => !shopInfo(sql));
      await b.cart();
      const cartStatements = log.clear().filter((sql) => !shopInfo(sql));
      // The session with its user in one statement, the badges in one more: the cart's units,
      // the wishlist's count and its newest items read together.
      const reading = (table: string) =>
        badgeStatements.filter((sql) => new RegExp(`(from|join) "${table}"`, 'i').test(sql));
      expect(reading('cart_items')).toHaveLength(1);
      expect(reading('wishlist_items')).toEqual(reading('cart_items'));
      expect(badgeStatements.length).toBeLessThanOrEqual(2);
      expect(
        badgeStatements.filter((sql) => /"discounts"|"images"|"product_reviews"/.test(sql)),
      ).toEqual([]);
      // What the layout used to read for the same badge: the whole priced cart.
      expect(cartStatements.length).toBeGreaterThan(badgeStatements.length + 3);
    } finally {
      log.stop();
    }
  });
});
