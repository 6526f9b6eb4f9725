import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, isNotNull } from 'drizzle-orm';
import {
  paginated,
  productSchema,
  WISHLIST_COMMENT_MAX_LENGTH,
  wishlistItemSchema,
  type WishlistItem,
} from '@shop/contract';
import * as s from '#api/db/schema.ts';
import { translatorFor } from '#api/lib/i18n.ts';
import { expectCsrfRefused, useTestApp, type Write } from '../../test/helpers.ts';
import { browserOf, parentProducts, type Browser } from '../../test/shopper.ts';

const t = useTestApp();
const WISHLIST = '/en/api/products/wishlist/';
const itemUrl = (id: number, locale = 'en') => `/${locale}/api/products/wishlist/${id}/`;
const listSchema = paginated(wishlistItemSchema);

/** The shopper (who has discounts of their own) and another demo user, logged in once. */
let me: Browser;
let other: Browser;
beforeAll(async () => {
  me = browserOf(t);
  await me.logIn('shopper@example.com');
  other = browserOf(t);
  await other.logIn('anna.becker@example.com');
});

beforeEach(async () => {
  await t.handle.db.delete(s.wishlistItems);
});

async function productIds(n: number): Promise<number[]> {
  const ids = (await parentProducts(t)).slice(0, n).map((p) => p.id);
  expect(ids).toHaveLength(n);
  return ids;
}

async function add(b: Browser, product: unknown, locale = 'en') {
  return b.send('POST', `/${locale}/api/products/wishlist/`, { product });
}

async function added(b: Browser, product: number): Promise<WishlistItem> {
  const res = await add(b, product);
  expect(res.statusCode, res.body).toBe(201);
  return wishlistItemSchema.parse(res.json());
}

