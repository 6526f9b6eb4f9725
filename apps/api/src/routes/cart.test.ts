import { describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import {
  EMPTY_CART_TOTALS,
  cartSchema,
  detailErrorSchema,
  fieldErrorsSchema,
  paginated,
  productCardSchema,
  type Cart,
} from '@shop/contract';
import { priceCart, type PromoCode } from '@shop/domain';
import * as s from '#api/db/schema.ts';
import { expectedPrices, getOk, userId } from '../../test/catalogue.ts';
import { useTestApp } from '../../test/helpers.ts';
import { browserOf, parentProducts, stockedProduct } from '../../test/shopper.ts';
import { DEMO_PASSWORD } from '#api/seed/seed.ts';

const t = useTestApp();

const CART = '/en/api/sales/cart_products/';

const PROMO = '/en/api/sales/cart/promo_code/';
const shopper = () => browserOf(t);
const products = () => parentProducts(t);
const stocked = (min: number, except: number[] = []) => stockedProduct(t, min, except);

async function vatPercents(kind: 'product' | 'bundle', ids: number[]) {
  if (ids.length === 0) return new Map<number, number>();
  const rows =
    kind === 'product'
      ? await t.handle.db
          .select({ id: s.products.id, vat: s.vats.percent })
          .from(s.products)
          .innerJoin(s.vats, eq(s.vats.id, s.products.vatId))
          .where(inArray(s.products.id, ids))
      : await t.handle.db
          .select({ id: s.bundles.id, vat: s.vats.percent })
          .from(s.bundles)
          .innerJoin(s.vats, eq(s.vats.id, s.bundles.vatId))
          .where(inArray(s.bundles.id, ids));
  return new Map(rows.map((r) => [r.id, r.vat]));
}

/**
 * The lines and totals the domain computes from the database rows for the cart's items and
 * quantities, for the given user (null: anonymous); every line and the totals must match.
 */
async function expectDomainTotals(cart: Cart, user: number | null, promo?: PromoCode) {
  const ids = (ref: 'product' | 'bundle') =>
    cart.items.filter((i) => i.ref === ref).map((i) => (ref === 'bundle' ? i.bundle! : i.product!));
  const [productPrices, bundlePrices, productVat, bundleVat] = await Promise.all([
    expectedPrices(t, 'product', ids('product'), user),
    expectedPrices(t, 'bundle', ids('bundle'), user),
    vatPercents('product', ids('product')),
    vatPercents('bundle', ids('bundle')),
  ]);
  const inputs = cart.items.map((item) => {
    const id = item.ref === 'bundle' ? item.bundle! : item.product!;
    const prices = (item.ref === 'bundle' ? bundlePrices : productPrices).get(id)!;
    expect(item.discountPercent).toBe(prices.discountPercent);
    return {
      price: prices.price,
      vatPercent: (item.ref === 'bundle' ? bundleVat : productVat).get(id)!,
      discountPercent: prices.discountPercent,
      quantity: item.quantity,
    };
  });
  const { lines, promoApplied: _applied, ...totals } = priceCart(inputs, promo);
  cart.items.forEach((item, i) => {
    const line = lines[i]!;
    expect(item).toMatchObject({
      unitPrice: line.unitPrice,
      discountPrice: line.discountPrice,
      discount: line.discount,
      // The VAT part of what is paid for the line, after the promo code too.
      totalVat: line.totalVat,
    });
  });
  expect(cart.totals).toEqual(totals);
  return lines;
}

const sessionCookie = (res: LightMyRequestResponse) =>
  res.cookies.find((c) => c.name === 'sessionid');

async function cartRowsOf(cartId: number) {
  return t.handle.db.select().from(s.cartItems).where(eq(s.cartItems.cartId, cartId));
}

async function promoRow(code: string) {
  const [row] = await t.handle.db.select().from(s.promoCodes).where(eq(s.promoCodes.code, code));
  if (!row) throw new Error(`no promo ${code}`);
  return row;
}

// ---------------------------------------------------------------- reading

describe('reading the cart', () => {
  it('answers an empty cart without creating a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: CART });
    expect(res.statusCode).toBe(200);
    expect(sessionCookie(res)).toBeUndefined();
    expect(String(res.headers['set-cookie'] ?? '')).not.toContain('sessionid');
    expect(cartSchema.parse(res.json())).toEqual({
      id: null,
      items: [],
      totals: EMPTY_CART_TOTALS,
      promoCode: null,
    });
  });

  it('hides a product that was deactivated (it would answer 404); the next write drops it', async () => {
    const b = shopper();
    const [first, second] = [await stocked(2), await stocked(2, [(await stocked(2)).id])];
    b.ok(await b.set(first.id, 1));
    const before = b.ok(await b.set(second.id, 1));
    expect(before.items).toHaveLength(2);
    await t.handle.db.update(s.products).set({ active: false }).where(eq(s.products.id, first.id));
    try {
      const after = await b.cart();
      expect(after.items.map((i) => i.product)).toEqual([second.id]);
      await expectDomainTotals(after, null);
      // A read changes nothing stored.
      expect((await cartRowsOf(before.id!)).map((r) => r.productId).sort()).toEqual(
        [first.id, second.id].sort(),
      );
      const written = b.ok(await b.set(second.id, 2));
      expect(written.items.map((i) => i.product)).toEqual([second.id]);
      expect((await cartRowsOf(before.id!)).map((r) => r.productId)).toEqual([second.id]);
    } finally {
      await t.handle.db.update(s.products).set({ active: true }).where(eq(s.products.id, first.id));
    }
  });
});

