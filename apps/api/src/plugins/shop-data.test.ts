import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  paginated,
  priceRangeSchema,
  productCardSchema,
  productDetailSchema,
  productSchema,
} from '@shop/contract';
import * as s from '#api/db/schema.ts';
import { useTestApp } from '../../test/helpers.ts';
import { get, getOk, login } from '../../test/catalogue.ts';
import { recordStatements } from '../../test/statements.ts';
import { SHOP_CLOSED_STATUS } from './shop-guard.ts';

// The caches as the server runs them (a minute at most, cards' stock 10 s, the change count read
// once a second), on a clock the tests move instead of waiting.
let clock = Date.now();
const t = useTestApp({
  catalogueCacheMs: 60_000,
  pageCacheMs: 10_000,
  changeCheckMs: 1000,
  now: () => new Date(clock),
});
const later = (ms: number) => {
  clock += ms;
};

const body = async (url: string, headers: Record<string, string> = {}) => {
  const res = await get(t, url, headers);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.body;
};

/** The same write without the change count seeing it: shows what the cache alone would do. */
async function unseen(table: string, write: () => Promise<unknown>) {
  await t.handle.db.execute(sql.raw(`ALTER TABLE "${table}" DISABLE TRIGGER "shop_data_changed"`));
  try {
    await write();
  } finally {
    await t.handle.db.execute(sql.raw(`ALTER TABLE "${table}" ENABLE TRIGGER "shop_data_changed"`));
  }
}

type TitledTranslations =
  | typeof s.menuTranslations
  | typeof s.widgetTranslations
  | typeof s.organizationTranslations
  | typeof s.attributeValueTranslations;

/** Appends `text` to every English title of a translation table. */
const appendToEnglishTitles = (table: TitledTranslations, text: string) =>
  t.handle.db
    .update(table)
    .set({ title: sql`${table.title} || ${text}` })
    .where(eq(table.locale, 'en'));

describe('shop-wide answers', () => {
  it('are served from the cache while the shop data is unchanged', async () => {
    const before = await body('/en/api/content/menus/');
    await unseen('menu_translations', () =>
      appendToEnglishTitles(s.menuTranslations, ' (cached?)'),
    );
    later(30_000);
    expect(await body('/en/api/content/menus/')).toBe(before);
    // …and for a minute at most, even when a change went unnoticed.
    later(30_000);
    expect(await body('/en/api/content/menus/')).toContain('(cached?)');
  });

  // Each: a URL, a write to what it is made of, and what the answer shows after the write.
  type Case = [url: string, write: () => Promise<unknown>, changed: string];
  /** A case whose write marks the English titles of a translation table. */
  const retitled = (url: string, table: TitledTranslations, mark: string): Case => [
    url,
    () => appendToEnglishTitles(table, ` (${mark})`),
    `(${mark})`,
  ];
  const cases: Case[] = [
    retitled('/en/api/content/menus/', s.menuTranslations, 'menu changed'),
    retitled('/en/api/content/get_widgets/', s.widgetTranslations, 'widget changed'),
    [
      '/en/api/core/languages/',
      () =>
        t.handle.db
          .update(s.languages)
          .set({ name: sql`${s.languages.name} || ' (language changed)'` })
          .where(eq(s.languages.code, 'de')),
      '(language changed)',
    ],
    retitled(
      '/en/api/organizations/organization_info/',
      s.organizationTranslations,
      'shop changed',
    ),
    retitled(
      '/en/api/products/get_filters_attributes/',
      s.attributeValueTranslations,
      'value changed',
    ),
    // The counts of ticked values, kept per set of values (issue 25).
    retitled(
      '/en/api/products/facets/?values__id=2&values__id=1',
      s.attributeValueTranslations,
      'facet changed',
    ),
    [
      '/en/api/products/products/price_range/',
      () =>
        t.handle.db
          .update(s.products)
          .set({ price: 98_765 })
          .where(and(eq(s.products.active, true), sql`${s.products.parentId} IS NULL`)),
      '"max":98765',
    ],
  ];

  it.each(cases)('%s shows a change within a second', async (url, write, changed) => {
    expect(await body(url)).not.toContain(changed);
    await write();
    later(1000);
    expect(await body(url)).toContain(changed);
  });

  it('a stock change (every order makes one) keeps them', async () => {
    const first = await get(t, '/en/api/products/products/price_range/');
    await t.handle.db.update(s.products).set({ stock: 3 });
    const [row] = await t.handle.db
      .select({ version: s.shopDataVersions.version })
      .from(s.shopDataVersions);
    await t.handle.db.update(s.products).set({ stock: 4 });
    const [after] = await t.handle.db
      .select({ version: s.shopDataVersions.version })
      .from(s.shopDataVersions);
    expect(after?.version).toBe(row?.version);
    expect(priceRangeSchema.parse(first.json())).toEqual(
      priceRangeSchema.parse((await get(t, '/en/api/products/products/price_range/')).json()),
    );
  });
});

