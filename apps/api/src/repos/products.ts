import { and, asc, avg, count, eq, inArray, isNull, notInArray, or } from 'drizzle-orm';
import type {
  ContentItem,
  Image,
  Locale,
  Product,
  ProductCard,
  ProductValue,
  Variation,
} from '@shop/contract';
import { distinguishingValues, isAvailable, slugWithId } from '@shop/domain';
import type { Database } from '#api/db/client.ts';
import * as s from '#api/db/schema.ts';
import { translated } from '#api/db/translations.ts';
import type { BatchCache } from '#api/lib/cache.ts';
import { imagesBy } from './images.ts';
import { metaOf } from './meta.ts';
import {
  discountsFor,
  inheritDiscounts,
  personalDiscounts,
  pricing,
  toContractDiscount,
  type DiscountRow,
  type Discounts,
  type PricingContext,
} from './pricing.ts';

/*
 * Products as the shop shows them: cards, one product with its values, variations, related
 * products, each priced for the caller.
 */

async function ratingsFor(db: Database, ids: number[]) {
  const map = new Map<number, { rating: number; count: number }>();
  if (ids.length === 0) return map;
  const rows = await db
    .select({ id: s.productReviews.productId, rating: avg(s.productReviews.rating), n: count() })
    .from(s.productReviews)
    // A review staff hid counts no more than it shows.
    .where(and(inArray(s.productReviews.productId, ids), isNull(s.productReviews.hiddenAt)))
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
 * What a product card shows that is the same for every shopper: the product row, its pictures,
 * its rating and its own discounts (a variation's with its parent's). Prices come out of it per
 * caller (`toCard`), with the caller's personal discounts and the time of the request.
 */
export type CardData = {
  row: ProductRow;
  images: Image[];
  rating: { rating: number; count: number } | undefined;
  own: DiscountRow[];
};

/** The shop-wide card data of the products of `ids` that exist (a handful of queries for all). */
export async function cardData(
  db: Database,
  locale: Locale,
  ids: number[],
): Promise<Map<number, CardData>> {
  const [rows, images, ratings] = await Promise.all([
    productRows(db, locale, ids),
    imagesBy(db, 'productId', ids),
    ratingsFor(db, ids),
  ]);
  // Variations share their parent's discounts: choosing a size must not change the deal.
  const discounts = inheritDiscounts(
    await discountsFor(db, 'product', withParents(ids, rows), null),
    rows,
  );
  return new Map(
    rows.map((row) => {
      const id = row.product.id;
      const data = {
        row,
        images: images.get(id) ?? [],
        rating: ratings.get(id),
        own: discounts.own.get(id) ?? [],
      };
      return [id, data];
    }),
  );
}

const withParents = (ids: number[], rows: { product: { parentId: number | null } }[]) => [
  ...new Set([
    ...ids,
    ...rows.flatMap((r) => (r.product.parentId === null ? [] : [r.product.parentId])),
  ]),
];

/**
 * Where product cards' shop-wide data comes from: a cache per locale that follows the pages'
 * change count (the list, search and related answers pass the app's), or, without one, the
 * database each time (the cart and checkout, which must see the stock as it is).
 */
export type CardDataCache = BatchCache<number, CardData>;

/**
 * Product cards in the order of `ids`, priced for the caller: a handful of queries for the whole
 * page (rows, images, discounts, ratings), never one per product; with `cache`, only the
 * caller's personal discounts are read (none for a visitor without an account).
 */
export async function productCards(
  db: Database,
  locale: Locale,
  ids: number[],
  ctx: PricingContext,
  cache?: CardDataCache,
  /**
   * Every discount of the caller (`userDiscountRows`), when the caller has them at hand: no
   * query for the personal discounts then.
   */
  mine?: readonly DiscountRow[],
): Promise<ProductCard[]> {
  const data = cache
    ? await cache.getMany(ids, (missing) => cardData(db, locale, missing))
    : await cardData(db, locale, ids);
  const rows = [...data.values()].map((d) => d.row);
  const personal =
    ctx.userId === null
      ? undefined
      : inheritDiscounts(
          mine
            ? personalDiscounts(mine, 'product', withParents(ids, rows))
            : await discountsFor(db, 'product', withParents(ids, rows), ctx.userId),
          rows,
        );
  const discounts: Discounts = {
    own: new Map([...data].map(([id, d]) => [id, d.own])),
    user: personal?.user ?? new Map<number, DiscountRow[]>(),
    userEverywhere: personal?.userEverywhere ?? [],
  };
  return ids.flatMap((id) => {
    const card = data.get(id);
    return card ? [toCard(card.row, card.images, discounts, card.rating, ctx)] : [];
  });
}

export function toCard(
  row: ProductRow,
  images: Image[],
  discounts: Discounts,
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
    imagesBy(db, 'productId', ids),
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

/** Whether an active product has this id (its variations are listed only then). */
export async function isActiveProduct(db: Database, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: s.products.id })
    .from(s.products)
    .where(and(eq(s.products.id, id), eq(s.products.active, true)));
  return row !== undefined;
}

/** Up to `limit` other active products of the vendor, in the shop's order: "related products". */
export async function relatedProductIds(
  db: Database,
  vendorId: number,
  exclude: readonly number[],
  limit = 4,
): Promise<number[]> {
  const rows = await db
    .select({ id: s.products.id })
    .from(s.products)
    .where(
      and(
        eq(s.products.vendorId, vendorId),
        eq(s.products.active, true),
        isNull(s.products.parentId),
        exclude.length ? notInArray(s.products.id, [...exclude]) : undefined,
      ),
    )
    .orderBy(asc(s.products.sorting), asc(s.products.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * For each product id, the values that tell it from its family of variations (size, colour): what
 * a cart line or an order line shows after the title. Empty for products without variations.
 */
export async function variationValues(
  db: Database,
  locale: Locale,
  ids: readonly number[],
): Promise<Map<number, ProductValue[]>> {
  const result = new Map<number, ProductValue[]>();
  if (ids.length === 0) return result;
  const rows = await db
    .select({ id: s.products.id, parentId: s.products.parentId })
    .from(s.products)
    .where(inArray(s.products.id, [...ids]));
  const rootOf = (row: { id: number; parentId: number | null }) => row.parentId ?? row.id;
  const roots = [...new Set(rows.map(rootOf))];
  const members = await db
    .select({ id: s.products.id, parentId: s.products.parentId })
    .from(s.products)
    .where(
      and(
        eq(s.products.active, true),
        or(inArray(s.products.id, roots), inArray(s.products.parentId, roots)),
      ),
    );
  const values = await valuesFor(
    db,
    locale,
    members.map((m) => m.id),
  );
  for (const row of rows) {
    const family = members
      .filter((m) => rootOf(m) === rootOf(row))
      .map((m) => ({ id: m.id, values: values.get(m.id) ?? [] }));
    result.set(row.id, distinguishingValues(family, row.id));
  }
  return result;
}