// ---------------------------------------------------------------- changing

describe('changing the cart', () => {
  it('adds a product with a new HttpOnly session, replaces its quantity, removes it', async () => {
    const b = shopper();
    const product = await stocked(3);
    const added = await b.set(product.id, 2);
    const cookie = sessionCookie(added);
    expect(cookie?.httpOnly).toBe(true);
    const cart = b.ok(added);
    expect(cart.id).not.toBeNull();
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]).toMatchObject({
      cart: cart.id,
      product: product.id,
      bundle: null,
      ref: 'product',
      quantity: 2,
      protected: false,
      short: false,
      available: true,
    });
    expect(cart.items[0]?.item).toMatchObject({ id: product.id, ref: 'product' });
    await expectDomainTotals(cart, null);

    const changed = b.ok(await b.set(product.id, 3));
    // A quantity change replaces the old quantity, in the same line.
    expect(changed.items.map((i) => [i.id, i.quantity])).toEqual([[cart.items[0]!.id, 3]]);
    expect(sessionCookie(await b.set(product.id, 3))).toBeUndefined();
    expect(await b.cart()).toEqual(changed);
    await expectDomainTotals(changed, null);

    const removed = b.ok(await b.remove(product.id));
    expect(removed.items).toEqual([]);
    expect(removed.totals.quantity).toBe(0);
    expect(removed.id).toBe(cart.id);
  });

  it('removes a line when the quantity is set to 0', async () => {
    const b = shopper();
    const product = await stocked(1);
    b.ok(await b.set(product.id, 1));
    expect(b.ok(await b.set(product.id, 0)).items).toEqual([]);
  });

  it('keeps a bundle and a product with the same id apart (ref=bundle)', async () => {
    const page = await getOk(
      t,
      '/en/api/products/bundles/?page_size=48',
      paginated(productCardSchema),
    );
    const ids = new Set(
      (await products()).filter((p) => p.stock === null || p.stock >= 2).map((p) => p.id),
    );
    const bundle = page.results.find((b) => b.available && (b.stock ?? 2) >= 2 && ids.has(b.id));
    expect(bundle, 'a sellable bundle whose id is also a sellable product').toBeDefined();
    const id = bundle!.id;
    const b = shopper();
    b.ok(await b.set(id, 1));
    const both = b.ok(await b.set(id, 2, 'bundle'));
    expect(both.items.map((i) => [i.ref, i.product, i.bundle, i.quantity])).toEqual([
      ['product', id, null, 1],
      ['bundle', null, id, 2],
    ]);
    expect(both.items[1]?.item).toMatchObject({ id, ref: 'bundle' });
    await expectDomainTotals(both, null);

    const withoutBundle = b.ok(await b.remove(id, 'bundle'));
    expect(withoutBundle.items.map((i) => [i.ref, i.quantity])).toEqual([['product', 1]]);
    expect(b.ok(await b.remove(id)).items).toEqual([]);
  });

  it('refuses a sold-out product with productQuantity 0, and more than the stock with what is left', async () => {
    const soldOut = (await products()).find((p) => p.stock === 0)!;
    const b = shopper();
    const none = await b.set(soldOut.id, 1);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({
      productQuantity: 0,
      quantity: ['Sorry, the product is sold out.'],
    });
    // Nothing was changed: not even a session was started.
    expect(sessionCookie(none)).toBeUndefined();

    const product = await stocked(2);
    const over = await b.set(product.id, product.stock! + 1);
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({
      productQuantity: product.stock,
      quantity: [`Only ${product.stock} left in stock.`],
    });
    // Exactly the stock is fine: a change replaces, so the old quantity does not count.
    b.ok(await b.set(product.id, product.stock!));
    const again = b.ok(await b.set(product.id, product.stock!));
    expect(again.items[0]?.quantity).toBe(product.stock);
  });

  it('marks a line short and unavailable when the stock falls below its quantity', async () => {
    const product = await stocked(3);
    const b = shopper();
    b.ok(await b.set(product.id, 3));
    await t.handle.db.update(s.products).set({ stock: 1 }).where(eq(s.products.id, product.id));
    try {
      const cart = await b.cart();
      expect(cart.items[0]).toMatchObject({ quantity: 3, short: true, available: false });
    } finally {
      await t.handle.db
        .update(s.products)
        .set({ stock: product.stock })
        .where(eq(s.products.id, product.id));
    }
  });

  it('refuses unknown and inactive products', async () => {
    const b = shopper();
    const unknown = await b.set(999_999, 1);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ product: ['Sorry, the product is not available.'] });
    const unknownBundle = await b.set(999_999, 1, 'bundle');
    expect(unknownBundle.json()).toEqual({ product: ['Sorry, the product is not available.'] });
    const product = await stocked(1);
    await t.handle.db
      .update(s.products)
      .set({ active: false })
      .where(eq(s.products.id, product.id));
    try {
      const inactive = await b.set(product.id, 1);
      expect(inactive.statusCode).toBe(400);
      expect(inactive.json()).toEqual({ product: ['Sorry, the product is not available.'] });
    } finally {
      await t.handle.db
        .update(s.products)
        .set({ active: true })
        .where(eq(s.products.id, product.id));
    }
  });

  it('answers 400 {detail} while the shop has its cart switched off', async () => {
    const b = shopper();
    const product = await stocked(1);
    b.ok(await b.set(product.id, 1));
    await t.handle.db.update(s.organizations).set({ cart: false });
    try {
      const res = await b.set(product.id, 2);
      expect(res.statusCode).toBe(400);
      expect(detailErrorSchema.strict().parse(res.json()).detail.length).toBeGreaterThan(0);
    } finally {
      await t.handle.db.update(s.organizations).set({ cart: true });
    }
    expect((await b.cart()).items[0]?.quantity).toBe(1);
  });

  it('answers field errors for an invalid body and leaves the cart as it was', async () => {
    const b = shopper();
    const product = await stocked(2);
    const before = b.ok(await b.set(product.id, 2));
    for (const quantity of [-1, 'x', 1.5, 100_000, undefined]) {
      const res = await b.set(product.id, quantity);
      expect(res.statusCode, `${String(quantity)}: ${res.body}`).toBe(400);
      const body = fieldErrorsSchema.parse(res.json());
      expect(body.quantity?.length, res.body).toBeGreaterThan(0);
    }
    const badRef = await b.send('PATCH', `${CART}${product.id}/`, { quantity: 1, ref: 'nope' });
    expect(badRef.statusCode).toBe(400);
    expect(Object.keys(fieldErrorsSchema.parse(badRef.json()))).toContain('ref');
    const badId = await b.send('PATCH', `${CART}abc/`, { quantity: 1 });
    expect(badId.statusCode).toBe(400);
    expect(Object.keys(fieldErrorsSchema.parse(badId.json()))).toContain('productId');
    const badQuery = await b.send('DELETE', `${CART}${product.id}/?ref=nope`);
    expect(badQuery.statusCode).toBe(400);
    expect(await b.cart()).toEqual(before);
  });

  it('needs the CSRF token for every write', async () => {
    const product = await stocked(1);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `${CART}${product.id}/`,
      payload: { quantity: 1 },
    });
    expect(res.statusCode).toBe(403);
    expect(sessionCookie(res)).toBeUndefined();
  });
});