describe('closing the shop', () => {
  const LIST = '/en/api/products/products/?page_size=1';

  it('shows on every guarded call within a second, and within 5 s even if the change went unseen', async () => {
    expect((await get(t, LIST)).statusCode).toBe(200);
    await t.handle.db.update(s.organizations).set({ visible: false });
    later(1000);
    expect((await get(t, LIST)).statusCode).toBe(SHOP_CLOSED_STATUS);

    await unseen('organizations', () => t.handle.db.update(s.organizations).set({ visible: true }));
    later(4000);
    expect((await get(t, LIST)).statusCode).toBe(SHOP_CLOSED_STATUS);
    later(1000);
    expect((await get(t, LIST)).statusCode).toBe(200);
  });
});

describe('personal discounts on cached paths', () => {
  it('stay the logged-in shopper’s own, whoever asked first', async () => {
    const [sheet] = await t.handle.db
      .select()
      .from(s.products)
      .where(eq(s.products.slug, 'linen-fitted-sheet'));
    if (!sheet) throw new Error('no fitted sheet in the demo shop');
    const { cookie } = await login(t, 'shopper@example.com');
    const list = `/en/api/products/products/?page_size=100&price__lte=${sheet.price + 1}`;
    const search = '/en/api/products/products/search?query=sheet';
    const one = `/en/api/products/products/${sheet.id}/`;
    const detail = `/en/api/products/products/${sheet.id}/detail_view/`;
    const page = paginated(productCardSchema);
    const sheetIn = (cards: { id: number; discountPercent: number }[]) =>
      cards.find((c) => c.id === sheet.id)?.discountPercent;

    // Anonymous first, the shopper next, anonymous again: every answer is the asker's own.
    for (const round of [1, 2]) {
      expect(sheetIn((await getOk(t, list, page)).results), `round ${round}`).toBe(0);
      expect(sheetIn((await getOk(t, list, page, { cookie })).results)).toBe(12);
      expect(sheetIn((await getOk(t, search, page)).results)).toBe(0);
      expect(sheetIn((await getOk(t, search, page, { cookie })).results)).toBe(12);
      expect((await getOk(t, one, productSchema, { cookie })).discountPercent).toBe(12);
      expect((await getOk(t, one, productSchema)).discountPercent).toBe(0);
      expect((await getOk(t, detail, productDetailSchema)).discountPercent).toBe(0);
      expect((await getOk(t, detail, productDetailSchema, { cookie })).discountPercent).toBe(12);
      expect(sheetIn((await getOk(t, list, page)).results)).toBe(0);
      later(500);
    }
  });
});

describe("a logged-in shopper's list (issue 25, decision 0036)", () => {
  it('takes the cards from the card cache and reads only the shopper’s own discounts on top', async () => {
    const [sheet] = await t.handle.db
      .select()
      .from(s.products)
      .where(eq(s.products.slug, 'linen-fitted-sheet'));
    if (!sheet) throw new Error('no fitted sheet in the demo shop');
    const { cookie } = await login(t, 'shopper@example.com');
    const list = `/en/api/products/products/?page_size=24&price__lte=${sheet.price + 1}`;
    const page = paginated(productCardSchema);
    // A visitor's view keeps the cards' shop-wide part.
    const shared = await getOk(t, list, page);
    expect(shared.results.find((c) => c.id === sheet.id)?.discountPercent).toBe(0);
    later(100);
    const log = recordStatements(t.handle.db);
    try {
      const mine = await getOk(t, list, page, { cookie });
      expect(mine.results.map((c) => c.id)).toEqual(shared.results.map((c) => c.id));
      expect(mine.results.find((c) => c.id === sheet.id)?.discountPercent).toBe(12);
      // No card row, picture or review average read again: the cache's.
      expect(log.reading('images')).toEqual([]);
      expect(log.reading('product_reviews')).toEqual([]);
      expect(log.reading('product_translations')).toEqual([]);
      // No shop-wide discount read again: at most one read, of the shopper's own (none when
      // their own are still kept from the login, decision 0066).
      const discounts = log.reading('discounts');
      expect(discounts.length).toBeLessThanOrEqual(1);
      for (const read of discounts) expect(read).toMatch(/"user_id"/);
    } finally {
      log.stop();
    }
  });
});

