import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNull,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Locale } from '@shop/contract';
import type { Database } from '#api/db/client.ts';
import * as s from '#api/db/schema.ts';
import { translated } from '#api/db/translations.ts';
import { shownPriceSql, type PricingContext } from '#api/repos/pricing.ts';

/*
 * Which products a list, a filter or a search leaves, as ids in order: the cards are
 * `products.ts`'s.
 */

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
  // One grouped subquery per filter, not one EXISTS per id: the plan stays the same size however
  // many ids the (bounded, deduplicated) list names.
  if (filters.values__id?.length) {
    const values = await db
      .select({ attribute: s.attributeValues.attributeId })
      .from(s.attributeValues)
      .where(inArray(s.attributeValues.id, filters.values__id));
    const attributes = new Set(values.map((v) => v.attribute)).size;
    // Any of the ticked values of each attribute: the product carries ticked values of as many
    // different attributes as were ticked.
    if (attributes > 0)
      conditions.push(
        inArray(
          s.products.id,
          db
            .select({ id: s.productValues.productId })
            .from(s.productValues)
            .innerJoin(s.attributeValues, eq(s.attributeValues.id, s.productValues.valueId))
            .where(inArray(s.productValues.valueId, filters.values__id))
            .groupBy(s.productValues.productId)
            .having(sql`count(distinct ${s.attributeValues.attributeId}) = ${attributes}`),
        ),
      );
  }
  const attributes = [...new Set(filters.attrs__id ?? [])];
  if (attributes.length > 0) {
    // Every listed attribute present (an unknown id leaves nothing, as before).
    conditions.push(
      inArray(
        s.products.id,
        db
          .select({ id: s.productValues.productId })
          .from(s.productValues)
          .innerJoin(s.attributeValues, eq(s.attributeValues.id, s.productValues.valueId))
          .where(inArray(s.attributeValues.attributeId, attributes))
          .groupBy(s.productValues.productId)
          .having(sql`count(distinct ${s.attributeValues.attributeId}) = ${attributes.length}`),
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
  /** Whose prices a price sort compares (their discounts, now). */
  viewer: Pick<PricingContext, 'userId' | 'now'>,
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
    // The shown (discounted) price, as the domain's compareByShownPrice orders.
    price: [asc(shownPriceSql(viewer)), asc(s.products.id)],
    '-price': [desc(shownPriceSql(viewer)), desc(s.products.id)],
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