// ---------------------------------------------------------------- promo codes

describe('adding to the cart (atomic)', () => {
  const add = (b: ReturnType<typeof shopper>, id: number, quantity: unknown, locale = 'en') =>
    b.send('POST', `/${locale}/api/sales/cart_products/${id}/add/`, { quantity });

  it('adds to what the line holds: two quick adds both count', async () => {
    const b = shopper();
    const product = await stocked(5);
    b.ok(await add(b, product.id, 1));
    const [first, second] = await Promise.all([add(b, product.id, 1), add(b, product.id, 2)]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const cart = await b.cart();
    expect(cart.items.map((i) => i.quantity)).toEqual([4]);
    await expectDomainTotals(cart, null);
  });

  it('refuses to pass the stock, leaves the line, and says how many it can hold (in German too)', async () => {
    const b = shopper();
    const product = await stocked(3);
    await t.handle.db.update(s.products).set({ stock: 3 }).where(eq(s.products.id, product.id));
    try {
      b.ok(await add(b, product.id, 2));
      const res = await add(b, product.id, 2, 'de');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ productQuantity: 3, quantity: ['Nur noch 3 auf Lager.'] });
      expect((await b.cart()).items.map((i) => i.quantity)).toEqual([2]);
      const bad = await add(b, product.id, 0);
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json<Record<string, unknown>>())).toEqual(['quantity']);
    } finally {
      await t.handle.db
        .update(s.products)
        .set({ stock: product.stock })
        .where(eq(s.products.id, product.id));
    }
  });

  it('caps a product with unlimited stock at 99 per line by the rule, and says so', async () => {
    const b = shopper();
    const product = await stocked(1);
    await t.handle.db.update(s.products).set({ stock: null }).where(eq(s.products.id, product.id));
    try {
      b.ok(await add(b, product.id, 98));
      const res = await add(b, product.id, 2, 'de');
      expect(res.statusCode).toBe(400);
      // Not "Nur noch 99 auf Lager.": the stock is unlimited, the rule sets the cap.
      expect(res.json()).toEqual({
        productQuantity: 99,
        quantity: ['Höchstens 99 pro Bestellung.'],
      });
      expect((await b.cart()).items.map((i) => i.quantity)).toEqual([98]);
    } finally {
      await t.handle.db
        .update(s.products)
        .set({ stock: product.stock })
        .where(eq(s.products.id, product.id));
    }
  });

  it('answers a gone product with the product error in the caller’s language', async () => {
    const res = await add(shopper(), 99_999_999, 1, 'it');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ product: ['Spiacenti, il prodotto non è disponibile.'] });
  });
});

