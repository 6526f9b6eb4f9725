import {
  and,
  asc,
  avg,
  count,
  desc,
  eq,
  exists,
  gte,
  inArray,
  isNull,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type {
  ContentItem,
  Discount as ContractDiscount,
  Image,
  Locale,
  Product,
  ProductCard,
  ProductValue,
  Variation,
} from '@shop/contract';
import { isAvailable, priceProduct, slugWithId, type Discount } from '@shop/domain';
import type { Database } from '#api/db/client.ts';
import * as s from '#api/db/schema.ts';
import { translated } from '#api/db/translations.ts';
import { metaOf, toImage } from './shop.ts';

/** Who is asking, and when: user discounts and validity windows depend on both. */
export type PricingContext = { userId: number | null; now: Date; cartEnabled: boolean };

export async function cartEnabled(db: Database): Promise<boolean> {
  const [row] = await db
    .select({ cart: s.organizations.cart })
    .from(s.organizations)
    .orderBy(asc(s.organizations.id))
    .limit(1);
  return row?.cart ?? false;
}

type DiscountRow = typeof s.discounts.$inferSelect;
const toDomainDiscount = (d: DiscountRow): Discount => ({
  value: d.value,
  start: d.startsAt,
  end: d.endsAt,
  user: d.userId !== null,
});
export const toContractDiscount = (d: DiscountRow): ContractDiscount => ({
  value: d.value,
  start: d.startsAt?.toISOString() ?? null,
  end: d.endsAt?.toISOString() ?? null,
  user: d.userId !== null,
});

/** Discounts of the given products or bundles: their own, the user's on them, the user's on everything. */
export async function discountsFor(
  db: Database,
  target: 'product' | 'bundle',
  ids: number[],
  userId: number | null,
): Promise<{
  own: Map<number, DiscountRow[]>;
  user: Map<number, DiscountRow[]>;
  userEverywhere: DiscountRow[];
}> {
  const column = target === 'product' ? s.discounts.productId : s.discounts.bundleId;
  const rows =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(s.discounts)
          .where(
            or(
              and(
                inArray(column, ids),
                userId === null
                  ? isNull(s.discounts.userId)
                  : or(isNull(s.discounts.userId), eq(s.discounts.userId, userId)),
              ),
              userId === null
                ? sql`false`
                : and(
                    eq(s.discounts.userId, userId),
                    isNull(s.discounts.productId),
                    isNull(s.discounts.bundleId),
                  ),
            ),
          );
  const own = new Map<number, DiscountRow[]>();
  const user = new Map<number, DiscountRow[]>();
  const userEverywhere: DiscountRow[] = [];
  for (const row of rows) {
    const id = target === 'product' ? row.productId : row.bundleId;
    if (id === null) {
      userEverywhere.push(row);
      continue;
    }
    const map = row.userId === null ? own : user;
    map.set(id, [...(map.get(id) ?? []), row]);
  }
  return { own, user, userEverywhere };
}

/** Adds each variation's parent's discounts to its own. */
export function inheritDiscounts(
  discounts: Awaited<ReturnType<typeof discountsFor>>,
  rows: { product: { id: number; parentId: number | null } }[],
): Awaited<ReturnType<typeof discountsFor>> {
  const own = new Map(discounts.own);
  const user = new Map(discounts.user);
  for (const { product } of rows) {
    if (product.parentId === null) continue;
    own.set(product.id, [
      ...(discounts.own.get(product.id) ?? []),
      ...(discounts.own.get(product.parentId) ?? []),
    ]);
    user.set(product.id, [
      ...(discounts.user.get(product.id) ?? []),
      ...(discounts.user.get(product.parentId) ?? []),
    ]);
  }
  return { own, user, userEverywhere: discounts.userEverywhere };
}

/** Prices of one item for the caller, from the domain rules. */
export function pricing(
  base: { price: number; profit: number; vatPercent: number },
  own: DiscountRow[],
  user: DiscountRow[],
  now: Date,
) {
  return priceProduct({
    price: base.price,
    profit: base.profit,
    vatPercent: base.vatPercent,
    discounts: own.map(toDomainDiscount),
    userDiscounts: user.map(toDomainDiscount),
    now,
  });
}

async function imagesFor(
  db: Database,
  column: typeof s.images.productId | typeof s.images.bundleId,
  ids: number[],
) {
  const map = new Map<number, Image[]>();
  if (ids.length === 0) return map;
  const rows = await db
    .select()
    .from(s.images)
    .where(inArray(column, ids))
    .orderBy(asc(s.images.sorting), asc(s.images.id));
  for (const row of rows) {
    const id = column === s.images.productId ? row.productId : row.bundleId;
    if (id !== null) map.set(id, [...(map.get(id) ?? []), toImage(row)]);
  }
  return map;
}

async function ratingsFor(db: Database, ids: number[]) {
  const map = new Map<number, { rating: number; count: number }>();
  if (ids.length === 0) return map;
  const rows = await db
    .select({ id: s.productReviews.productId, rating: avg(s.productReviews.rating), n: count() })
    .from(s.productReviews)
    .where(inArray(s.productReviews.productId, ids))
    .groupBy(s.productReviews.productId);
  for (const row of rows)
    map.set(row.id, { rating: Math.round(Number(row.rating) * 10) / 10, count: row.n });
  return map;
}

/** Attribute values of the given products, translated. */
export async function valuesFor(
  db: Database,
  locale: Locale,
  ids: number[],
): Promise<Map<number, ProductValue[]>> {
  const map = new Map<number, ProductValue[]>();
  if (ids.length === 0) return map;
  const vt = translated(s.attributeValueTranslations, locale, 'vt');
  const at = translated(s.attributeTranslations, locale, 'at');
  const rows = await db
    .select({
      productId: s.productValues.productId,
      id: s.attributeValues.id,
      title: vt.text('title'),
      attributeId: s.attributes.id,
      attributeTitle: at.text('title'),
    })
    .from(s.productValues)
    .innerJoin(s.attributeValues, eq(s.attributeValues.id, s.productValues.valueId))
    .innerJoin(s.attributes, eq(s.attributes.id, s.attributeValues.attributeId))
    .leftJoin(vt.local, vt.onLocal(s.attributeValues.id))
    .leftJoin(vt.fallback, vt.onFallback(s.attributeValues.id))
    .leftJoin(at.local, at.onLocal(s.attributes.id))
    .leftJoin(at.fallback, at.onFallback(s.attributes.id))
    .where(inArray(s.productValues.productId, ids))
    .orderBy(asc(s.attributes.sorting), asc(s.attributeValues.sorting));
  for (const row of rows) {
    const value = {
      id: row.id,
      title: row.title,
      attribute: { id: row.attributeId, title: row.attributeTitle },
    };
    map.set(row.productId, [...(map.get(row.productId) ?? []), value]);
  }
  return map;
}

/** The base rows of products with their translated title, VAT and vendor. */
export async function productRows(db: Database, locale: Locale, ids: number[]) {
  if (ids.length === 0) return [];
  const pt = translated(s.productTranslations, locale, 'pt');
  const vt = translated(s.vendorTranslations, locale, 'vt');
  return db
    .select({
      product: s.products,
      vatPercent: s.vats.percent,
      title: pt.text('title'),
      description: pt.text('description'),
      metaTitle: pt.text('metaTitle'),
      metaDescription: pt.text('metaDescription'),
      metaKeywords: pt.text('metaKeywords'),
      vendorTitle: vt.text('title'),
      vendorSlug: s.vendors.slug,
    })
    .from(s.products)
    .innerJoin(s.vats, eq(s.vats.id, s.products.vatId))
    .innerJoin(s.vendors, eq(s.vendors.id, s.products.vendorId))
    .leftJoin(pt.local, pt.onLocal(s.products.id))
    .leftJoin(pt.fallback, pt.onFallback(s.products.id))
    .leftJoin(vt.local, vt.onLocal(s.vendors.id))
    .leftJoin(vt.fallback, vt.onFallback(s.vendors.id))
    .where(inArray(s.products.id, ids));
}

export type ProductRow = Awaited<ReturnType<typeof productRows>>[number];

/**
 * Product cards in the order of `ids`, priced for the caller: a handful of queries for the whole
 * page (rows, images, discounts, ratings), never one per product.
 */
export async function productCards(
  db: Database,
  locale: Locale,
  ids: number[],
  ctx: PricingContext,
): Promise<ProductCard[]> {
  const [rows, images, ratings] = await Promise.all([
    productRows(db, locale, ids),
    imagesFor(db, s.images.productId, ids),
    ratingsFor(db, ids),
  ]);
  // Variations share their parent's discounts: choosing a size must not change the deal.
  const parents = rows.flatMap((r) => (r.product.parentId === null ? [] : [r.product.parentId]));
  const discounts = inheritDiscounts(
    await discountsFor(db, 'product', [...new Set([...ids, ...parents])], ctx.userId),
    rows,
  );
  const byId = new Map(rows.map((r) => [r.product.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toCard(row, images.get(id) ?? [], discounts, ratings.get(id), ctx)] : [];
  });
}

export function toCard(
  row: ProductRow,
  images: Image[],
  discounts: Awaited<ReturnType<typeof discountsFor>>,
  rating: { rating: number; count: number } | undefined,
  ctx: PricingContext,
): ProductCard {
  const p = row.product;
  const prices = pricing(
    { price: p.price, profit: p.profit, vatPercent: row.vatPercent },
    discounts.own.get(p.id) ?? [],
    [...(discounts.user.get(p.id) ?? []), ...discounts.userEverywhere],
    ctx.now,
  );
  const slug = slugWithId(p.slug, p.id);
  return {
    id: p.id,
    ref: 'product',
    slug,
    slugUri: `/products/${slug}/`,
    title: row.title,
    images,
    price: prices.price,
    discountPercent: prices.discountPercent,
    discountPrice: prices.discountPrice,
    priceWithoutProfit: prices.priceWithoutProfit,
    totalVat: prices.totalVat,
    stock: p.stock,
    available:
      p.active &&
      isAvailable({
        cartEnabled: ctx.cartEnabled,
        stock: p.stock,
        existingQuantity: 0,
        addedQuantity: 1,
      }),
    vendor: { id: p.vendorId, title: row.vendorTitle, slug: row.vendorSlug },
    rating: rating?.rating ?? null,
    reviewsCount: rating?.count ?? 0,
  };
}

// ---------------------------------------------------------------- one product and its variations

/**
 * One active product with everything of its own (not its variations), priced for the caller, or
 * null. A variation counts only while its parent is active: it goes with its parent.
 */
export async function findProduct(
  db: Database,
  locale: Locale,
  id: number,
  ctx: PricingContext,
): Promise<Product | null> {
  const [row] = await productRows(db, locale, [id]);
  if (!row || !row.product.active) return null;
  if (row.product.parentId !== null) {
    const [parent] = await db
      .select({ active: s.products.active })
      .from(s.products)
      .where(eq(s.products.id, row.product.parentId));
    if (!parent?.active) return null;
  }
  const [[card], discounts, values] = await Promise.all([
    productCards(db, locale, [id], ctx),
    discountsFor(
      db,
      'product',
      [id, ...(row.product.parentId === null ? [] : [row.product.parentId])],
      ctx.userId,
    ).then((d) => inheritDiscounts(d, [row])),
    valuesFor(db, locale, [id]),
  ]);
  if (!card) return null;
  const p = row.product;
  return {
    ...card,
    ref: 'product',
    description: row.description,
    meta: metaOf(row, card.images[0]?.image ?? null),
    profit: p.profit,
    vat: { id: p.vatId, percent: row.vatPercent },
    discounts: [
      ...(discounts.own.get(id) ?? []),
      ...(discounts.user.get(id) ?? []),
      ...discounts.userEverywhere,
    ].map(toContractDiscount),
    values: values.get(id) ?? [],
    parent: p.parentId,
    sorting: p.sorting,
    createdAt: p.createdAt.toISOString(),
  };
}

/** Ids of a product's active variations, in their order. */
export async function variationIds(db: Database, parentId: number): Promise<number[]> {
  const rows = await db
    .select({ id: s.products.id })
    .from(s.products)
    .where(and(eq(s.products.parentId, parentId), eq(s.products.active, true)))
    .orderBy(asc(s.products.sorting), asc(s.products.id));
  return rows.map((r) => r.id);
}

/** The variations of a parent; with `includeParent`, the parent first (as one of the choices). */
export async function listVariations(
  db: Database,
  locale: Locale,
  parentId: number,
  ctx: PricingContext,
  includeParent = false,
): Promise<Variation[]> {
  const children = await variationIds(db, parentId);
  const ids = [...(includeParent && children.length > 0 ? [parentId] : []), ...children];
  const [cards, values] = await Promise.all([
    productCards(db, locale, ids, ctx),
    valuesFor(db, locale, ids),
  ]);
  return cards.map((card) => ({
    ...card,
    ref: 'product',
    parent: parentId,
    values: values.get(card.id) ?? [],
  }));
}

/** Products as plain content items (no prices), in the order of `ids`. */
export async function productContentItems(
  db: Database,
  locale: Locale,
  ids: number[],
): Promise<ContentItem[]> {
  const [rows, images] = await Promise.all([
    productRows(db, locale, ids),
    imagesFor(db, s.images.productId, ids),
  ]);
  const byId = new Map(rows.map((r) => [r.product.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const productImages = images.get(id) ?? [];
    return [
      {
        ref: 'product',
        id,
        slugUri: `/products/${slugWithId(row.product.slug, id)}/`,
        meta: metaOf(row, productImages[0]?.image ?? null),
        title: row.title,
        description: row.description,
        images: productImages,
      },
    ];
  });
}

// ---------------------------------------------------------------- lists and filters

export type ProductFilters = {
  price__gte?: number | undefined;
  price__lte?: number | undefined;
  attrs__id?: number[] | undefined;
  values__id?: number[] | undefined;
  vendor?: number | undefined;
};

/**
 * The WHERE of a product list: active parent products; values of one attribute combine as
 * any-of, different attributes intersect (spec section 4); attributes listed together must all be
 * present. Unknown value ids are ignored, as the domain's narrowing does.
 */
export async function productConditions(
  db: Database,
  filters: ProductFilters,
  options: { price: boolean } = { price: true },
) {
  const conditions: (SQL | undefined)[] = [
    eq(s.products.active, true),
    isNull(s.products.parentId),
  ];
  if (options.price && filters.price__gte !== undefined)
    conditions.push(gte(s.products.price, filters.price__gte));
  if (options.price && filters.price__lte !== undefined)
    conditions.push(lte(s.products.price, filters.price__lte));
  if (filters.vendor !== undefined) conditions.push(eq(s.products.vendorId, filters.vendor));
  if (filters.values__id?.length) {
    const values = await db
      .select({ id: s.attributeValues.id, attribute: s.attributeValues.attributeId })
      .from(s.attributeValues)
      .where(inArray(s.attributeValues.id, filters.values__id));
    const groups = new Map<number, number[]>();
    for (const v of values) groups.set(v.attribute, [...(groups.get(v.attribute) ?? []), v.id]);
    for (const ids of groups.values()) {
      conditions.push(
        exists(
          db
            .select({ one: sql`1` })
            .from(s.productValues)
            .where(
              and(
                eq(s.productValues.productId, s.products.id),
                inArray(s.productValues.valueId, ids),
              ),
            ),
        ),
      );
    }
  }
  for (const attribute of filters.attrs__id ?? []) {
    conditions.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(s.productValues)
          .innerJoin(s.attributeValues, eq(s.attributeValues.id, s.productValues.valueId))
          .where(
            and(
              eq(s.productValues.productId, s.products.id),
              eq(s.attributeValues.attributeId, attribute),
            ),
          ),
      ),
    );
  }
  return and(...conditions);
}

