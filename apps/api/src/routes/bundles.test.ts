import { describe, expect, it } from 'vitest';
import { and, asc, eq, isNull } from 'drizzle-orm';
import {
  bundleDetailSchema,
  bundleSchema,
  fieldErrorsSchema,
  paginated,
  productCardSchema,
  type Bundle,
} from '@shop/contract';
import * as s from '#api/db/schema.ts';
import { useTestApp } from '../../test/helpers.ts';
import {
  expectFieldError,
  expectNotFound,
  expectedPrices,
  get,
  getOk,
  login,
  pricesFrom,
  pricesOf,
  sortedNumbers,
  userId,
} from '../../test/catalogue.ts';

const t = useTestApp();

const LIST = '/en/api/products/bundles/';
const page = paginated(productCardSchema.strict());

/** Active bundles in shop order. */
async function bundleRows() {
  return t.handle.db
    .select()
    .from(s.bundles)
    .where(eq(s.bundles.active, true))
    .orderBy(asc(s.bundles.sorting), asc(s.bundles.id));
}

async function bundleBySlug(slug: string) {
  const [row] = await t.handle.db.select().from(s.bundles).where(eq(s.bundles.slug, slug));
  if (!row) throw new Error(`no bundle ${slug}`);
  return row;
}

/** The bundle's items with their product rows. */
async function itemsOf(bundleId: number) {
  return t.handle.db
    .select({
      productId: s.bundleItems.productId,
      quantity: s.bundleItems.quantity,
      product: s.products,
    })
    .from(s.bundleItems)
    .innerJoin(s.products, eq(s.products.id, s.bundleItems.productId))
    .where(eq(s.bundleItems.bundleId, bundleId))
    .orderBy(asc(s.bundleItems.productId));
}

/** min over tracked items of floor(stock / quantity); null when no item is tracked. */
const expectedStock = (items: { quantity: number; product: { stock: number | null } }[]) => {
  const limits = items
    .filter((i) => i.product.stock !== null)
    .map((i) => Math.floor(i.product.stock! / i.quantity));
  return limits.length ? Math.min(...limits) : null;
};

const oneBundle = (id: number | string, headers: Record<string, string> = {}) =>
  getOk(t, `/en/api/products/bundles/${id}/`, bundleSchema, headers);

async function withStock<T>(productId: number, stock: number | null, run: () => Promise<T>) {
  const [before] = await t.handle.db
    .select({ stock: s.products.stock })
    .from(s.products)
    .where(eq(s.products.id, productId));
  await t.handle.db.update(s.products).set({ stock }).where(eq(s.products.id, productId));
  try {
    return await run();
  } finally {
    await t.handle.db
      .update(s.products)
      .set({ stock: before!.stock })
      .where(eq(s.products.id, productId));
  }
}