describe('variations in the cart', () => {
  it('names the chosen variation on its line, in the caller’s language', async () => {
    const [sage] = await t.handle.db
      .select()
      .from(s.products)
      .where(eq(s.products.slug, 'stonewashed-linen-duvet-cover-sage-green'));
    const b = shopper();
    const cart = b.ok(await b.set(sage!.id, 1));
    expect(cart.items[0]!.variation.map((v) => v.attribute.title)).toEqual(['Colour']);
    const german = cartSchema.parse((await b.send('GET', '/de/api/sales/cart_products/')).json());
    expect(german.items[0]!.variation.map((v) => v.attribute.title)).toEqual(['Farbe']);
    // The parent is one of the choices too: it is named by its own colour.
    const parent = b.ok(await b.set(sage!.parentId!, 1));
    expect(parent.items.find((i) => i.product === sage!.parentId)?.variation.length).toBe(1);
    // A product without variations has nothing to name.
    const parents = new Set(
      (await t.handle.db.select({ p: s.products.parentId }).from(s.products)).map((r) => r.p),
    );
    const plain = (await products()).find(
      (p) => !parents.has(p.id) && (p.stock === null || p.stock > 0),
    )!;
    const both = b.ok(await b.set(plain.id, 1));
    expect(both.items.find((i) => i.product === plain.id)?.variation).toEqual([]);
  });
});