async function list(b: Browser, query = '') {
  const res = await b.send('GET', `${WISHLIST}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('private, no-store');
  return listSchema.parse(res.json());
}

const stored = () => t.handle.db.select().from(s.wishlistItems);

async function setActive(id: number, active: boolean) {
  await t.handle.db.update(s.products).set({ active }).where(eq(s.products.id, id));
}

describe('the wishlist is for logged-in users only', () => {
  it.each([
    ['GET', WISHLIST, undefined],
    ['GET', itemUrl(1), undefined],
    ['POST', WISHLIST, { product: 1 }],
    ['PATCH', itemUrl(1), { comment: 'x' }],
    ['DELETE', itemUrl(1), undefined],
  ] as const)('answers %s %s with 401 {detail} when anonymous', async (method, url, payload) => {
    const res = await browserOf(t).send(method, url, payload);
    expect(res.statusCode, res.body).toBe(401);
    expect(res.json()).toEqual({ detail: 'Please log in to continue.' });
    expect(await stored()).toEqual([]);
  });
});

describe('saving, reading, commenting and removing', () => {
  it('adds a product (201), lists it, answers it by id, sets its comment and removes it', async () => {
    const [id] = await productIds(1);
    const item = await added(me, id!);
    expect(item).toMatchObject({ product: { id }, comment: '' });

    const page = await list(me);
    expect(page).toMatchObject({ count: 1, next: null, previous: null });
    expect(page.results).toEqual([item]);

    const one = await me.send('GET', itemUrl(item.id));
    expect(one.statusCode, one.body).toBe(200);
    expect(one.headers['cache-control']).toBe('private, no-store');
    expect(wishlistItemSchema.parse(one.json())).toEqual(item);
    // The id may come as a slug ending in it, as every route id may.
    expect(
      (await me.send('GET', itemUrl(item.id).replace(/\d+\/$/, `gift-${item.id}/`))).statusCode,
    ).toBe(200);

    const patched = await me.send('PATCH', itemUrl(item.id), { comment: '  Size M, for Mum  ' });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(wishlistItemSchema.parse(patched.json())).toEqual({
      ...item,
      comment: 'Size M, for Mum',
    });
    expect((await list(me)).results[0]?.comment).toBe('Size M, for Mum');
    // An empty comment clears it.
    const cleared = await me.send('PATCH', itemUrl(item.id), { comment: '' });
    expect(cleared.json()).toMatchObject({ comment: '' });

    const removed = await me.send('DELETE', itemUrl(item.id));
    expect(removed.statusCode, removed.body).toBe(204);
    expect(removed.body).toBe('');
    expect((await me.send('GET', itemUrl(item.id))).statusCode).toBe(404);
    expect((await me.send('DELETE', itemUrl(item.id))).statusCode).toBe(404);
    expect((await list(me)).count).toBe(0);
  });

  it('lists newest first, a page at a time', async () => {
    const ids = await productIds(3);
    const items = [];
    for (const id of ids) items.push(await added(me, id));
    const first = await list(me, '?page_size=2');
    expect(first.count).toBe(3);
    expect(first.results.map((r) => r.product.id)).toEqual([ids[2], ids[1]]);
    expect(first.next).toMatch(/page=2/);
    const second = await list(me, '?page_size=2&page=2');
    expect(second.results.map((r) => r.id)).toEqual([items[0]!.id]);
    expect(second.next).toBeNull();
  });

  it("prices each product card for the user: the shopper's own discount shows", async () => {
    const [shirt] = await t.handle.db
      .select()
      .from(s.products)
      .where(eq(s.products.slug, 'relaxed-linen-shirt'));
    const mine = await added(me, shirt!.id);
    const theirs = await added(other, shirt!.id);
    // The shirt: 15% for everyone, 25% for the shopper (see products.test.ts).
    expect(mine.product.discountPercent).toBe(25);
    expect(theirs.product.discountPercent).toBe(15);
    for (const b of [me, other]) {
      const res = await b.send('GET', `/en/api/products/products/${shirt!.id}/`);
      const product = productSchema.parse(res.json());
      const [item] = (await list(b)).results;
      expect(item?.product).toMatchObject({
        price: product.price,
        discountPercent: product.discountPercent,
        discountPrice: product.discountPrice,
        title: product.title,
      });
    }
    // The card speaks the language of the call.
    const de = await me.send('GET', itemUrl(mine.id, 'de'));
    const [deTitle] = await t.handle.db
      .select({ title: s.productTranslations.title })
      .from(s.productTranslations)
      .where(
        and(eq(s.productTranslations.parentId, shirt!.id), eq(s.productTranslations.locale, 'de')),
      );
    expect(wishlistItemSchema.parse(de.json()).product.title).toBe(deTitle?.title);
  });
});

describe('each user has their own wishlist', () => {
  it("answers 404 to another user's GET, PATCH and DELETE, and changes nothing", async () => {
    const [id] = await productIds(1);
    const item = await added(me, id!);
    await me.send('PATCH', itemUrl(item.id), { comment: 'mine' });

    expect((await other.send('GET', itemUrl(item.id))).statusCode).toBe(404);
    expect((await other.send('PATCH', itemUrl(item.id), { comment: 'theirs' })).statusCode).toBe(
      404,
    );
    expect((await other.send('DELETE', itemUrl(item.id))).statusCode).toBe(404);
    expect((await list(other)).count).toBe(0);

    const [row] = await stored();
    expect(row).toMatchObject({ id: item.id, comment: 'mine' });
    expect((await list(me)).results).toEqual([{ ...item, comment: 'mine' }]);
  });

  it('lets two users save the same product, each their own item', async () => {
    const [id] = await productIds(1);
    const mine = await added(me, id!);
    const theirs = await added(other, id!);
    expect(theirs.id).not.toBe(mine.id);
    await other.send('DELETE', itemUrl(theirs.id));
    expect((await list(me)).results.map((r) => r.id)).toEqual([mine.id]);
  });
});

describe('one item per product', () => {
  it('answers the item already saved with 200, adding nothing', async () => {
    const [id] = await productIds(1);
    const item = await added(me, id!);
    await me.send('PATCH', itemUrl(item.id), { comment: 'keep me' });
    const again = await add(me, id);
    expect(again.statusCode, again.body).toBe(200);
    expect(wishlistItemSchema.parse(again.json())).toEqual({ ...item, comment: 'keep me' });
    expect(await stored()).toHaveLength(1);
  });

  it('ends two concurrent saves of the same product with one item', async () => {
    const [id] = await productIds(1);
    const answers = await Promise.all([add(me, id), add(me, id), add(me, id)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 201]);
    const ids = new Set(answers.map((r) => wishlistItemSchema.parse(r.json()).id));
    expect(ids.size).toBe(1);
    expect(await stored()).toHaveLength(1);
  });
});

describe('what cannot be saved', () => {
  const unavailable = translatorFor('de')('wishlist.productUnavailable');

  it('refuses an unknown product with a field error in the caller’s language', async () => {
    const res = await add(me, 2_000_000_000, 'de');
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ product: [unavailable] });
    expect(unavailable).toMatch(/Produkt/);
    expect(await stored()).toEqual([]);
  });

  it('refuses an inactive product, and a variation whose parent is inactive', async () => {
    const [id] = await productIds(1);
    await setActive(id!, false);
    try {
      const res = await add(me, id, 'de');
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ product: [unavailable] });
    } finally {
      await setActive(id!, true);
    }
    const [variation] = await t.handle.db
      .select()
      .from(s.products)
      .where(and(isNotNull(s.products.parentId), eq(s.products.active, true)))
      .limit(1);
    await setActive(variation!.parentId!, false);
    try {
      expect((await add(me, variation!.id)).statusCode).toBe(400);
    } finally {
      await setActive(variation!.parentId!, true);
    }
    expect(await stored()).toEqual([]);
  });

  it.each([null, 'one', 0, -1, 1.5, 2_147_483_648])(
    'answers a field error on product for %j',
    async (product) => {
      const res = await add(me, product);
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json<Record<string, unknown>>())).toEqual(['product']);
    },
  );

  it(`refuses a comment longer than ${WISHLIST_COMMENT_MAX_LENGTH} characters, in the caller’s language`, async () => {
    const [id] = await productIds(1);
    const item = await added(me, id!);
    const longest = 'x'.repeat(WISHLIST_COMMENT_MAX_LENGTH);
    expect((await me.send('PATCH', itemUrl(item.id), { comment: longest })).statusCode).toBe(200);
    const res = await me.send('PATCH', itemUrl(item.id, 'de'), { comment: `${longest}y` });
    expect(res.statusCode, res.body).toBe(400);
    const errors = res.json<Record<string, string[]>>();
    expect(Object.keys(errors)).toEqual(['comment']);
    expect(errors.comment?.[0]).toMatch(/höchstens 500 Zeichen/);
    for (const body of [{}, { comment: 5 }]) {
      expect((await me.send('PATCH', itemUrl(item.id), body)).statusCode).toBe(400);
    }
    const [row] = await stored();
    expect(row?.comment).toBe(longest);
  });

  it('hides an item while its product is not sold, and shows it again after', async () => {
    const [id, second] = await productIds(2);
    const item = await added(me, id!);
    await added(me, second!);
    await setActive(id!, false);
    try {
      const page = await list(me);
      expect(page.count).toBe(1);
      expect(page.results.map((r) => r.product.id)).toEqual([second]);
      expect((await me.send('GET', itemUrl(item.id))).statusCode).toBe(404);
      expect((await me.send('PATCH', itemUrl(item.id), { comment: 'x' })).statusCode).toBe(404);
    } finally {
      await setActive(id!, true);
    }
    expect((await list(me)).count).toBe(2);
    // Removing works either way: a stale page may still show the item.
    await setActive(id!, false);
    try {
      expect((await me.send('DELETE', itemUrl(item.id))).statusCode).toBe(204);
    } finally {
      await setActive(id!, true);
    }
    expect((await list(me)).results.map((r) => r.product.id)).toEqual([second]);
  });
});

describe('CSRF', () => {
  it('refuses every write without the token (403) and changes nothing', async () => {
    const [id, second] = await productIds(2);
    const item = await added(me, id!);
    await me.send('PATCH', itemUrl(item.id), { comment: 'before' });
    const before = await stored();
    const writes: Write[] = [
      ['POST', WISHLIST, { product: second }],
      ['POST', WISHLIST, { product: id }],
      ['PATCH', itemUrl(item.id), { comment: 'after' }],
      ['DELETE', itemUrl(item.id), undefined],
    ];
    await expectCsrfRefused(t.app, me.jar.header(), writes);
    expect(await stored()).toEqual(before);
  });
});