export type ProductSort =
  'sorting' | 'price' | '-price' | 'title' | '-title' | 'created' | '-created';

/** How many active parent products the filters leave. */
export async function countProducts(db: Database, filters: ProductFilters): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(s.products)
    .where(await productConditions(db, filters));
  return row?.n ?? 0;
}

/** One page of product ids in the requested order, and the total count. */
export async function listProductIds(
  db: Database,
  locale: Locale,
  filters: ProductFilters,
  sort: ProductSort,
  page: number,
  pageSize: number,
  /** How to count the matches; the route passes a cached count (the same for every shopper). */
  countMatches: (filters: ProductFilters) => Promise<number> = (f) => countProducts(db, f),
): Promise<{ ids: number[]; count: number }> {
  const where = await productConditions(db, filters);
  const total = { n: await countMatches(filters) };
  const offset = (page - 1) * pageSize;
  if (sort === 'title' || sort === '-title') {
    const pt = translated(s.productTranslations, locale, 'pt');
    // Alphabetical in every language (Ä next to A), not in byte order: ICU's root collation.
    const title = sql`${pt.text('title')} COLLATE "und-x-icu"`;
    const rows = await db
      .select({ id: s.products.id })
      .from(s.products)
      .leftJoin(pt.local, pt.onLocal(s.products.id))
      .leftJoin(pt.fallback, pt.onFallback(s.products.id))
      .where(where)
      .orderBy(sort === 'title' ? asc(title) : desc(title), asc(s.products.id))
      .limit(pageSize)
      .offset(offset);
    return { ids: rows.map((r) => r.id), count: total.n };
  }
  const order = {
    sorting: [asc(s.products.sorting), asc(s.products.id)],
    price: [asc(s.products.price), asc(s.products.id)],
    '-price': [desc(s.products.price), desc(s.products.id)],
    created: [asc(s.products.createdAt), asc(s.products.id)],
    '-created': [desc(s.products.createdAt), desc(s.products.id)],
  }[sort];
  const rows = await db
    .select({ id: s.products.id })
    .from(s.products)
    .where(where)
    .orderBy(...order)
    .limit(pageSize)
    .offset(offset);
  return { ids: rows.map((r) => r.id), count: total.n };
}