describe('promo codes', () => {
  it('applies WELCOME10 (percent, any total) typed in lower case, and removes it', async () => {
    const b = shopper();
    const product = await stocked(2);
    b.ok(await b.set(product.id, 2));
    const cart = b.ok(await b.promo('  welcome10 '));
    const promo = await promoRow('WELCOME10');
    expect(cart.promoCode).toEqual({
      code: 'WELCOME10',
      discountType: 'percent',
      discountValue: promo.discountValue,
      fromPrice: null,
    });
    expect(cart.totals.promoDiscount).toBeGreaterThan(0);
    await expectDomainTotals(cart, null, promo);
    expect(await b.cart()).toEqual(cart);

    const without = b.ok(await b.send('DELETE', PROMO));
    expect(without.promoCode).toBeNull();
    expect(without.totals.grandTotal).toBe(without.totals.discountPrice);
  });

  it('refuses SAVE15 below its fromPrice of 100 and accepts it above', async () => {
    const promo = await promoRow('SAVE15');
    expect(promo.fromPrice).toBe(100);
    const cheap = (await products()).find(
      (p) => p.price < 50 && (p.stock === null || p.stock >= 10),
    )!;
    const b = shopper();
    b.ok(await b.set(cheap.id, 1));
    const below = await b.promo('SAVE15');
    expect(below.statusCode).toBe(400);
    const errors = fieldErrorsSchema.parse(below.json());
    expect(errors.code?.[0]).toContain('100.00');
    expect((await b.cart()).promoCode).toBeNull();

    const quantity = Math.floor(100 / cheap.price) + 2;
    const stock = cheap.stock ?? quantity;
    if (stock < quantity)
      await t.handle.db
        .update(s.products)
        .set({ stock: quantity })
        .where(eq(s.products.id, cheap.id));
    try {
      b.ok(await b.set(cheap.id, quantity));
      const above = b.ok(await b.promo('save15'));
      expect(above.totals.discountPrice).toBeGreaterThan(100);
      expect(above.promoCode?.code).toBe('SAVE15');
      await expectDomainTotals(above, null, promo);

      // Back below the threshold the code stays on the cart but saves nothing.
      const back = b.ok(await b.set(cheap.id, 1));
      expect(back.promoCode?.code).toBe('SAVE15');
      expect(back.totals.promoDiscount).toBe(0);
      await expectDomainTotals(back, null, promo);
    } finally {
      await t.handle.db
        .update(s.products)
        .set({ stock: cheap.stock })
        .where(eq(s.products.id, cheap.id));
    }
  });

  it('subtracts FIVEOFF from the total, never below 0', async () => {
    const promo = await promoRow('FIVEOFF');
    const b = shopper();
    const product = await stocked(1);
    b.ok(await b.set(product.id, 1));
    const cart = b.ok(await b.promo('fiveoff'));
    await expectDomainTotals(cart, null, promo);
    expect(cart.totals.promoDiscount).toBe(5);

    await t.handle.db.update(s.products).set({ price: 2.5 }).where(eq(s.products.id, product.id));
    try {
      const cheap = await b.cart();
      expect(cheap.totals.grandTotal).toBe(0);
      expect(cheap.totals.promoDiscount).toBe(cheap.totals.discountPrice);
      await expectDomainTotals(cheap, null, promo);
    } finally {
      await t.handle.db
        .update(s.products)
        .set({ price: product.price })
        .where(eq(s.products.id, product.id));
    }
  });

  it('stops counting a code that expired after it was applied; the next write removes it', async () => {
    const b = shopper();
    const product = await stocked(2);
    b.ok(await b.set(product.id, 1));
    const applied = b.ok(await b.promo('fiveoff'));
    expect(applied.promoCode?.code).toBe('FIVEOFF');
    const cartId = applied.id!;
    const stored = async () =>
      (await t.handle.db.select().from(s.carts).where(eq(s.carts.id, cartId)))[0]?.promoCodeId;
    const promo = await promoRow('FIVEOFF');
    const codeId = promo.id;
    await t.handle.db
      .update(s.promoCodes)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(eq(s.promoCodes.id, codeId));
    try {
      const read = await b.cart();
      expect(read.promoCode).toBeNull();
      expect(read.totals.promoDiscount).toBe(0);
      expect(await stored()).toBe(codeId);
      b.ok(await b.set(product.id, 2));
      expect(await stored()).toBeNull();
    } finally {
      await t.handle.db
        .update(s.promoCodes)
        .set({ endsAt: promo.endsAt })
        .where(eq(s.promoCodes.id, codeId));
    }
  });

  it.each([
    ['EXPIRED5', 'expired'],
    ['SOON25', 'not valid yet'],
    ['NO-SUCH-CODE', 'not valid'],
  ])('refuses %s', async (code, message) => {
    const b = shopper();
    b.ok(await b.set((await stocked(1)).id, 1));
    const res = await b.promo(code);
    expect(res.statusCode).toBe(400);
    expect(fieldErrorsSchema.parse(res.json()).code?.[0]).toContain(message);
    expect((await b.cart()).promoCode).toBeNull();
  });

  it('answers field errors for a blank code', async () => {
    const res = await shopper().promo('   ');
    expect(res.statusCode).toBe(400);
    expect(Object.keys(fieldErrorsSchema.parse(res.json()))).toContain('code');
  });
});

