import { describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import {
  PRODUCT_PAGE_SIZE,
  facetsSchema,
  filtersAttributesSchema,
  paginated,
  priceRangeSchema,
  searchPage,
  productCardSchema,
  productDetailSchema,
  productSchema,
  variationsSchema,
  type FilterAttribute,
  type Paginated,
  type ProductCard,
} from '@shop/contract';
import {
  compareByShownPrice,
  facetCounts,
  groupVariationAttributes,
  isDiscountValid,
  productIdsMatching,
  type Discount,
} from '@shop/domain';
import * as s from '#api/db/schema.ts';
import { useTestApp } from '../../test/helpers.ts';
import {
  expectFieldError,
  expectNotFound,
  expectedPrices,
  get,
  getOk,
  listedProducts,
  login,
  pricesFrom,
  pricesOf,
  sortedNumbers,
  userId,
} from '../../test/catalogue.ts';

const t = useTestApp();

const LIST = '/en/api/products/products/';
const page = paginated(productCardSchema);
const searchResults = searchPage(productCardSchema);
type ProductPage = Paginated<ProductCard>;

/** Every listed card in one answer (the whole demo catalogue fits in page_size=100). */
async function all(query = '', locale = 'en', headers: Record<string, string> = {}) {
  const url = `/${locale}/api/products/products/?page_size=100${query ? `&${query}` : ''}`;
  const body = await getOk(t, url, page, headers);
  expect(body.count).toBe(body.results.length);
  return body.results;
}
const ids = (cards: { id: number }[]) => cards.map((c) => c.id);

async function productBySlug(slug: string) {
  const [row] = await t.handle.db.select().from(s.products).where(eq(s.products.slug, slug));
  if (!row) throw new Error(`no product ${slug}`);
  return row;
}

async function valueId(attributeSlug: string, valueSlug: string) {
  const [row] = await t.handle.db
    .select({ id: s.attributeValues.id })
    .from(s.attributeValues)
    .innerJoin(s.attributes, eq(s.attributes.id, s.attributeValues.attributeId))
    .where(and(eq(s.attributes.slug, attributeSlug), eq(s.attributeValues.slug, valueSlug)));
  if (!row) throw new Error(`no value ${attributeSlug}:${valueSlug}`);
  return row.id;
}

async function attributeId(slug: string) {
  const [row] = await t.handle.db
    .select({ id: s.attributes.id })
    .from(s.attributes)
    .where(eq(s.attributes.slug, slug));
  if (!row) throw new Error(`no attribute ${slug}`);
  return row.id;
}

/** Ids of the listed products carrying any of the values. */
async function carrying(valueIds: number[]) {
  const rows = await t.handle.db
    .selectDistinct({ id: s.productValues.productId })
    .from(s.productValues)
    .innerJoin(s.products, eq(s.products.id, s.productValues.productId))
    .where(
      and(
        inArray(s.productValues.valueId, valueIds),
        eq(s.products.active, true),
        isNull(s.products.parentId),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

const intersect = (a: Set<number>, b: Set<number>) => new Set([...a].filter((id) => b.has(id)));

async function titles(locale: 'en' | 'de' | 'ru' | 'it') {
  const rows = await t.handle.db
    .select({ id: s.productTranslations.parentId, title: s.productTranslations.title })
    .from(s.productTranslations)
    .where(eq(s.productTranslations.locale, locale));
  return new Map(rows.map((r) => [r.id, r.title]));
}

async function setActive(id: number, active: boolean) {
  await t.handle.db.update(s.products).set({ active }).where(eq(s.products.id, id));
}

// ---------------------------------------------------------------- list, paging, order

describe('product list: paging', () => {
  it('answers 12 cards a page by default, with the total count and absolute links', async () => {
    const listed = await listedProducts(t);
    expect(listed.length).toBeGreaterThan(2 * PRODUCT_PAGE_SIZE);

    const first = await getOk(t, `${LIST}?_=cache123`, page);
    expect(first.count).toBe(listed.length);
    expect(first.results).toHaveLength(PRODUCT_PAGE_SIZE);
    expect(first.previous).toBeNull();
    const next = new URL(first.next!);
    expect(next.protocol).toMatch(/^https?:$/);
    expect(next.pathname).toBe('/en/api/products/products/');
    expect(next.searchParams.get('page')).toBe('2');
    // The cache-version parameter is not carried into the links.
    expect(next.searchParams.has('_')).toBe(false);

    const second = await getOk(t, `${LIST}?page=2`, page);
    expect(second.results).toHaveLength(PRODUCT_PAGE_SIZE);
    const previous = new URL(second.previous!);
    expect(previous.pathname).toBe('/en/api/products/products/');
    // Page 1 is the list without a page parameter.
    expect(previous.searchParams.has('page')).toBe(false);
    expect(new URL(second.next!).searchParams.get('page')).toBe('3');

    // Page 2 continues the order of page 1 without repeating it.
    expect(ids(second.results).some((id) => ids(first.results).includes(id))).toBe(false);
    expect([...ids(first.results), ...ids(second.results)]).toEqual(
      listed.slice(0, 2 * PRODUCT_PAGE_SIZE).map((p) => p.id),
    );
  });

  it('keeps the other parameters in the links', async () => {
    const second = await getOk(t, `${LIST}?sort=price&page=2&page_size=5`, page);
    const previous = new URL(second.previous!);
    expect(previous.searchParams.get('sort')).toBe('price');
    expect(previous.searchParams.get('page_size')).toBe('5');
    expect(previous.searchParams.has('page')).toBe(false);
    const next = new URL(second.next!);
    expect(next.searchParams.get('sort')).toBe('price');
    expect(next.searchParams.get('page')).toBe('3');
  });

  it('walks every page to the end: the pages concatenate to the whole ordered list', async () => {
    const listed = await listedProducts(t);
    const seen: number[] = [];
    let url: string | null = `${LIST}?page_size=7`;
    let pages = 0;
    while (url) {
      const { pathname, search }: URL = new URL(url, 'http://localhost');
      const body: ProductPage = await getOk(t, pathname + search, page);
      expect(body.count).toBe(listed.length);
      seen.push(...ids(body.results));
      url = body.next;
      pages++;
    }
    expect(pages).toBe(Math.ceil(listed.length / 7));
    expect(seen).toEqual(listed.map((p) => p.id));
  });

  it('answers an empty page beyond the end, with the right count', async () => {
    const listed = await listedProducts(t);
    const last = Math.ceil(listed.length / PRODUCT_PAGE_SIZE);
    const beyond = await getOk(t, `${LIST}?page=${last + 5}`, page);
    expect(beyond.results).toEqual([]);
    expect(beyond.count).toBe(listed.length);
    expect(beyond.next).toBeNull();
    expect(new URL(beyond.previous!).searchParams.get('page')).toBe(String(last));

    const lastPage = await getOk(t, `${LIST}?page=${last}`, page);
    expect(lastPage.results.length).toBe(listed.length - (last - 1) * PRODUCT_PAGE_SIZE);
    expect(lastPage.next).toBeNull();
  });
});

describe('product list: order', () => {
  it("orders by each product's own sorting value by default", async () => {
    const listed = await listedProducts(t);
    const cards = await all();
    expect(ids(cards)).toEqual(listed.map((p) => p.id));
    const sorting = new Map(listed.map((p) => [p.id, p.sorting]));
    const values = cards.map((c) => sorting.get(c.id)!);
    expect(values).toEqual([...values].sort((a, b) => a - b));
    // `sort=sorting` is the same order.
    expect(ids(await all('sort=sorting'))).toEqual(ids(cards));
  });

  it('sorts by the price the shopper sees (discounted), ascending and descending', async () => {
    const listed = await listedProducts(t);
    const up = await all('sort=price');
    const down = await all('sort=-price');
    expect(sortedNumbers(ids(up))).toEqual(sortedNumbers(listed.map((p) => p.id)));
    expect(ids(up)).toEqual(ids([...up].sort(compareByShownPrice('asc'))));
    expect(ids(down)).toEqual(ids([...down].sort(compareByShownPrice('desc'))));
    // The issue's case: the tea towels at €19.99 less 10 % (€17.99) before a €18.50 item.
    const towels = up.find((c) => c.slug.startsWith('linen-tea-towel-set'))!;
    const plain = up.find((c) => c.price === 18.5 && c.discountPercent === 0)!;
    expect([towels.price, towels.discountPrice]).toEqual([19.99, 17.99]);
    expect(up.indexOf(towels)).toBeLessThan(up.indexOf(plain));
    // Pages continue the same order.
    const p1 = await getOk(t, `${LIST}?sort=-price`, page);
    const p2 = await getOk(t, `${LIST}?sort=-price&page=2`, page);
    expect([...ids(p1.results), ...ids(p2.results)]).toEqual(
      ids(down).slice(0, 2 * PRODUCT_PAGE_SIZE),
    );
  });

  it("sorts a logged-in shopper's list by their own prices (personal discounts included)", async () => {
    const { cookie } = await login(t, 'shopper@example.com');
    const anonymous = await all('sort=price');
    const mine = await all('sort=price', 'en', { cookie });
    expect(ids(mine)).toEqual(ids([...mine].sort(compareByShownPrice('asc'))));
    // Their personal discounts move products: the order is not the anonymous one.
    expect(ids(mine)).not.toEqual(ids(anonymous));
    const down = await all('sort=-price', 'en', { cookie });
    expect(ids(down)).toEqual(ids([...down].sort(compareByShownPrice('desc'))));
  });

  it('sorts by creation date, oldest or newest first', async () => {
    const listed = await listedProducts(t);
    const byCreated = [...listed].sort(
      (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id,
    );
    expect(ids(await all('sort=created'))).toEqual(byCreated.map((p) => p.id));
    const newest = ids(await all('sort=-created'));
    const created = new Map(listed.map((p) => [p.id, p.createdAt.getTime()]));
    const times = newest.map((id) => created.get(id)!);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(sortedNumbers(newest)).toEqual(sortedNumbers(listed.map((p) => p.id)));
  });

  it('sorts by title in the order of the locale (German: umlauts with their vowel)', async () => {
    const de = await titles('de');
    const collator = new Intl.Collator('de');
    const cards = await all('sort=title', 'de');
    expect(cards.map((c) => c.title)).toEqual(cards.map((c) => de.get(c.id)));
    const expected = [...cards.map((c) => c.title)].sort(collator.compare);
    // e.g. 'Äthiopien …' belongs among the A's and 'Ölkaraffe …' among the O's, not after 'Z'.
    expect(cards.map((c) => c.title)).toEqual(expected);
  });

  it('sorts by title descending', async () => {
    const collator = new Intl.Collator('en');
    const cards = await all('sort=-title');
    const expected = [...cards.map((c) => c.title)].sort((a, b) => collator.compare(b, a));
    expect(cards.map((c) => c.title)).toEqual(expected);
  });
});

describe('product list: what is listed', () => {
  it('lists parent products only, never their variations', async () => {
    const everything = await t.handle.db.select().from(s.products);
    const children = everything.filter((p) => p.parentId !== null);
    const parents = everything.filter((p) => p.parentId === null && p.active);
    expect(children.length).toBeGreaterThan(0);
    const listed = ids(await all());
    expect(listed.some((id) => children.some((c) => c.id === id))).toBe(false);
    expect(sortedNumbers(listed)).toEqual(sortedNumbers(parents.map((p) => p.id)));
  });

  it('hides a deactivated product everywhere, and shows it again when reactivated', async () => {
    const before = await all();
    const victim = before[0]!;
    await setActive(victim.id, false);
    try {
      const after = await all();
      expect(ids(after)).not.toContain(victim.id);
      expect(after).toHaveLength(before.length - 1);
      await expectNotFound(t, `/en/api/products/products/${victim.id}/`);
      await expectNotFound(t, `/en/api/products/products/${victim.id}/detail_view/`);
      const filters = filtersAttributesSchema.parse(
        (await get(t, '/en/api/products/get_filters_attributes/')).json(),
      );
      expect(filters.flatMap((a) => a.values.flatMap((v) => v.products))).not.toContain(victim.id);
      const search = await getOk(
        t,
        `/en/api/products/products/search?query=${encodeURIComponent(victim.title)}`,
        page,
      );
      expect(ids(search.results)).not.toContain(victim.id);
    } finally {
      await setActive(victim.id, true);
    }
    expect(ids(await all())).toEqual(ids(before));
  });
});

// ---------------------------------------------------------------- filters

describe('product list: filters', () => {
  it('combines values of one attribute as any-of and different attributes as intersection', async () => {
    const natural = await valueId('colour', 'natural');
    const white = await valueId('colour', 'white');
    const linen = await valueId('material', 'linen');

    const naturalOnly = await carrying([natural]);
    const whiteOnly = await carrying([white]);
    const union = await carrying([natural, white]);
    expect(union.size).toBeGreaterThan(Math.max(naturalOnly.size, whiteOnly.size));

    expect(sortedNumbers(ids(await all(`values__id=${natural}`)))).toEqual(
      sortedNumbers(naturalOnly),
    );
    expect(sortedNumbers(ids(await all(`values__id=${natural},${white}`)))).toEqual(
      sortedNumbers(union),
    );
    // Repeated parameters mean the same as a comma list.
    expect(sortedNumbers(ids(await all(`values__id=${natural}&values__id=${white}`)))).toEqual(
      sortedNumbers(union),
    );

    const both = intersect(union, await carrying([linen]));
    expect(both.size).toBeGreaterThan(0);
    expect(both.size).toBeLessThan(union.size);
    const filtered = await all(`values__id=${natural},${white},${linen}`);
    expect(sortedNumbers(ids(filtered))).toEqual(sortedNumbers(both));
    // Still in the default order.
    const listed = ids(await all());
    expect(ids(filtered)).toEqual(listed.filter((id) => both.has(id)));
  });

  it('filters by attributes: products with any value of each given attribute', async () => {
    const roast = await attributeId('roast-level');
    const capacity = await attributeId('capacity');
    const colour = await attributeId('colour');
    const valuesOf = async (attribute: number) =>
      (
        await t.handle.db
          .select({ id: s.attributeValues.id })
          .from(s.attributeValues)
          .where(eq(s.attributeValues.attributeId, attribute))
      ).map((v) => v.id);
    const withRoast = await carrying(await valuesOf(roast));
    expect(withRoast.size).toBeGreaterThan(0);
    expect(sortedNumbers(ids(await all(`attrs__id=${roast}`)))).toEqual(sortedNumbers(withRoast));

    const both = intersect(
      await carrying(await valuesOf(capacity)),
      await carrying(await valuesOf(colour)),
    );
    expect(both.size).toBeGreaterThan(0);
    expect(sortedNumbers(ids(await all(`attrs__id=${capacity},${colour}`)))).toEqual(
      sortedNumbers(both),
    );
  });

  it('bounds the price inclusively on both ends, and sorts the filtered list', async () => {
    const listed = await listedProducts(t);
    const prices = [...new Set(listed.map((p) => p.price))].sort((a, b) => a - b);
    const low = prices[3]!;
    const high = prices[prices.length - 4]!;
    const inside = listed.filter((p) => p.price >= low && p.price <= high);
    const cards = await all(`price__gte=${low}&price__lte=${high}&sort=-price`);
    expect(sortedNumbers(ids(cards))).toEqual(sortedNumbers(inside.map((p) => p.id)));
    expect(cards.map((c) => c.price)).toContain(low);
    expect(cards.map((c) => c.price)).toContain(high);
    // Sorted by the shown price (the filter bounds the list price).
    expect(ids(cards)).toEqual(ids([...cards].sort(compareByShownPrice('desc'))));

    expect((await all(`price__gte=${high}`)).every((c) => c.price >= high)).toBe(true);
    expect((await all(`price__lte=${low}`)).map((c) => c.price).sort((a, b) => a - b)).toEqual(
      listed
        .filter((p) => p.price <= low)
        .map((p) => p.price)
        .sort((a, b) => a - b),
    );
    // One exact price is both bounds.
    const exact = await all(`price__gte=${low}&price__lte=${low}`);
    expect(exact.length).toBeGreaterThan(0);
    expect(exact.every((c) => c.price === low)).toBe(true);
    // A reversed range is empty, not an error.
    expect(await all(`price__gte=${high}&price__lte=${low}`)).toEqual([]);
  });

  it('filters by vendor, together with the other filters', async () => {
    const listed = await listedProducts(t);
    const vendor = listed[0]!.vendorId;
    const own = listed.filter((p) => p.vendorId === vendor);
    expect(own.length).toBeLessThan(listed.length);
    const cards = await all(`vendor=${vendor}`);
    expect(ids(cards)).toEqual(own.map((p) => p.id));
    expect(cards.every((c) => c.vendor?.id === vendor)).toBe(true);

    const linen = await valueId('material', 'linen');
    const withLinen = await carrying([linen]);
    const cheap = Math.max(...own.map((p) => p.price)) / 2;
    expect(ids(await all(`vendor=${vendor}&values__id=${linen}&price__lte=${cheap}`))).toEqual(
      own.filter((p) => withLinen.has(p.id) && p.price <= cheap).map((p) => p.id),
    );
    expect(await all('vendor=999999')).toEqual([]);
  });
});

describe('product list: bad parameters', () => {
  it.each([
    ['price__gte=abc', 'price__gte'],
    ['price__lte=-1', 'price__lte'],
    ['sort=bogus', 'sort'],
    ['page=0', 'page'],
    ['page=-1', 'page'],
    ['page=1.5', 'page'],
    ['page=two', 'page'],
    ['values__id=1,x', 'values__id'],
    ['values__id=0', 'values__id'],
    ['attrs__id=0', 'attrs__id'],
    ['attrs__id=-3', 'attrs__id'],
    ['vendor=abc', 'vendor'],
    ['page_size=1000', 'page_size'],
    ['page_size=0', 'page_size'],
  ])('answers 400 with field errors for %s', async (query, field) => {
    await expectFieldError(t, `${LIST}?${query}`, field);
  });

  it('treats empty parameters as absent (what a cleared filter form sends)', async () => {
    const unfiltered = ids(await all());
    const res = await get(t, `${LIST}?price__gte=&price__lte=&vendor=&values__id=&page=`);
    expect(res.statusCode, res.body).toBe(200);
    expect(ids(page.parse(res.json()).results)).toEqual(unfiltered.slice(0, PRODUCT_PAGE_SIZE));
  });

  it.each([
    'values__id=99999999999',
    'attrs__id=99999999999',
    'vendor=99999999999',
    'price__gte=1e300',
  ])('never answers 500, even for out-of-range numbers: %s', async (query) => {
    const res = await get(t, `${LIST}?${query}`);
    expect(res.statusCode, res.body).toBeLessThan(500);
  });

  it('answers 400 for bad filters on the filter attributes and the price range too', async () => {
    await expectFieldError(t, '/en/api/products/get_filters_attributes/?vendor=x', 'vendor');
    await expectFieldError(
      t,
      '/en/api/products/products/price_range/?price__lte=abc',
      'price__lte',
    );
  });
});

// ---------------------------------------------------------------- one product

describe('one product', () => {
  const unknown = 999_999;
  it.each([
    `/en/api/products/products/${unknown}/`,
    `/en/api/products/products/${unknown}/detail_view/`,
    `/en/api/products/products/${unknown}/variations/`,
    `/en/api/products/products/unknown-product-${unknown}/`,
  ])('answers 404 JSON for an unknown product: %s', async (url) => {
    await expectNotFound(t, url);
  });

  it.each([
    '/en/api/products/products/2147483648/',
    '/en/api/products/products/99999999999/detail_view/',
    '/en/api/products/products/99999999999/variations/',
  ])('answers an id beyond any row (past 32 bits) without a server error: %s', async (url) => {
    const res = await get(t, url);
    expect([400, 404], `${url}: ${res.body}`).toContain(res.statusCode);
  });

  it('answers a product id that is no id at all without a server error', async () => {
    const res = await get(t, '/en/api/products/products/no-id-here/');
    expect([400, 404]).toContain(res.statusCode);
    expect(res.json()).toBeTypeOf('object');
  });

  it('resolves a slug ending in the id to the product', async () => {
    const shirt = await productBySlug('relaxed-linen-shirt');
    const bySlug = await getOk(
      t,
      `/en/api/products/products/relaxed-linen-shirt-${shirt.id}/`,
      productSchema,
    );
    const byId = await getOk(t, `/en/api/products/products/${shirt.id}/`, productSchema);
    expect(bySlug).toEqual(byId);
    expect(bySlug).toMatchObject({
      id: shirt.id,
      ref: 'product',
      slug: `relaxed-linen-shirt-${shirt.id}`,
      slugUri: `/products/relaxed-linen-shirt-${shirt.id}/`,
      title: 'Relaxed Linen Shirt',
      parent: null,
      sorting: shirt.sorting,
      profit: shirt.profit,
      stock: shirt.stock,
    });
    const detail = await getOk(
      t,
      `/en/api/products/products/relaxed-linen-shirt-${shirt.id}/detail_view/`,
      productDetailSchema,
    );
    expect(detail.id).toBe(shirt.id);
  });

  it('translates the product and carries its own attribute values', async () => {
    const shirt = await productBySlug('relaxed-linen-shirt');
    const en = await getOk(t, `/en/api/products/products/${shirt.id}/`, productSchema);
    const de = await getOk(t, `/de/api/products/products/${shirt.id}/`, productSchema);
    expect(de.title).toBe((await titles('de')).get(shirt.id));
    expect(de.title).not.toBe(en.title);
    const rows = await t.handle.db
      .select({ id: s.productValues.valueId })
      .from(s.productValues)
      .where(eq(s.productValues.productId, shirt.id));
    expect(sortedNumbers(en.values.map((v) => v.id))).toEqual(sortedNumbers(rows.map((r) => r.id)));
    expect(en.values.find((v) => v.attribute.title === 'Size')).toBeDefined();
    expect(de.values.find((v) => v.attribute.title === 'Größe')).toBeDefined();
  });

  it('asks for no caching when the client asks for a fresh copy', async () => {
    const shirt = await productBySlug('relaxed-linen-shirt');
    const res = await get(t, `/en/api/products/products/${shirt.id}/`, {
      'cache-control': 'no-cache',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
  });
});

describe('detail view and variations', () => {
  it('carries the parent and its active variations with their values, grouped-able by attribute title', async () => {
    const shirt = await productBySlug('relaxed-linen-shirt');
    const children = await t.handle.db
      .select()
      .from(s.products)
      .where(and(eq(s.products.parentId, shirt.id), eq(s.products.active, true)))
      .orderBy(asc(s.products.sorting), asc(s.products.id));
    expect(children.length).toBeGreaterThan(1);
    const detail = await getOk(
      t,
      `/en/api/products/products/${shirt.id}/detail_view/`,
      productDetailSchema,
    );
    // The choices a shopper moves between: the parent first, then its variations.
    const choices = [shirt, ...children];
    expect(ids(detail.variations)).toEqual(ids(choices));
    const choiceValues = await t.handle.db
      .select()
      .from(s.productValues)
      .where(inArray(s.productValues.productId, ids(choices)));
    for (const v of detail.variations) {
      expect(v.parent).toBe(shirt.id);
      expect(sortedNumbers(v.values.map((x) => x.id))).toEqual(
        sortedNumbers(choiceValues.filter((r) => r.productId === v.id).map((r) => r.valueId)),
      );
      const row = choices.find((c) => c.id === v.id)!;
      expect(v.price).toBe(row.price);
      expect(v.stock).toBe(row.stock);
      expect(v.available).toBe(row.stock === null || row.stock > 0);
    }
    // The sold-out XL shows as unavailable.
    const xl = children.find((c) => c.slug === 'relaxed-linen-shirt-xl')!;
    expect(detail.variations.find((v) => v.id === xl.id)?.available).toBe(false);

    const groups = groupVariationAttributes(detail.variations);
    const size = groups.find((g) => g.title === 'Size');
    expect(size?.values.map((v) => v.title)).toEqual(
      expect.arrayContaining(['S – Small', 'M – Medium', 'L – Large', 'XL – Extra large']),
    );
    // A value all variations share appears once.
    const material = groups.find((g) => g.title === 'Material');
    expect(material?.values).toHaveLength(1);

    // The variations endpoint answers the same list.
    const variations = await getOk(
      t,
      `/en/api/products/products/${shirt.id}/variations/`,
      variationsSchema,
    );
    expect(variations).toEqual(detail.variations.slice(1));

    // A deactivated variation disappears.
    await setActive(xl.id, false);
    try {
      const after = await getOk(
        t,
        `/en/api/products/products/${shirt.id}/variations/`,
        variationsSchema,
      );
      expect(ids(after)).toEqual(children.filter((c) => c.id !== xl.id).map((c) => c.id));
    } finally {
      await setActive(xl.id, true);
    }
  });

  it('relates active parent products of the same vendor, never the product itself', async () => {
    const listed = await listedProducts(t);
    for (const product of listed.slice(0, 4)) {
      const detail = await getOk(
        t,
        `/en/api/products/products/${product.id}/detail_view/`,
        productDetailSchema,
      );
      const sameVendor = listed.filter(
        (p) => p.vendorId === product.vendorId && p.id !== product.id,
      );
      expect(detail.related.length).toBe(Math.min(4, sameVendor.length));
      for (const related of detail.related) {
        expect(related.id).not.toBe(product.id);
        expect(related.vendor?.id).toBe(product.vendorId);
        expect(sameVendor.map((p) => p.id)).toContain(related.id);
      }
      expect(detail.content).toBeTypeOf('string');
    }
  });

  it('gives a variation its parent, and its detail the sibling variations', async () => {
    const shirt = await productBySlug('relaxed-linen-shirt');
    const small = await productBySlug('relaxed-linen-shirt-s');
    const one = await getOk(t, `/en/api/products/products/${small.id}/`, productSchema);
    expect(one.parent).toBe(shirt.id);
    expect(one.title).toBe('Relaxed Linen Shirt');
    const detail = await getOk(
      t,
      `/en/api/products/products/${small.id}/detail_view/`,
      productDetailSchema,
    );
    expect(detail.parent).toBe(shirt.id);
    expect(ids(detail.variations)).toContain(small.id);
    expect(detail.variations[0]?.id).toBe(shirt.id);
    expect(detail.variations.every((v) => v.parent === shirt.id)).toBe(true);
    expect(ids(detail.related)).not.toContain(shirt.id);
    expect(ids(detail.related)).not.toContain(small.id);
    // A product without variations has none, not even itself.
    const plain = (await listedProducts(t)).find((p) => p.slug === 'linen-pillowcase-pair')!;
    expect(
      (await getOk(t, `/en/api/products/products/${plain.id}/detail_view/`, productDetailSchema))
        .variations,
    ).toEqual([]);
    expect(
      await getOk(t, `/en/api/products/products/${plain.id}/variations/`, variationsSchema),
    ).toEqual([]);
  });
});

// ---------------------------------------------------------------- prices

describe('prices', () => {
  const expectPricesMatch = async (cards: ProductCard[], user: number | null) => {
    const expected = await expectedPrices(t, 'product', ids(cards), user);
    for (const card of cards) {
      expect(pricesOf(card), `product ${card.id}`).toEqual(pricesFrom(expected.get(card.id)!));
    }
  };

  it("prices every card from the product's price, profit, VAT and valid discounts", async () => {
    const cards = await all();
    await expectPricesMatch(cards, null);
    expect(cards.some((c) => c.discountPercent > 0)).toBe(true);
    expect(cards.some((c) => c.discountPercent === 0)).toBe(true);
    expect(cards.every((c) => c.totalVat > 0 && c.totalVat < c.discountPrice)).toBe(true);
    expect(cards.every((c) => c.priceWithoutProfit >= c.price)).toBe(true);
  });

  it('rates cards from their reviews', async () => {
    const cards = await all();
    const reviews = await t.handle.db.select().from(s.productReviews);
    expect(reviews.length).toBeGreaterThan(0);
    for (const card of cards) {
      const own = reviews.filter((r) => r.productId === card.id);
      expect(card.reviewsCount).toBe(own.length);
      if (own.length === 0) expect(card.rating).toBeNull();
      else {
        const mean = own.reduce((sum, r) => sum + r.rating, 0) / own.length;
        expect(card.rating).toBeCloseTo(Math.round(mean * 10) / 10, 5);
      }
    }
  });

  it('ignores expired and future discounts', async () => {
    const now = new Date();
    const rows = await t.handle.db.select().from(s.discounts).where(isNull(s.discounts.userId));
    const toDomain = (d: (typeof rows)[number]): Discount => ({
      value: d.value,
      start: d.startsAt,
      end: d.endsAt,
    });
    const invalid = rows.filter((d) => d.productId !== null && !isDiscountValid(toDomain(d), now));
    const expired = invalid.filter((d) => d.endsAt && d.endsAt < now);
    const future = invalid.filter((d) => d.startsAt && d.startsAt > now);
    expect(expired.length).toBeGreaterThan(0);
    expect(future.length).toBeGreaterThan(0);
    for (const d of invalid) {
      const others = rows.filter(
        (o) => o.productId === d.productId && o.id !== d.id && isDiscountValid(toDomain(o), now),
      );
      const card = await getOk(t, `/en/api/products/products/${d.productId}/`, productSchema);
      const best = Math.max(0, ...others.map((o) => o.value));
      expect(card.discountPercent, `product ${d.productId}`).toBe(best);
      if (best === 0) expect(card.discountPrice).toBe(card.price);
      // The product still lists the discount (the client shows its dates), flagged as not the user's.
      expect(card.discounts.map((x) => x.value)).toContain(d.value);
    }
  });

  it('gives a logged-in shopper their own discounts; the bigger one wins', async () => {
    const shopper = await userId(t, 'shopper@example.com');
    const mine = await t.handle.db
      .select()
      .from(s.discounts)
      .where(eq(s.discounts.userId, shopper));
    expect(mine.length).toBeGreaterThan(0);
    const { cookie } = await login(t, 'shopper@example.com');

    const cards = await all('', 'en', { cookie });
    await expectPricesMatch(cards, shopper);

    const anonymous = new Map((await all()).map((c) => [c.id, c]));
    const own = new Map(cards.map((c) => [c.id, c]));
    // The shirt: 15% for everyone, 25% for the shopper.
    const shirt = await productBySlug('relaxed-linen-shirt');
    expect(anonymous.get(shirt.id)?.discountPercent).toBe(15);
    expect(own.get(shirt.id)?.discountPercent).toBe(25);
    // The fitted sheet: nothing for everyone, 12% for the shopper.
    const sheet = await productBySlug('linen-fitted-sheet');
    expect(anonymous.get(sheet.id)?.discountPercent).toBe(0);
    expect(own.get(sheet.id)?.discountPercent).toBe(12);
    expect(own.get(sheet.id)?.discountPrice).toBeLessThan(sheet.price);
    // The mug: 10% for everyone beats the shopper's own 5%.
    const mug = await productBySlug('hand-thrown-stoneware-mug');
    expect(anonymous.get(mug.id)?.discountPercent).toBe(10);
    expect(own.get(mug.id)?.discountPercent).toBe(10);

    // One product shows the user's own discounts to them, flagged; anonymous visitors see none.
    const product = await getOk(t, `/en/api/products/products/${sheet.id}/`, productSchema, {
      cookie,
    });
    expect(product.discounts).toEqual([expect.objectContaining({ value: 12, user: true })]);
    const anon = await getOk(t, `/en/api/products/products/${sheet.id}/`, productSchema);
    expect(anon.discounts).toEqual([]);
    expect(anon.discountPercent).toBe(0);
    const detail = await getOk(
      t,
      `/en/api/products/products/${shirt.id}/detail_view/`,
      productDetailSchema,
      { cookie },
    );
    expect(detail.discountPercent).toBe(25);
  });

  it("does not give staff the shopper's discounts", async () => {
    const { cookie } = await login(t, 'staff@example.com');
    const cards = await all('', 'en', { cookie });
    await expectPricesMatch(cards, await userId(t, 'staff@example.com'));
    await expectPricesMatch(cards, null);
    const sheet = await productBySlug('linen-fitted-sheet');
    expect(cards.find((c) => c.id === sheet.id)?.discountPercent).toBe(0);
  });

  it("applies a user's discount on everything to every product", async () => {
    const emma = await userId(t, 'emma.clarke@example.com');
    const [row] = await t.handle.db
      .insert(s.discounts)
      .values({ userId: emma, value: 13 })
      .returning({ id: s.discounts.id });
    try {
      const { cookie } = await login(t, 'emma.clarke@example.com');
      const cards = await all('', 'en', { cookie });
      await expectPricesMatch(cards, emma);
      expect(cards.every((c) => c.discountPercent >= 13)).toBe(true);
      expect((await all()).some((c) => c.discountPercent < 13)).toBe(true);
    } finally {
      await t.handle.db.delete(s.discounts).where(eq(s.discounts.id, row!.id));
    }
  });
});

// ---------------------------------------------------------------- availability

describe('availability', () => {
  it('marks sold-out products unavailable and untracked ones available while the cart is on', async () => {
    const [shop] = await t.handle.db.select().from(s.organizations);
    expect(shop?.cart).toBe(true);
    const cards = await all();
    const stocks = new Map((await listedProducts(t)).map((p) => [p.id, p.stock]));
    expect(cards.some((c) => c.stock === 0)).toBe(true);
    expect(cards.some((c) => c.stock === null)).toBe(true);
    for (const card of cards) {
      expect(card.stock).toBe(stocks.get(card.id));
      expect(card.available, `product ${card.id}`).toBe(card.stock === null || card.stock > 0);
    }
  });

  it('marks untracked products unavailable when the shop has no cart', async () => {
    await t.handle.db.update(s.organizations).set({ cart: false });
    try {
      const cards = await all();
      for (const card of cards) {
        expect(card.available, `product ${card.id}`).toBe(card.stock !== null && card.stock > 0);
      }
      const untracked = cards.find((c) => c.stock === null)!;
      const one = await getOk(t, `/en/api/products/products/${untracked.id}/`, productSchema);
      expect(one.available).toBe(false);
    } finally {
      await t.handle.db.update(s.organizations).set({ cart: true });
    }
  });

  it('follows stock changes in the database', async () => {
    const product = (await listedProducts(t)).find((p) => (p.stock ?? 0) > 0)!;
    await t.handle.db.update(s.products).set({ stock: 0 }).where(eq(s.products.id, product.id));
    try {
      const one = await getOk(t, `/en/api/products/products/${product.id}/`, productSchema);
      expect(one).toMatchObject({ stock: 0, available: false });
    } finally {
      await t.handle.db
        .update(s.products)
        .set({ stock: product.stock })
        .where(eq(s.products.id, product.id));
    }
  });
});

// ---------------------------------------------------------------- filter attributes

describe('filter attributes', () => {
  const FILTERS = '/en/api/products/get_filters_attributes/';

  it('lists per value exactly the listed products carrying it, and leaves out unused values', async () => {
    const filters = await getOk(t, FILTERS, filtersAttributesSchema);
    const listed = new Set((await listedProducts(t)).map((p) => p.id));
    const carriers = await t.handle.db.select().from(s.productValues);
    const values = await t.handle.db.select().from(s.attributeValues);
    const expected = new Map<number, number[]>();
    for (const c of carriers) {
      if (listed.has(c.productId))
        expected.set(c.valueId, [...(expected.get(c.valueId) ?? []), c.productId]);
    }
    const answered = filters.flatMap((a) => a.values);
    expect(sortedNumbers(answered.map((v) => v.id))).toEqual(sortedNumbers(expected.keys()));
    for (const attribute of filters) {
      expect(attribute.values.length).toBeGreaterThan(0);
      for (const value of attribute.values) {
        expect(value.attribute).toBe(attribute.id);
        expect(values.find((v) => v.id === value.id)?.attributeId).toBe(attribute.id);
        expect(sortedNumbers(value.products), `value ${value.id}`).toEqual(
          sortedNumbers(expected.get(value.id)!),
        );
      }
    }
    // Variations carry values too, but are not listed.
    const children = (await t.handle.db.select().from(s.products)).filter((p) => p.parentId);
    const offered = new Set(answered.flatMap((v) => v.products));
    expect(children.some((c) => offered.has(c.id))).toBe(false);
  });

  it('leaves out a value no listed product carries', async () => {
    const colour = await attributeId('colour');
    const [extra] = await t.handle.db
      .insert(s.attributeValues)
      .values({ attributeId: colour, slug: 'test-unused', sorting: 99 })
      .returning({ id: s.attributeValues.id });
    await t.handle.db
      .insert(s.attributeValueTranslations)
      .values({ parentId: extra!.id, locale: 'en', title: 'Unused' });
    // A value carried only by a variation is not offered either.
    const variation = await productBySlug('relaxed-linen-shirt-xl');
    await t.handle.db
      .insert(s.productValues)
      .values({ productId: variation.id, valueId: extra!.id });
    try {
      const filters = await getOk(t, FILTERS, filtersAttributesSchema);
      expect(filters.flatMap((a) => a.values).map((v) => v.id)).not.toContain(extra!.id);
    } finally {
      await t.handle.db.delete(s.attributeValues).where(eq(s.attributeValues.id, extra!.id));
    }
  });

  it('translates attribute and value titles', async () => {
    const en = await getOk(t, FILTERS, filtersAttributesSchema);
    const de = await getOk(t, FILTERS.replace('/en/', '/de/'), filtersAttributesSchema);
    expect(de.map((a) => a.id)).toEqual(en.map((a) => a.id));
    expect(en.map((a) => a.title)).toContain('Colour');
    expect(de.map((a) => a.title)).toContain('Farbe');
  });

  it('narrows like the API list does: productIdsMatching on this answer equals values__id', async () => {
    const filters = await getOk(t, FILTERS, filtersAttributesSchema);
    const v = async (a: string, value: string) => valueId(a, value);
    const combinations = [
      [await v('colour', 'natural')],
      [await v('colour', 'natural'), await v('colour', 'white')],
      [await v('colour', 'natural'), await v('colour', 'white'), await v('material', 'linen')],
      [await v('material', 'linen'), await v('material', 'cotton'), await v('season', 'all-year')],
      [await v('material', 'stoneware'), await v('made-in', 'italy'), await v('colour', 'white')],
      [await v('colour', 'indigo'), await v('roast-level', 'dark')],
    ];
    let nonEmpty = 0;
    for (const combination of combinations) {
      const local = productIdsMatching(filters, combination);
      const remote = ids(await all(`values__id=${combination.join(',')}`));
      expect(sortedNumbers(remote), combination.join(',')).toEqual(sortedNumbers(local ?? []));
      if (remote.length) nonEmpty++;
    }
    expect(nonEmpty).toBeGreaterThan(3);
    // Ids no value has any more narrow nothing, on either side.
    const listed = ids(await all());
    expect(productIdsMatching(filters, [999_999])).toBeNull();
    expect(ids(await all('values__id=999999'))).toEqual(listed);
  });

  it('answers only the products of a vendor and a price range when asked', async () => {
    const listed = await listedProducts(t);
    const vendor = listed[0]!.vendorId;
    const own = new Set(listed.filter((p) => p.vendorId === vendor).map((p) => p.id));
    const filters = await getOk(t, `${FILTERS}?vendor=${vendor}`, filtersAttributesSchema);
    const products = filters.flatMap((a) => a.values.flatMap((v) => v.products));
    expect(products.length).toBeGreaterThan(0);
    expect(products.every((id) => own.has(id))).toBe(true);

    const cheap = new Set(listed.filter((p) => p.price <= 30).map((p) => p.id));
    const cheapFilters = await getOk(t, `${FILTERS}?price__lte=30`, filtersAttributesSchema);
    expect(
      cheapFilters.flatMap((a) => a.values.flatMap((v) => v.products)).every((id) => cheap.has(id)),
    ).toBe(true);
  });
});

// ---------------------------------------------------------------- price range

describe('price range', () => {
  const RANGE = '/en/api/products/products/price_range/';

  it('spans the listed products, ignores its own price filter and follows the vendor', async () => {
    const listed = await listedProducts(t);
    const prices = listed.map((p) => p.price);
    const full = { min: Math.min(...prices), max: Math.max(...prices) };
    expect(await getOk(t, RANGE, priceRangeSchema)).toEqual(full);
    expect(await getOk(t, `${RANGE}?price__gte=50&price__lte=60`, priceRangeSchema)).toEqual(full);

    const vendor = listed[0]!.vendorId;
    const own = listed.filter((p) => p.vendorId === vendor).map((p) => p.price);
    expect(await getOk(t, `${RANGE}?vendor=${vendor}`, priceRangeSchema)).toEqual({
      min: Math.min(...own),
      max: Math.max(...own),
    });
  });

  it('ignores variations and inactive products', async () => {
    const listed = await listedProducts(t);
    const dearest = [...listed].sort((a, b) => b.price - a.price)[0]!;
    await setActive(dearest.id, false);
    try {
      const rest = listed.filter((p) => p.id !== dearest.id).map((p) => p.price);
      expect((await getOk(t, RANGE, priceRangeSchema)).max).toBe(Math.max(...rest));
    } finally {
      await setActive(dearest.id, true);
    }
    // A variation dearer than every parent does not stretch the range.
    const variation = await productBySlug('relaxed-linen-shirt-xl');
    await t.handle.db
      .update(s.products)
      .set({ price: 9999 })
      .where(eq(s.products.id, variation.id));
    try {
      expect((await getOk(t, RANGE, priceRangeSchema)).max).toBe(dearest.price);
    } finally {
      await t.handle.db
        .update(s.products)
        .set({ price: variation.price })
        .where(eq(s.products.id, variation.id));
    }
  });
});

// ---------------------------------------------------------------- search

describe('search', () => {
  const search = (locale: string, query: string, extra = '') =>
    getOk(
      t,
      `/${locale}/api/products/products/search?query=${encodeURIComponent(query)}${extra}`,
      searchResults,
    );

  it('finds by a word of the locale', async () => {
    const de = await titles('de');
    const ru = await titles('ru');
    const mug = await productBySlug('hand-thrown-stoneware-mug');
    // 'Handgedrehter Becher aus Steinzeug'
    const inGerman = await search('de', 'Becher');
    expect(ids(inGerman.results)).toContain(mug.id);
    expect(inGerman.results.find((c) => c.id === mug.id)?.title).toBe(de.get(mug.id));
    // 'Керамическая кружка ручной работы'
    const inRussian = await search('ru', 'кружка');
    expect(ids(inRussian.results)).toContain(mug.id);
    expect(inRussian.results.find((c) => c.id === mug.id)?.title).toBe(ru.get(mug.id));
    // The English word is not a German one.
    expect(ids((await search('de', 'mug')).results)).not.toContain(mug.id);
  });

  it('stems words: a plural finds the singular and back', async () => {
    const en = await titles('en');
    const shirt = await productBySlug('relaxed-linen-shirt');
    expect(en.get(shirt.id)).toBe('Relaxed Linen Shirt');
    expect(ids((await search('en', 'shirts')).results)).toContain(shirt.id);
    const cups = (await listedProducts(t)).find(
      (p) => en.get(p.id) === 'Porcelain Cappuccino Cups',
    )!;
    expect(ids((await search('en', 'cappuccino cup')).results)).toContain(cups.id);
    const holders = (await listedProducts(t)).find(
      (p) => en.get(p.id) === 'Stoneware Candle Holders',
    )!;
    expect(ids((await search('en', 'candle holder')).results)).toContain(holders.id);
    // Russian: 'кружки' (plural) finds 'кружка'.
    const mug = await productBySlug('hand-thrown-stoneware-mug');
    expect(ids((await search('ru', 'кружки')).results)).toContain(mug.id);
  });

  it('forgives typos', async () => {
    const shirt = await productBySlug('relaxed-linen-shirt');
    const found = await search('en', 'lnen shrt');
    expect(ids(found.results)).toContain(shirt.id);
    expect(found.results[0]?.id).toBe(shirt.id);
    expect(ids((await search('en', 'relaxd shirt')).results)).toContain(shirt.id);
  });

  it('ranks an exact title match first', async () => {
    const listed = await listedProducts(t);
    const en = await titles('en');
    for (const slug of ['linen-napkin-set', 'linen-fitted-sheet', 'hand-thrown-stoneware-mug']) {
      const product = listed.find((p) => p.slug === slug)!;
      const found = await search('en', en.get(product.id)!);
      expect(found.results[0]?.id, slug).toBe(product.id);
    }
    // A word many titles share finds them all.
    const linen = await search('en', 'linen', '&page_size=100');
    const withLinen = listed.filter((p) => /linen/i.test(en.get(p.id) ?? ''));
    expect(ids(linen.results)).toEqual(expect.arrayContaining(withLinen.map((p) => p.id)));
    const listedIds = new Set(listed.map((p) => p.id));
    expect(linen.results.every((c) => listedIds.has(c.id))).toBe(true);
  });

  it('pages its results', async () => {
    const full = await search('en', 'linen', '&page_size=100');
    expect(full.count).toBeGreaterThan(4);
    const first = await search('en', 'linen', '&page_size=3');
    expect(first.count).toBe(full.count);
    expect(first.results).toHaveLength(3);
    expect(new URL(first.next!).searchParams.get('query')).toBe('linen');
    expect(new URL(first.next!).searchParams.get('page')).toBe('2');
    const second = await search('en', 'linen', '&page_size=3&page=2');
    expect(new URL(second.previous!).searchParams.has('page')).toBe(false);
    expect([...ids(first.results), ...ids(second.results)]).toEqual(ids(full.results).slice(0, 6));
    const beyond = await search('en', 'linen', '&page=50');
    expect(beyond).toMatchObject({ count: full.count, results: [], next: null });
  });

  it('prices search results like the list', async () => {
    const found = await search('en', 'linen', '&page_size=100');
    const expected = await expectedPrices(t, 'product', ids(found.results), null);
    for (const card of found.results) {
      expect(pricesOf(card)).toEqual(pricesFrom(expected.get(card.id)!));
    }
  });

  it('sorts and filters its matches like the list (query on the list, its facets and price range)', async () => {
    const found = await search('en', 'linen', '&page_size=100');
    const matched = new Set(ids(found.results));
    // Sorted by price, the same products the search found, cheapest first.
    const byPrice = await all('query=linen&sort=price');
    expect(new Set(ids(byPrice))).toEqual(matched);
    const shown = byPrice.map((c) => c.discountPrice);
    expect(shown).toEqual([...shown].sort((a, b) => a - b));
    // In German the same words match other (or no) products: the matches are per language.
    expect(ids(await all('query=linen', 'de'))).not.toEqual(ids(byPrice));

    // The facets count within the matches: ticking a value lists as many as its count says.
    const facets = facetsSchema.parse(
      (await t.app.inject('/en/api/products/facets/?query=linen')).json(),
    );
    const value = facets
      .flatMap((a) => a.values)
      .find((v) => v.count > 0 && v.count < matched.size);
    if (!value) throw new Error('no value narrowing the linen products');
    const narrowed = await all(`query=linen&values__id=${value.id}`);
    expect(narrowed).toHaveLength(value.count);
    expect(narrowed.every((c) => matched.has(c.id))).toBe(true);

    // The price range spans the matches only.
    const range = priceRangeSchema.parse(
      (await t.app.inject('/en/api/products/products/price_range/?query=linen')).json(),
    );
    const prices = (await all('query=linen&sort=price')).map((c) => Number(c.price));
    expect(range.min).toBe(Math.min(...prices));
    expect(range.max).toBe(Math.max(...prices));
    // A search that matches nothing lists nothing (it never falls back to every product).
    expect(await all('query=zzzzqqqxxyy')).toEqual([]);
  });

  it('counts exactly below the cap and says so', async () => {
    const full = await search('en', 'linen', '&page_size=100');
    expect(full.count).toBe(full.results.length);
    expect(full.countCapped).toBe(false);
  });

  it('ranks a title match above a match in the description only; a typo finds the title word', async () => {
    const [model] = await t.handle.db.select().from(s.products).limit(1);
    const rows = await t.handle.db
      .insert(s.products)
      .values(
        ['quokka-in-description', 'quokka-in-title'].map((slug, i) => ({
          slug,
          vendorId: model!.vendorId,
          vatId: model!.vatId,
          price: 10,
          // The description-only match would win on the shop's sorting.
          sorting: i === 0 ? -100 : 100,
        })),
      )
      .returning({ id: s.products.id, slug: s.products.slug });
    const inDescription = rows.find((r) => r.slug === 'quokka-in-description')!;
    const inTitle = rows.find((r) => r.slug === 'quokka-in-title')!;
    await t.handle.db.insert(s.productTranslations).values([
      {
        parentId: inDescription.id,
        locale: 'en',
        title: 'Plain Stoneware Tray',
        description: 'A tray to match the quokka bowl.',
      },
      {
        parentId: inTitle.id,
        locale: 'en',
        title: 'Quokka Bowl',
        description: 'A stoneware bowl.',
      },
    ]);
    try {
      const found = await search('en', 'quokka');
      expect(ids(found.results)).toEqual([inTitle.id, inDescription.id]);
      // 'qokka' is no word of any document: it is found through the title word it resembles.
      const typo = await search('en', 'qokka');
      expect(ids(typo.results)[0]).toBe(inTitle.id);
    } finally {
      await t.handle.db.delete(s.products).where(
        inArray(
          s.products.id,
          rows.map((r) => r.id),
        ),
      );
    }
  });

  it('answers nothing for a word nothing has', async () => {
    const found = await search('en', 'xylophonequartz');
    expect(found).toMatchObject({ count: 0, results: [], next: null, previous: null });
  });

  it.each(['', '   '])('answers 400 for an empty query %j', async (query) => {
    await expectFieldError(
      t,
      `/en/api/products/products/search?query=${encodeURIComponent(query)}`,
      'query',
    );
  });

  it('answers 400 for a missing query, and for bad paging', async () => {
    await expectFieldError(t, '/en/api/products/products/search', 'query');
    await expectFieldError(t, '/en/api/products/products/search?query=linen&page=0', 'page');
  });

  it('is safe with query syntax and quotes', async () => {
    for (const query of ["linen' OR 1=1 --", '"linen', 'linen & | !', '%_\\', '-linen']) {
      const res = await get(
        t,
        `/en/api/products/products/search?query=${encodeURIComponent(query)}`,
      );
      expect(res.statusCode, query).toBe(200);
    }
  });
});

describe('facets (the filter panel at scale)', () => {
  it('counts per value what ticking it would list, by the domain rule, matching the list endpoint', async () => {
    const attrs = (await t.app.inject('/en/api/products/get_filters_attributes/')).json<
      FilterAttribute[]
    >();
    const [first, second] = attrs;
    const applied = [first!.values[0]!.id, second!.values[0]!.id];
    const res = await t.app.inject(`/en/api/products/facets/?values__id=${applied.join(',')}`);
    expect(res.statusCode).toBe(200);
    const facets = facetsSchema.parse(res.json());
    const expected = facetCounts(attrs, applied);
    for (const attribute of facets) {
      for (const value of attribute.values)
        expect(value.count, `value ${value.id}`).toBe(expected.get(value.id));
    }
    // Ticking another value of the first attribute lists exactly as many products as its count says.
    const other = facets[0]!.values[1]!;
    const list = (
      await t.app.inject(
        `/en/api/products/products/?values__id=${[...applied, other.id].join(',')}&page_size=100`,
      )
    ).json<{ count: number }>();
    const withFirst = facets[0]!.values[0]!.count;
    expect(list.count).toBeLessThanOrEqual(withFirst + other.count);
  });

  it('counts in the database exactly what the domain counts on the filter values, for every kind of ticked combination', async () => {
    // The panel's counts are computed in SQL (issue 26); the domain's facetCounts on the spec's
    // shape (every listed product's id per value) is the rule they must follow.
    const v = async (a: string, value: string) => valueId(a, value);
    const combinations: number[][] = [
      [],
      [await v('colour', 'natural')],
      [await v('colour', 'natural'), await v('colour', 'white')],
      [await v('colour', 'natural'), await v('material', 'linen')],
      [await v('colour', 'natural'), await v('colour', 'white'), await v('material', 'linen')],
      [await v('material', 'linen'), await v('material', 'cotton'), await v('season', 'all-year')],
      [await v('material', 'stoneware'), await v('made-in', 'italy'), await v('colour', 'white')],
      [await v('colour', 'indigo'), await v('roast-level', 'dark')],
      // An id no value has narrows nothing, beside a real one or alone.
      [await v('colour', 'white'), 999_999],
      [999_999],
    ];
    const vendor = (await listedProducts(t))[0]!.vendorId;
    // The other filters: within them a ticked value may be carried by no listed product, which
    // then narrows nothing either (the domain does not see it).
    const scopes = [
      '',
      'price__lte=30',
      `vendor=${vendor}`,
      'query=linen',
      'price__gte=20&price__lte=80',
    ];
    let narrowedSomething = 0;
    let unticked: unknown;
    // An inactive product and the variations carry values too, but are not listed: the panel
    // with no other filter counts every carrier less theirs (decision 0065).
    const [carrier] = await t.handle.db
      .select({ id: s.productValues.productId })
      .from(s.productValues)
      .innerJoin(s.products, eq(s.products.id, s.productValues.productId))
      .where(
        and(eq(s.productValues.valueId, await v('colour', 'natural')), isNull(s.products.parentId)),
      )
      .limit(1);
    await setActive(carrier!.id, false);
    try {
      for (const scope of scopes) {
        const filters = await getOk(
          t,
          `/en/api/products/get_filters_attributes/?${scope}`,
          filtersAttributesSchema,
        );
        for (const applied of combinations) {
          const query = [scope, applied.length ? `values__id=${applied.join(',')}` : '']
            .filter(Boolean)
            .join('&');
          const facets = await getOk(t, `/en/api/products/facets/?${query}`, facetsSchema);
          const counts = facetCounts(filters, applied);
          const expected = filters.map((a) => ({
            id: a.id,
            title: a.title,
            values: a.values.map((value) => ({
              id: value.id,
              title: value.title,
              attribute: a.id,
              count: counts.get(value.id),
            })),
          }));
          expect(facets, query).toEqual(expected);
          // The combinations must narrow, or the comparison would prove little.
          if (applied.length === 0) unticked = facets;
          else if (JSON.stringify(facets) !== JSON.stringify(unticked)) narrowedSomething++;
        }
      }
    } finally {
      await setActive(carrier!.id, true);
    }
    expect(narrowedSomething).toBeGreaterThan(20);
  });

  it('rejects bad ids with 400', async () => {
    expect((await t.app.inject('/en/api/products/facets/?values__id=1,x')).statusCode).toBe(400);
  });
});