describe('bundle list', () => {
  it('lists the active bundles as cards with ref "bundle", in shop order', async () => {
    const rows = await bundleRows();
    expect(rows.length).toBeGreaterThan(2);
    const list = await getOk(t, LIST, page);
    expect(list.count).toBe(rows.length);
    expect(list.results.map((b) => b.id)).toEqual(rows.map((r) => r.id));
    for (const card of list.results) {
      const row = rows.find((r) => r.id === card.id)!;
      expect(card).toMatchObject({
        ref: 'bundle',
        slug: `${row.slug}-${row.id}`,
        slugUri: `/bundles/${row.slug}-${row.id}/`,
        price: row.price,
      });
      expect(card.vendor?.id).toBe(row.vendorId);
      expect(card.images.length).toBeGreaterThan(0);
    }
    // Cards only: the items are on the bundle itself.
    expect(list.results.every((card) => !('items' in card))).toBe(true);
  });

  it('pages, sorts and filters like the product list', async () => {
    const rows = await bundleRows();
    const first = await getOk(t, `${LIST}?page_size=2`, page);
    expect(first.results.map((b) => b.id)).toEqual(rows.slice(0, 2).map((r) => r.id));
    expect(new URL(first.next!).searchParams.get('page')).toBe('2');
    const second = await getOk(t, `${LIST}?page_size=2&page=2`, page);
    expect(second.results.map((b) => b.id)).toEqual(rows.slice(2, 4).map((r) => r.id));
    expect(new URL(second.previous!).searchParams.has('page')).toBe(false);
    expect(await getOk(t, `${LIST}?page=9`, page)).toMatchObject({
      count: rows.length,
      results: [],
      next: null,
    });

    const byPrice = await getOk(t, `${LIST}?sort=price`, page);
    expect(byPrice.results.map((b) => b.price)).toEqual(
      rows.map((r) => r.price).sort((a, b) => a - b),
    );
    const dearest = await getOk(t, `${LIST}?sort=-price`, page);
    expect(dearest.results.map((b) => b.price)).toEqual(
      rows.map((r) => r.price).sort((a, b) => b - a),
    );
    const collator = new Intl.Collator('de');
    const byTitle = await getOk(t, '/de/api/products/bundles/?sort=title', page);
    const titles = byTitle.results.map((b) => b.title);
    expect(titles).toEqual([...titles].sort(collator.compare));

    const low = rows.map((r) => r.price).sort((a, b) => a - b)[1]!;
    const cheap = await getOk(t, `${LIST}?price__lte=${low}`, page);
    expect(sortedNumbers(cheap.results.map((b) => b.id))).toEqual(
      sortedNumbers(rows.filter((r) => r.price <= low).map((r) => r.id)),
    );
    const vendor = rows[0]!.vendorId;
    const own = await getOk(t, `${LIST}?vendor=${vendor}`, page);
    expect(own.results.map((b) => b.id)).toEqual(
      rows.filter((r) => r.vendorId === vendor).map((r) => r.id),
    );
  });

  it.each([
    ['sort=bogus', 'sort'],
    ['page=0', 'page'],
    ['price__gte=abc', 'price__gte'],
    ['page_size=1000', 'page_size'],
  ])('answers 400 with field errors for %s', async (query, field) => {
    await expectFieldError(t, `${LIST}?${query}`, field);
  });

  it('prices every card from the bundle row and its valid discounts', async () => {
    const list = await getOk(t, LIST, page);
    const expected = await expectedPrices(
      t,
      'bundle',
      list.results.map((b) => b.id),
      null,
    );
    for (const card of list.results) {
      expect(pricesOf(card), `bundle ${card.id}`).toEqual(pricesFrom(expected.get(card.id)!));
      // Bundles carry no profit of their own.
      expect(card.priceWithoutProfit).toBe(card.price);
    }
    const picnic = await bundleBySlug('picnic-kit');
    const discounted = list.results.find((b) => b.id === picnic.id)!;
    expect(discounted.discountPercent).toBe(10);
    expect(discounted.discountPrice).toBeLessThan(discounted.price);
    expect(list.results.some((b) => b.discountPercent === 0)).toBe(true);
  });
});

