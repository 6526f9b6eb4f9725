import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  gte,
  inArray,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Bundle, Locale, ProductCard } from '@shop/contract';
import { isAvailable, slugWithId } from '@shop/domain';
import type { Database } from '#api/db/client.ts';
import * as s from '#api/db/schema.ts';
import { translated } from '#api/db/translations.ts';
import { escapeLike } from './content.ts';
import { imagesBy } from './images.ts';
import { metaOf } from './meta.ts';
import { discountsFor, pricing, toContractDiscount, type PricingContext } from './pricing.ts';
import { productCards } from './products.ts';

export type BundleFilters = {
  price__gte?: number | undefined;
  price__lte?: number | undefined;
  vendor?: number | undefined;
};
export type BundleSort =
  'sorting' | 'price' | '-price' | 'title' | '-title' | 'created' | '-created';

export function bundleConditions(filters: BundleFilters): SQL | undefined {
  return and(
    eq(s.bundles.active, true),
    filters.price__gte === undefined ? undefined : gte(s.bundles.price, filters.price__gte),
    filters.price__lte === undefined ? undefined : lte(s.bundles.price, filters.price__lte),
    filters.vendor === undefined ? undefined : eq(s.bundles.vendorId, filters.vendor),
  );
}

export async function listBundleIds(
  db: Database,
  locale: Locale,
  filters: BundleFilters,
  sort: BundleSort,
  page: number,
  pageSize: number,
) {
  const where = bundleConditions(filters);
  const [total] = await db.select({ n: count() }).from(s.bundles).where(where);
  const t = translated(s.bundleTranslations, locale, 'bt');
  const title = sql`${t.text('title')} COLLATE "und-x-icu"`;
  const order = {
    sorting: [asc(s.bundles.sorting), asc(s.bundles.id)],
    price: [asc(s.bundles.price), asc(s.bundles.id)],
    '-price': [desc(s.bundles.price), desc(s.bundles.id)],
    title: [asc(title), asc(s.bundles.id)],
    '-title': [desc(title), asc(s.bundles.id)],
    created: [asc(s.bundles.createdAt), asc(s.bundles.id)],
    '-created': [desc(s.bundles.createdAt), desc(s.bundles.id)],
  }[sort];
  const rows = await db
    .select({ id: s.bundles.id })
    .from(s.bundles)
    .leftJoin(t.local, t.onLocal(s.bundles.id))
    .leftJoin(t.fallback, t.onFallback(s.bundles.id))
    .where(where)
    .orderBy(...order)
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { ids: rows.map((r) => r.id), count: total?.n ?? 0 };
}

/**
 * One page of the bundles a search matches, as ids, and how many match. A bundle matches when its
 * title or description in the caller's locale (English where it has none) contains the text,
 * case-insensitively, when its title has a word like the text (pg_trgm word similarity, which
 * forgives a typo, as the blog search does), or when one of its items' titles contains the text.
 * Only the bundles the bundle list shows (`bundleConditions`); title matches first, the closer
 * the better, then the shop's order. Bundles are few (a shop has tens, not the products'
 * hundred thousands), so the match is a plain scan rather than a search index.
 */
export async function searchBundleIds(
  db: Database,
  locale: Locale,
  text: string,
  page: number,
  pageSize: number,
) {
  const pattern = `%${escapeLike(text)}%`;
  const bt = translated(s.bundleTranslations, locale, 'bt');
  const pt = translated(s.productTranslations, locale, 'pt');
  const title = bt.text('title');
  const titleMatch = or(
    sql`${title} ILIKE ${pattern}`,
    sql`word_similarity(${text}, ${title}) >= 0.4`,
  );
  const itemMatch = exists(
    db
      .select({ one: sql`1` })
      .from(s.bundleItems)
      .leftJoin(pt.local, pt.onLocal(s.bundleItems.productId))
      .leftJoin(pt.fallback, pt.onFallback(s.bundleItems.productId))
      .where(
        and(eq(s.bundleItems.bundleId, s.bundles.id), sql`${pt.text('title')} ILIKE ${pattern}`),
      ),
  );
  const where = and(
    bundleConditions({}),
    or(titleMatch, sql`${bt.text('description')} ILIKE ${pattern}`, itemMatch),
  );
  const matches = () =>
    db
      .select({ id: s.bundles.id })
      .from(s.bundles)
      .leftJoin(bt.local, bt.onLocal(s.bundles.id))
      .leftJoin(bt.fallback, bt.onFallback(s.bundles.id))
      .where(where);
  const [[total], rows] = await Promise.all([
    db.select({ n: count() }).from(matches().as('matches')),
    matches()
      .orderBy(
        desc(sql`coalesce(${titleMatch}, false)`),
        desc(sql`word_similarity(${text}, ${title})`),
        asc(s.bundles.sorting),
        asc(s.bundles.id),
      )
      .limit(pageSize)
      .offset((page - 1) * pageSize),
  ]);
  return { ids: rows.map((r) => r.id), count: total?.n ?? 0 };
}