// ---------------------------------------------------------------- users

describe('logged-in shoppers', () => {
  it("prices the cart with the shopper's personal discount", async () => {
    const [sheet] = await t.handle.db
      .select()
      .from(s.products)
      .where(eq(s.products.slug, 'linen-fitted-sheet'));
    const anonymous = shopper();
    const anonCart = anonymous.ok(await anonymous.set(sheet!.id, 1));
    const b = shopper();
    await b.logIn('shopper@example.com');
    const cart = b.ok(await b.set(sheet!.id, 1));
    const me = await userId(t, 'shopper@example.com');
    expect(cart.items[0]!.discountPercent).toBeGreaterThanOrEqual(12);
    expect(cart.items[0]!.discountPercent).toBeGreaterThan(anonCart.items[0]!.discountPercent);
    await expectDomainTotals(cart, me);
    await expectDomainTotals(anonCart, null);
    b.ok(await b.remove(sheet!.id));
  });

  it('merges a session cart once when the same browser logs in twice at once', async () => {
    const email = 'marco.bianchi@example.com';
    const product = await stocked(5);
    const laptop = shopper();
    laptop.ok(await laptop.set(product.id, 2));
    const login = () =>
      laptop.send('POST', '/en/api/accounts/login/', { email, password: DEMO_PASSWORD });
    const answers = await Promise.all([login(), login()]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    const [cart] = await t.handle.db
      .select({ id: s.carts.id })
      .from(s.carts)
      .where(eq(s.carts.userId, await userId(t, email)));
    const lines = await t.handle.db
      .select({ quantity: s.cartItems.quantity })
      .from(s.cartItems)
      .where(and(eq(s.cartItems.cartId, cart!.id), eq(s.cartItems.productId, product.id)));
    // Not 4: the second login found the session's cart already merged.
    expect(lines.map((l) => l.quantity)).toEqual([2]);
  });

  it("moves the anonymous cart to the user at login, merging with the user's cart", async () => {
    const email = 'emma.clarke@example.com';
    const emma = await userId(t, email);
    const first = await stocked(10);
    const scarce = await stocked(3, [first.id]);
    const other = await stocked(1, [first.id, scarce.id]);
    await t.handle.db.update(s.products).set({ stock: 3 }).where(eq(s.products.id, scarce.id));
    try {
      // Emma's own cart, from another device.
      const phone = shopper();
      await phone.logIn(email);
      phone.ok(await phone.set(first.id, 1));
      phone.ok(await phone.set(scarce.id, 2));

      const laptop = shopper();
      laptop.ok(await laptop.set(first.id, 2));
      laptop.ok(await laptop.set(scarce.id, 2));
      const anon = laptop.ok(await laptop.set(other.id, 1));
      const login = await laptop.logIn(email);
      // The login tells what it did: three lines brought in, one lowered to the stock.
      expect(login.cartMerge).toEqual({ added: 3, capped: 1 });

      const merged = await laptop.cart();
      expect(merged.id).not.toBe(anon.id);
      expect(Object.fromEntries(merged.items.map((i) => [i.product, i.quantity]))).toEqual({
        [first.id]: 3,
        // 2 + 2, capped by the stock of 3.
        [scarce.id]: 3,
        [other.id]: 1,
      });
      expect(await phone.cart()).toEqual(merged);
      await expectDomainTotals(merged, emma);
      // The session's cart is gone, not left behind.
      const [left] = await t.handle.db.select().from(s.carts).where(eq(s.carts.id, anon.id!));
      expect(left).toBeUndefined();
    } finally {
      await t.handle.db
        .update(s.products)
        .set({ stock: scarce.stock })
        .where(eq(s.products.id, scarce.id));
    }
  });

  it('merges many lines in one go: products and a bundle, one capped by stock, one by the per-line maximum (99), the notice counting them', async () => {
    const email = 'lukas.huber@example.com';
    const page = await getOk(
      t,
      '/en/api/products/bundles/?page_size=48',
      paginated(productCardSchema),
    );
    const bundle = page.results.find((b) => b.available && (b.stock ?? 3) >= 3);
    expect(bundle, 'a sellable bundle').toBeDefined();
    const plenty = await stocked(10);
    const scarce = await stocked(4, [plenty.id]);
    const unlimited = await stocked(1, [plenty.id, scarce.id]);
    const fresh = await stocked(2, [plenty.id, scarce.id, unlimited.id]);
    await t.handle.db.update(s.products).set({ stock: 4 }).where(eq(s.products.id, scarce.id));
    await t.handle.db
      .update(s.products)
      .set({ stock: null })
      .where(eq(s.products.id, unlimited.id));
    try {
      const phone = shopper();
      await phone.logIn(email);
      phone.ok(await phone.set(plenty.id, 1));
      phone.ok(await phone.set(scarce.id, 3));
      phone.ok(await phone.set(unlimited.id, 60));

      const laptop = shopper();
      laptop.ok(await laptop.set(plenty.id, 2));
      laptop.ok(await laptop.set(scarce.id, 3));
      laptop.ok(await laptop.set(unlimited.id, 50));
      laptop.ok(await laptop.set(fresh.id, 2));
      laptop.ok(await laptop.set(bundle!.id, 1, 'bundle'));
      const login = await laptop.logIn(email);
      // Five lines came in (all changed what the account held); two were lowered.
      expect(login.cartMerge).toEqual({ added: 5, capped: 2 });

      const merged = await laptop.cart();
      expect(
        Object.fromEntries(
          merged.items.map((i) => [`${i.ref}:${i.bundle ?? i.product}`, i.quantity]),
        ),
      ).toEqual({
        [`product:${plenty.id}`]: 3,
        // 3 + 3, capped by the stock of 4.
        [`product:${scarce.id}`]: 4,
        // 60 + 50 with no stock kept: capped by the per-line maximum.
        [`product:${unlimited.id}`]: 99,
        [`product:${fresh.id}`]: 2,
        [`bundle:${bundle!.id}`]: 1,
      });
      expect(await phone.cart()).toEqual(merged);
    } finally {
      for (const p of [scarce, unlimited])
        await t.handle.db.update(s.products).set({ stock: p.stock }).where(eq(s.products.id, p.id));
    }
  });

  it('two logins of one browser at once, with several lines, merge them once', async () => {
    const email = 'ivan.petrov@example.com';
    const a = await stocked(5);
    const b2 = await stocked(5, [a.id]);
    const phone = shopper();
    await phone.logIn(email);
    const before = new Map(
      (await phone.cart()).items.map((i) => [`${i.ref}:${i.bundle ?? i.product}`, i.quantity]),
    );
    const laptop = shopper();
    laptop.ok(await laptop.set(a.id, 1));
    laptop.ok(await laptop.set(b2.id, 2));
    const login = () =>
      laptop.send('POST', '/en/api/accounts/login/', { email, password: DEMO_PASSWORD });
    const answers = await Promise.all([login(), login()]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    const after = new Map(
      (await phone.cart()).items.map((i) => [`${i.ref}:${i.bundle ?? i.product}`, i.quantity]),
    );
    const expected = (id: number, n: number) =>
      Math.min((before.get(`product:${id}`) ?? 0) + n, 5, 99);
    expect(after.get(`product:${a.id}`)).toBe(expected(a.id, 1));
    expect(after.get(`product:${b2.id}`)).toBe(expected(b2.id, 2));
  });

  it('gives the whole anonymous cart, promo code included, to a user without a cart', async () => {
    const email = 'giulia.rossi@example.com';
    const product = await stocked(2);
    const b = shopper();
    b.ok(await b.set(product.id, 2));
    b.ok(await b.promo('WELCOME10'));
    // Nothing met: the cart just moved, there is nothing to tell.
    expect((await b.logIn(email)).cartMerge).toBeNull();
    const after = await b.cart();
    expect(after.items.map((i) => [i.product, i.quantity])).toEqual([[product.id, 2]]);
    expect(after.promoCode?.code).toBe('WELCOME10');
    await expectDomainTotals(after, await userId(t, email), await promoRow('WELCOME10'));
  });
});