describe("the pages' change count", () => {
  it('is read once a second, but a write through this server shows at its next read', async () => {
    later(1000);
    const before = await t.app.pageDataVersion();
    // A script's write (another process): seen within the second, not before.
    await t.handle.db.update(s.discounts).set({ value: sql`${s.discounts.value}` });
    expect(await t.app.pageDataVersion()).toBe(before);
    later(1000);
    const seen = await t.app.pageDataVersion();
    expect(seen).toBeGreaterThan(before);
    // Another write, then any write request through the API (here a login): read again at once.
    await t.handle.db.update(s.discounts).set({ value: sql`${s.discounts.value}` });
    expect(await t.app.pageDataVersion()).toBe(seen);
    await login(t, 'shopper@example.com');
    expect(await t.app.pageDataVersion()).toBeGreaterThan(seen);
  });
});

describe('product cards on lists, search and related products', () => {
  const LIST = '/en/api/products/products/?page_size=12';
  const page = paginated(productCardSchema);
  const cardsOf = async (url: string) => (await getOk(t, url, page)).results;

  it('keep their shop-wide part until a discount or a review changes, the stock 10 s at most', async () => {
    const [first] = await cardsOf(LIST);
    if (!first) throw new Error('an empty list');
    const card = async () => (await cardsOf(LIST)).find((c) => c.id === first.id);
    const setStock = (stock: number) =>
      t.handle.db.update(s.products).set({ stock }).where(eq(s.products.id, first.id));

    // Every order moves the stock, and no change count follows it: a card shows it as late as a
    // kept page may (PAGE_CACHE_SECONDS), never the catalogue's minute. Cart and checkout read
    // it as it is.
    await setStock(0);
    later(1000);
    expect((await card())?.stock).toBe(first.stock);
    later(9000);
    expect(await card()).toMatchObject({ stock: 0, available: false });
    await setStock(7);
    later(10_000);
    expect(await card()).toMatchObject({ stock: 7, available: true });

    await t.handle.db.insert(s.discounts).values({ productId: first.id, value: 20 });
    later(1000);
    expect((await card())?.discountPercent).toBe(20);

    const before = (await card())?.reviewsCount ?? 0;
    const [user] = await t.handle.db
      .select({ id: s.users.id })
      .from(s.users)
      .where(
        sql`${s.users.id} NOT IN (SELECT ${s.productReviews.userId} FROM ${s.productReviews}
          WHERE ${s.productReviews.productId} = ${first.id})`,
      )
      .limit(1);
    if (!user) throw new Error('every user reviewed this product');
    await t.handle.db
      .insert(s.productReviews)
      .values({ productId: first.id, userId: user.id, rating: 5, text: 'Kept?' });
    later(1000);
    expect((await card())?.reviewsCount).toBe(before + 1);
  });

  it('price a kept card at the time of each request: a discount starts without any write', async () => {
    const first = (await cardsOf(LIST)).find((c) => c.discountPercent === 0);
    if (!first) throw new Error('no card without a discount');
    // Discounts are judged on the app's clock (req.now(), decision 0071): the test's clock.
    const startsAt = new Date(clock + 1500);
    await t.handle.db.insert(s.discounts).values({ productId: first.id, value: 30, startsAt });
    later(1000);
    const card = async () => (await cardsOf(LIST)).find((c) => c.id === first.id);
    expect((await card())?.discountPercent).toBe(0);
    later(1000);
    expect((await card())?.discountPercent).toBe(30);
  });
});