/** Lowest and highest price of the products the other filters leave (the price filter itself aside). */
export async function priceRange(db: Database, filters: ProductFilters) {
  const where = await productConditions(db, filters, { price: false });
  const [row] = await db
    .select({
      min: sql<string | null>`min(${s.products.price})`,
      max: sql<string | null>`max(${s.products.price})`,
    })
    .from(s.products)
    .where(where);
  return { min: Number(row?.min ?? 0), max: Number(row?.max ?? 0) };
}

const SEARCH_CONFIG: Record<Locale, string> = {
  en: 'english',
  de: 'german',
  ru: 'russian',
  it: 'italian',
};

/**
 * Full-text search in the locale's language (stemming, ranking) that also forgives typos: a
 * product matches when its document matches the query, or when the query is word-similar to its
 * title (pg_trgm). Ranked by text rank, then trigram similarity.
 */
export async function searchProductIds(
  db: Database,
  locale: Locale,
  text: string,
  page: number,
  pageSize: number,
) {
  const config = SEARCH_CONFIG[locale];
  const tsquery = sql`websearch_to_tsquery(${config}::regconfig, ${text})`;
  // Each word, misspelt or not, must be word-similar to the title (pg_trgm's `<%`).
  const words = text
    .split(/\s+/)
    .filter((w) => w.length >= 2)
    .slice(0, 8);
  const fuzzy = words.length
    ? and(...words.map((w) => sql`${w} <% ${s.productTranslations.title}`))
    : sql`false`;
  const where = and(
    eq(s.productTranslations.locale, locale),
    eq(s.products.active, true),
    isNull(s.products.parentId),
    or(sql`${s.productTranslations.search} @@ ${tsquery}`, fuzzy),
  );
  return db.transaction(async (tx) => {
    // Short misspelt words ('lnen') score about 0.4 against their word: pg_trgm's default 0.6
    // would miss them. Local to this transaction.
    await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', '0.4', true)`);
    const rank = sql<number>`ts_rank(${s.productTranslations.search}, ${tsquery}) * 2 + word_similarity(${text}, ${s.productTranslations.title})`;
    // One pass: the page and the total together (the match is the costly part).
    const rows = await tx
      .select({ id: s.products.id, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(s.productTranslations)
      .innerJoin(s.products, eq(s.products.id, s.productTranslations.parentId))
      .where(where)
      .orderBy(desc(rank), asc(s.products.sorting), asc(s.products.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    if (rows[0] || page === 1) return { ids: rows.map((r) => r.id), count: rows[0]?.total ?? 0 };
    // Past the last page: the total still says how many there are.
    const [total] = await tx
      .select({ n: count() })
      .from(s.productTranslations)
      .innerJoin(s.products, eq(s.products.id, s.productTranslations.parentId))
      .where(where);
    return { ids: [], count: total?.n ?? 0 };
  });
}