describe('one bundle', () => {
  it('carries its items as product cards with quantities', async () => {
    for (const row of await bundleRows()) {
      const bundle = await oneBundle(row.id);
      const items = await itemsOf(row.id);
      expect(bundle.ref).toBe('bundle');
      expect(bundle.items.map((i) => [i.product.id, i.quantity])).toEqual(
        items.map((i) => [i.productId, i.quantity]),
      );
      for (const item of bundle.items) {
        expect(item.product.ref).toBe('product');
      }
      const prices = await expectedPrices(
        t,
        'product',
        items.map((i) => i.productId),
        null,
      );
      for (const item of bundle.items) {
        expect(pricesOf(item.product)).toEqual(pricesFrom(prices.get(item.product.id)!));
      }
    }
  });

  it('has as much stock as its scarcest tracked item allows', async () => {
    const rows = await bundleRows();
    const stocks: (number | null)[] = [];
    for (const row of rows) {
      const bundle = await oneBundle(row.id);
      const expected = expectedStock(await itemsOf(row.id));
      stocks.push(expected);
      expect(bundle.stock, row.slug).toBe(expected);
      expect(bundle.available, row.slug).toBe(expected === null || expected > 0);
    }
    // The demo has a bundle limited by an item taken twice, and one mixing tracked and untracked.
    const breakfast = await bundleBySlug('breakfast-set-for-two');
    const items = await itemsOf(breakfast.id);
    expect(items.some((i) => i.quantity > 1 && i.product.stock !== null)).toBe(true);
    expect((await oneBundle(breakfast.id)).stock).toBe(expectedStock(items));
    expect(stocks.some((st) => st !== null)).toBe(true);
  });

  it('is unavailable with a sold-out item, and follows its stock', async () => {
    const bedroom = await bundleBySlug('linen-bedroom-set');
    const items = await itemsOf(bedroom.id);
    const tracked = items.find((i) => i.product.stock !== null)!;
    await withStock(tracked.productId, 0, async () => {
      const bundle = await oneBundle(bedroom.id);
      expect(bundle.stock).toBe(0);
      expect(bundle.available).toBe(false);
      expect(bundle.items.find((i) => i.product.id === tracked.productId)?.product.available).toBe(
        false,
      );
      const card = (await getOk(t, LIST, page)).results.find((b) => b.id === bedroom.id)!;
      expect(card).toMatchObject({ stock: 0, available: false });
    });
    // One item short of the quantity a bundle needs: floor(1 / 2) = 0.
    const breakfast = await bundleBySlug('breakfast-set-for-two');
    const twice = (await itemsOf(breakfast.id)).find((i) => i.quantity === 2)!;
    await withStock(twice.productId, 1, async () => {
      expect(await oneBundle(breakfast.id)).toMatchObject({ stock: 0, available: false });
    });
    await withStock(twice.productId, 5, async () => {
      const bundle = await oneBundle(breakfast.id);
      expect(bundle.stock).toBe(expectedStock(await itemsOf(breakfast.id)));
      expect(bundle.stock).toBeLessThanOrEqual(2);
      expect(bundle.available).toBe(true);
    });
    expect((await oneBundle(bedroom.id)).available).toBe(true);
  });

  it('is unavailable when an item is deactivated', async () => {
    const bedroom = await bundleBySlug('linen-bedroom-set');
    const [item] = await itemsOf(bedroom.id);
    await t.handle.db
      .update(s.products)
      .set({ active: false })
      .where(eq(s.products.id, item!.productId));
    try {
      expect((await oneBundle(bedroom.id)).available).toBe(false);
    } finally {
      await t.handle.db
        .update(s.products)
        .set({ active: true })
        .where(eq(s.products.id, item!.productId));
    }
  });

  it('is untracked when no item is, and then needs the shop cart', async () => {
    const trio = await bundleBySlug('espresso-tasting-trio');
    const items = await itemsOf(trio.id);
    const tracked = items.filter((i) => i.product.stock !== null);
    // Make every item untracked for a moment.
    await t.handle.db.transaction(async (tx) => {
      for (const i of tracked)
        await tx.update(s.products).set({ stock: null }).where(eq(s.products.id, i.productId));
    });
    try {
      expect(await oneBundle(trio.id)).toMatchObject({ stock: null, available: true });
      await t.handle.db.update(s.organizations).set({ cart: false });
      try {
        expect(await oneBundle(trio.id)).toMatchObject({ stock: null, available: false });
      } finally {
        await t.handle.db.update(s.organizations).set({ cart: true });
      }
    } finally {
      for (const i of tracked)
        await t.handle.db
          .update(s.products)
          .set({ stock: i.product.stock })
          .where(eq(s.products.id, i.productId));
    }
    expect((await oneBundle(trio.id)).stock).toBe(expectedStock(items));
  });

  it('applies the bundle discount and lists it', async () => {
    const picnic = await bundleBySlug('picnic-kit');
    const bundle = await oneBundle(picnic.id);
    const expected = (await expectedPrices(t, 'bundle', [picnic.id], null)).get(picnic.id)!;
    expect(pricesOf(bundle)).toEqual(pricesFrom(expected));
    expect(bundle.discountPercent).toBe(10);
    expect(bundle.discounts).toEqual([expect.objectContaining({ value: 10, user: false })]);
    expect(bundle.vat.percent).toBeGreaterThan(0);
  });

  it("prices the items for the logged-in shopper, with the shopper's own discounts", async () => {
    const shopper = await userId(t, 'shopper@example.com');
    const { cookie } = await login(t, 'shopper@example.com');
    const bedroom = await bundleBySlug('linen-bedroom-set');
    const bundle: Bundle = await oneBundle(bedroom.id, { cookie });
    const mine = await expectedPrices(
      t,
      'product',
      bundle.items.map((i) => i.product.id),
      shopper,
    );
    for (const item of bundle.items) {
      expect(pricesOf(item.product)).toEqual(pricesFrom(mine.get(item.product.id)!));
    }
    // The fitted sheet has a shopper-only discount.
    const anonymous = await oneBundle(bedroom.id);
    const differs = bundle.items.filter(
      (i) =>
        i.product.discountPercent !==
        anonymous.items.find((a) => a.product.id === i.product.id)?.product.discountPercent,
    );
    expect(differs.length).toBeGreaterThan(0);
  });

  it('resolves a slug ending in the id', async () => {
    const picnic = await bundleBySlug('picnic-kit');
    const bySlug = await oneBundle(`picnic-kit-${picnic.id}`);
    expect(bySlug).toEqual(await oneBundle(picnic.id));
    expect(bySlug.title).toBe('Picnic Kit');
    const de = await getOk(t, `/de/api/products/bundles/${picnic.id}/`, bundleSchema);
    expect(de.title).not.toBe(bySlug.title);
  });

  it('details a bundle with related products of its vendor that are not in it', async () => {
    for (const row of await bundleRows()) {
      const detail = await getOk(
        t,
        `/en/api/products/bundles/${row.id}/detail/`,
        bundleDetailSchema,
      );
      expect(detail.id).toBe(row.id);
      expect(detail.items.length).toBeGreaterThan(0);
      expect(detail.content).toBeTypeOf('string');
      const inside = new Set(detail.items.map((i) => i.product.id));
      const candidates = await t.handle.db
        .select({ id: s.products.id })
        .from(s.products)
        .where(
          and(
            eq(s.products.vendorId, row.vendorId),
            eq(s.products.active, true),
            isNull(s.products.parentId),
          ),
        );
      const allowed = new Set(candidates.map((c) => c.id).filter((id) => !inside.has(id)));
      expect(detail.related.length).toBe(Math.min(4, allowed.size));
      for (const related of detail.related) {
        expect(allowed.has(related.id), `bundle ${row.id} related ${related.id}`).toBe(true);
        expect(related.vendor?.id).toBe(row.vendorId);
      }
    }
  });

  it('hides an inactive bundle', async () => {
    const picnic = await bundleBySlug('picnic-kit');
    await t.handle.db.update(s.bundles).set({ active: false }).where(eq(s.bundles.id, picnic.id));
    try {
      await expectNotFound(t, `/en/api/products/bundles/${picnic.id}/`);
      await expectNotFound(t, `/en/api/products/bundles/${picnic.id}/detail/`);
      const list = await getOk(t, LIST, page);
      expect(list.results.map((b) => b.id)).not.toContain(picnic.id);
    } finally {
      await t.handle.db.update(s.bundles).set({ active: true }).where(eq(s.bundles.id, picnic.id));
    }
  });

  it.each([
    '/en/api/products/bundles/999999/',
    '/en/api/products/bundles/999999/detail/',
    '/en/api/products/bundles/no-such-bundle-999999/',
  ])('answers 404 JSON for an unknown bundle: %s', async (url) => {
    await expectNotFound(t, url);
  });

  it('answers an id past 32 bits without a server error', async () => {
    const res = await get(t, '/en/api/products/bundles/2147483648/');
    expect([400, 404], res.body).toContain(res.statusCode);
  });
});