/** Bundles with their items, priced for the caller, in the order of `ids`. */
export async function loadBundles(
  db: Database,
  locale: Locale,
  ids: number[],
  ctx: PricingContext,
): Promise<Bundle[]> {
  if (ids.length === 0) return [];
  const bt = translated(s.bundleTranslations, locale, 'bt');
  const vt = translated(s.vendorTranslations, locale, 'vt');
  const [rows, items, images, discounts] = await Promise.all([
    db
      .select({
        bundle: s.bundles,
        vatPercent: s.vats.percent,
        title: bt.text('title'),
        description: bt.text('description'),
        metaTitle: bt.text('metaTitle'),
        metaDescription: bt.text('metaDescription'),
        metaKeywords: bt.text('metaKeywords'),
        vendorTitle: vt.text('title'),
        vendorSlug: s.vendors.slug,
      })
      .from(s.bundles)
      .innerJoin(s.vats, eq(s.vats.id, s.bundles.vatId))
      .innerJoin(s.vendors, eq(s.vendors.id, s.bundles.vendorId))
      .leftJoin(bt.local, bt.onLocal(s.bundles.id))
      .leftJoin(bt.fallback, bt.onFallback(s.bundles.id))
      .leftJoin(vt.local, vt.onLocal(s.vendors.id))
      .leftJoin(vt.fallback, vt.onFallback(s.vendors.id))
      .where(inArray(s.bundles.id, ids)),
    db
      .select()
      .from(s.bundleItems)
      .where(inArray(s.bundleItems.bundleId, ids))
      .orderBy(asc(s.bundleItems.productId)),
    imagesBy(db, 'bundleId', ids),
    discountsFor(db, 'bundle', ids, ctx.userId),
  ]);
  const cards = new Map<number, ProductCard>(
    (await productCards(db, locale, [...new Set(items.map((i) => i.productId))], ctx)).map((c) => [
      c.id,
      c,
    ]),
  );
  const byId = new Map(rows.map((r) => [r.bundle.id, r]));
  return ids.flatMap((id): Bundle[] => {
    const row = byId.get(id);
    if (!row) return [];
    const b = row.bundle;
    const own = discounts.own.get(id) ?? [];
    const user = [...(discounts.user.get(id) ?? []), ...discounts.userEverywhere];
    const prices = pricing(
      { price: b.price, profit: 0, vatPercent: row.vatPercent },
      own,
      user,
      ctx.now,
    );
    const bundleItems = items
      .filter((i) => i.bundleId === id)
      .flatMap((i) => {
        const product = cards.get(i.productId);
        return product ? [{ product, quantity: i.quantity }] : [];
      });
    // A bundle is in stock as often as its scarcest item allows; untracked items do not limit it.
    const limits = bundleItems
      .filter((i) => i.product.stock !== null)
      .map((i) => Math.floor((i.product.stock ?? 0) / i.quantity));
    const stock = limits.length ? Math.min(...limits) : null;
    const slug = slugWithId(b.slug, b.id);
    const bundleImages = images.get(id) ?? [];
    return [
      {
        id,
        ref: 'bundle',
        slug,
        slugUri: `/bundles/${slug}/`,
        title: row.title,
        images: bundleImages,
        price: prices.price,
        discountPercent: prices.discountPercent,
        discountPrice: prices.discountPrice,
        priceWithoutProfit: prices.priceWithoutProfit,
        totalVat: prices.totalVat,
        stock,
        available:
          b.active &&
          bundleItems.length > 0 &&
          bundleItems.every((i) => i.product.available) &&
          isAvailable({
            cartEnabled: ctx.cartEnabled,
            stock,
            existingQuantity: 0,
            addedQuantity: 1,
          }),
        vendor: { id: b.vendorId, title: row.vendorTitle, slug: row.vendorSlug },
        rating: null,
        reviewsCount: 0,
        description: row.description,
        meta: metaOf(row, bundleImages[0]?.image ?? null),
        profit: 0,
        vat: { id: b.vatId, percent: row.vatPercent },
        discounts: [...own, ...user].map(toContractDiscount),
        sorting: b.sorting,
        createdAt: b.createdAt.toISOString(),
        items: bundleItems,
      },
    ];
  });
}

/** Whether an active bundle has this id. */
export async function isActiveBundle(db: Database, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: s.bundles.id })
    .from(s.bundles)
    .where(and(eq(s.bundles.id, id), eq(s.bundles.active, true)));
  return row !== undefined;
}