describe('bundle search', () => {
  const SEARCH = '/api/products/bundles/search';
  const search = (locale: string, text: string, extra = '') =>
    getOk(t, `/${locale}${SEARCH}?query=${encodeURIComponent(text)}${extra}`, page);

  it('finds an active bundle by a word of its title, in the caller’s language', async () => {
    const picnic = await bundleBySlug('picnic-kit');
    const en = await search('en', 'picnic');
    expect(en.results.map((b) => b.id)).toContain(picnic.id);
    const card = en.results.find((b) => b.id === picnic.id)!;
    expect(card).toMatchObject({
      ref: 'bundle',
      title: 'Picnic Kit',
      slugUri: `/bundles/picnic-kit-${picnic.id}/`,
    });
    expect(card.images.length).toBeGreaterThan(0);
    expect('items' in card).toBe(false);

    const de = await search('de', 'PICKNICK');
    expect(de.results.map((b) => b.title)).toContain('Picknick-Set');
    // The search reads the caller's locale: "Frühstück" is only in the German title.
    const breakfast = await bundleBySlug('breakfast-set-for-two');
    expect((await search('de', 'frühstück')).results.map((b) => b.id)).toEqual([breakfast.id]);
    expect((await search('en', 'Frühstück')).results).toEqual([]);
  });

  it('finds a bundle by a word of its description or of an item title, title matches first', async () => {
    const linen = await bundleBySlug('linen-bedroom-set');
    // "stonewashed" is only in the linen set's description.
    const described = await search('en', 'stonewashed');
    expect(described.results.map((b) => b.id)).toEqual([linen.id]);
    // "Speckled" is only in the title of an item of the breakfast set (the speckled bowl), not
    // in the set's own title or description.
    const breakfast = await bundleBySlug('breakfast-set-for-two');
    expect((await search('en', 'speckled')).results.map((b) => b.id)).toEqual([breakfast.id]);
    expect((await search('de', 'gesprenkelt')).results.map((b) => b.id)).toEqual([breakfast.id]);
    // A bundle whose title has the word comes before one that has it in its text, even when the
    // shop's order puts that one first.
    const picnic = await bundleBySlug('picnic-kit');
    expect(linen.sorting).toBeLessThan(picnic.sorting);
    const enLinen = and(
      eq(s.bundleTranslations.parentId, linen.id),
      eq(s.bundleTranslations.locale, 'en'),
    );
    const [before] = await t.handle.db.select().from(s.bundleTranslations).where(enLinen);
    await t.handle.db
      .update(s.bundleTranslations)
      .set({ description: `${before!.description} Fits a picnic basket.` })
      .where(enLinen);
    try {
      const found = await search('en', 'picnic');
      expect(found.results.map((b) => b.id)).toEqual([picnic.id, linen.id]);
    } finally {
      await t.handle.db
        .update(s.bundleTranslations)
        .set({ description: before!.description })
        .where(enLinen);
    }
  });

  it('finds nothing for a word no bundle has, and never an inactive bundle', async () => {
    const none = await search('en', 'xylophonequartz');
    expect(none).toEqual({ count: 0, next: null, previous: null, results: [] });
    const picnic = await bundleBySlug('picnic-kit');
    await t.handle.db.update(s.bundles).set({ active: false }).where(eq(s.bundles.id, picnic.id));
    try {
      expect((await search('en', 'picnic')).results.map((b) => b.id)).not.toContain(picnic.id);
    } finally {
      await t.handle.db.update(s.bundles).set({ active: true }).where(eq(s.bundles.id, picnic.id));
    }
  });

  it('pages with a bounded page size', async () => {
    // Every demo bundle has an "e" in its English title or description.
    const all = await search('en', 'e');
    expect(all.count).toBe((await bundleRows()).length);
    const first = await search('en', 'e', '&page_size=2');
    expect(first.count).toBe(all.count);
    expect(first.results.map((b) => b.id)).toEqual(all.results.slice(0, 2).map((b) => b.id));
    const next = new URL(first.next!);
    expect(next.pathname).toBe(`/en${SEARCH}`);
    expect(next.searchParams.get('query')).toBe('e');
    const second = await getOk(t, `${next.pathname}${next.search}`, page);
    expect(second.results.map((b) => b.id)).toEqual(all.results.slice(2, 4).map((b) => b.id));
    await expectFieldError(t, `/en${SEARCH}?query=e&page_size=101`, 'page_size');
    await expectFieldError(t, `/en${SEARCH}?query=e&page_size=0`, 'page_size');
  });

  it.each([
    ['en', 'x'.repeat(201), 'The "Search" field may not be longer than 200 characters'],
    ['de', 'x'.repeat(201), 'Das Feld „Suche“ darf höchstens 200 Zeichen lang sein'],
    ['de', 'picnic\u0000', 'Das Feld „Suche“ ist ungültig'],
    ['de', '  ', 'Dieses Feld ist ein Pflichtfeld'],
  ])('answers 400 in the language for a bad query (%s, %j)', async (locale, text, message) => {
    const res = await get(t, `/${locale}${SEARCH}?query=${encodeURIComponent(text)}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(fieldErrorsSchema.parse(res.json())).toEqual({ query: [message] });
  });
});
