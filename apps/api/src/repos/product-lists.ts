import { and, asc, count, desc, eq, gte, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import {
  SEARCH_COUNT_CAP,
  centsBound,
  countMatching,
  rowsMatching,
  searchCount,
  type CatalogueIndex,
  type IndexFilters,
} from '@shop/domain';
import type { Locale } from '@shop/contract';
import type { Database } from '#api/db/client.ts';
import { rowsOf } from '#api/db/rows.ts';
import * as s from '#api/db/schema.ts';
import { shownPriceSql, type PricingContext } from '#api/repos/pricing.ts';

/*
 * Which products a list, a filter or a search leaves, as ids in order: the cards are
 * `products.ts`'s.
 */

export type ProductFilters = {
  /** A search: its matches must be resolved into `ids` first (the route's `withMatches`). */
  query?: string | undefined;
  /** Only these products (a search's matches, `searchMatchIds`); none: every product. */
  ids?: number[] | undefined;
  price__gte?: number | undefined;
  price__lte?: number | undefined;
  attrs__id?: number[] | undefined;
  values__id?: number[] | undefined;
  vendor?: number | undefined;
};

/** The list's filters in the index's terms (prices in whole cents, compared as SQL does). */
export function indexFiltersOf(filters: ProductFilters): IndexFilters {
  // A search left unresolved would silently count every product.
  if (filters.query !== undefined && !filters.ids)
    throw new Error('a search filter needs its matching ids');
  return {
    ids: filters.ids,
    vendor: filters.vendor,
    minCents:
      filters.price__gte === undefined ? undefined : centsBound(filters.price__gte, 'atLeast'),
    maxCents:
      filters.price__lte === undefined ? undefined : centsBound(filters.price__lte, 'atMost'),
    attributes: filters.attrs__id?.length ? filters.attrs__id : undefined,
    values: filters.values__id?.length ? filters.values__id : undefined,
  };
}

/** How many listed products the filters leave, counted in the catalogue index (decision 0085). */
export const indexedCount = (index: CatalogueIndex, filters: ProductFilters) =>
  countMatching(index, indexFiltersOf(filters));

/**
 * `productsWithValues` from the catalogue index: the same ids, or undefined in the same cases
 * (no known value, none or more than MAX_VALUE_MATCHES matching).
 */
export function indexedProductsWithValues(
  index: CatalogueIndex,
  valueIds: number[],
): number[] | undefined {
  const rows = rowsMatching(index, { values: valueIds });
  if (
    rows.length === 0 ||
    rows.length > MAX_VALUE_MATCHES ||
    !valueIds.some((id) => index.valueNumber.has(id))
  )
    return undefined;
  return Array.from(rows, (row) => index.ids[row]!);
}

/**
 * `priceRange` from the catalogue index: the lowest and highest list price of the products the
 * other filters leave (0 and 0 when none).
 */
export function indexedPriceRange(index: CatalogueIndex, filters: ProductFilters) {
  const rows = rowsMatching(index, {
    ...indexFiltersOf(filters),
    minCents: undefined,
    maxCents: undefined,
  });
  if (rows.length === 0) return { min: 0, max: 0 };
  let min = Infinity;
  let max = -Infinity;
  for (const row of rows) {
    const cents = index.cents[row]!;
    if (cents < min) min = cents;
    if (cents > max) max = cents;
  }
  return { min: min / 100, max: max / 100 };
}

/** A value filter matching more products than this is not resolved to ids (see ValueMatches). */
export const MAX_VALUE_MATCHES = 5000;

/** The ticked values that exist, grouped by attribute (a product needs one of each group). */
async function tickedAttributes(db: Database, valueIds: number[]) {
  const values = await db
    .select({ id: s.attributeValues.id, attribute: s.attributeValues.attributeId })
    .from(s.attributeValues)
    .where(inArray(s.attributeValues.id, valueIds));
  const groups = new Map<number, number[]>();
  for (const v of values) groups.set(v.attribute, [...(groups.get(v.attribute) ?? []), v.id]);
  // The attribute with the fewest ticked values first (the most selective overlap first).
  return [...groups.values()].sort((a, b) => a.length - b.length);
}

const intArray = (ids: number[]) => `{${ids.map((id) => Math.trunc(id)).join(',')}}`;

/**
 * A ticked value of every ticked attribute (groups from `tickedAttributes`), as conditions on the
 * product row: its `value_ids` (kept from product_values by triggers, migration 0024) overlap each
 * group. Among listed products `products_list_value_ids_idx` (GIN) answers each as a bitmap, and
 * several attributes as a BitmapAnd: no carrier of a ticked value is read, hashed or joined
 * (decision 0077; before, three ticked values hash-joined 140,000 product_values rows at 1M).
 */
export const carriesAll = (groups: number[][]) =>
  groups.map((values) => sql`${s.products.valueIds} && ${intArray(values)}::int[]`);

/** The list's own condition: active parent products (the predicate of its partial indexes). */
const listedProduct = () => and(eq(s.products.active, true), isNull(s.products.parentId));

/**
 * The carriers of one attribute's ticked values, from `product_values_value_idx` alone (index
 * only, in product order per value), as a subquery; `listed`: less the few products no list
 * shows (`products_unlisted_idx`, a hashed handful of ids). With one ticked attribute this reads
 * fewer pages than the GIN bitmap, whose every match is then a product row to read (at 1M, the
 * count of one value's 46,811 carriers: 133 buffers here, 17,575 through the bitmap; a bitmap
 * heap scan does not skip all-visible pages here). Several attributes: `carriesAll`.
 */
function carriersOf(values: number[], listed = false) {
  // One value's rows name each product once: no DISTINCT, whose hash of every carrier (46,811
  // for value 100 at 1M) a LIMIT or a count waited for (decision 0082).
  const distinct = sql.raw(new Set(values).size > 1 ? 'DISTINCT ' : '');
  return sql`(SELECT ${distinct}pv.product_id FROM ${s.productValues} pv
    WHERE pv.value_id = ANY(${intArray(values)}::int[])
    ${
      listed
        ? sql`AND pv.product_id NOT IN (SELECT ${s.products.id} FROM ${s.products}
            WHERE NOT (${s.products.active} AND ${s.products.parentId} IS NULL))`
        : sql``
    })`;
}

/**
 * The products carrying ticked values by the rule of `productConditions`, as ids in ascending
 * order; undefined when none or more than MAX_VALUE_MATCHES match (then the list filters in SQL).
 */
export async function productsWithValues(
  db: Database,
  valueIds: number[],
): Promise<number[] | undefined> {
  const groups = await tickedAttributes(db, valueIds);
  // No known value: left to the SQL filter, which filters nothing then.
  if (groups.length === 0) return undefined;
  // Not ordered in SQL: sorted here. One attribute: its carriers from the value index; several:
  // a BitmapAnd of the GIN index (3,759 matches of 140,706 carriers for 92,93 and 100 at 1M).
  const rows =
    groups.length === 1
      ? rowsOf<{ id: number }>(
          await db.execute(sql`SELECT product_id AS id FROM ${carriersOf(groups[0] ?? [])} carriers
            LIMIT ${MAX_VALUE_MATCHES + 1}`),
        )
      : await db
          .select({ id: s.products.id })
          .from(s.products)
          .where(and(listedProduct(), ...carriesAll(groups)))
          .limit(MAX_VALUE_MATCHES + 1);
  // None: perhaps no product matches, left to the SQL filter (which costs little then).
  if (rows.length === 0 || rows.length > MAX_VALUE_MATCHES) return undefined;
  return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}

/**
 * Resolves a value filter to product ids, or undefined to filter in SQL: the route passes a
 * cached `productsWithValues` (the same for every shopper), so a filtered list, page after page,
 * does not group thousands of product_values rows on every request.
 */
export type ValueMatches = (valueIds: number[]) => Promise<number[] | undefined>;

/**
 * Products with values matching `values` of `count` different attributes: one grouped subquery,
 * not one EXISTS per id, so the plan stays the same size however many ids a filter names.
 */
function carriesAttributes(db: Database, values: SQL, count: number) {
  return inArray(
    s.products.id,
    db
      .select({ id: s.productValues.productId })
      .from(s.productValues)
      .innerJoin(s.attributeValues, eq(s.attributeValues.id, s.productValues.valueId))
      .where(values)
      .groupBy(s.productValues.productId)
      .having(sql`count(distinct ${s.attributeValues.attributeId}) = ${count}`),
  );
}

/**
 * The WHERE of a product list: active parent products; values of one attribute combine as
 * any-of, different attributes intersect (spec section 4); attributes listed together must all be
 * present. Unknown value ids are ignored, as the domain's narrowing does.
 */
export async function productConditions(
  db: Database,
  filters: ProductFilters,
  options: { price: boolean; valueMatches?: ValueMatches | undefined } = { price: true },
) {
  // A search left unresolved would silently list every product.
  if (filters.query !== undefined && !filters.ids)
    throw new Error('a search filter needs its matching ids');
  const conditions: (SQL | undefined)[] = [
    eq(s.products.active, true),
    isNull(s.products.parentId),
  ];
  if (options.price && filters.price__gte !== undefined)
    conditions.push(gte(s.products.price, filters.price__gte));
  if (options.price && filters.price__lte !== undefined)
    conditions.push(lte(s.products.price, filters.price__lte));
  if (filters.vendor !== undefined) conditions.push(eq(s.products.vendorId, filters.vendor));
  if (filters.ids)
    conditions.push(
      filters.ids.length
        ? sql`${s.products.id} = ANY(${`{${filters.ids.join(',')}}`}::int[])`
        : sql`false`,
    );
  // A value filter resolved to ids (cached by the route), else one EXISTS per ticked attribute.
  const matching = filters.values__id?.length
    ? await options.valueMatches?.(filters.values__id)
    : undefined;
  if (matching)
    conditions.push(
      matching.length
        ? sql`${s.products.id} = ANY(${`{${matching.join(',')}}`}::int[])`
        : sql`false`,
    );
  else if (filters.values__id?.length) {
    // Any of the ticked values of each attribute: the product carries ticked values of every
    // ticked attribute, a condition on its own row (decision 0077): a page in an indexed order
    // walks that index and checks each row, stopping when the page is full; a count or a large
    // page is a BitmapAnd of the GIN index.
    conditions.push(...carriesAll(await tickedAttributes(db, filters.values__id)));
  }
  const attributes = [...new Set(filters.attrs__id ?? [])];
  if (attributes.length > 0) {
    // Every listed attribute present (an unknown id leaves nothing, as before).
    conditions.push(
      carriesAttributes(db, inArray(s.attributeValues.attributeId, attributes), attributes.length),
    );
  }
  return and(...conditions);
}

export type ProductSort =
  'sorting' | 'price' | '-price' | 'title' | '-title' | 'created' | '-created';

/** The ticked values, when the filters are only those (no search, price, vendor or attributes). */
function onlyValues(filters: ProductFilters): number[] | undefined {
  const { values__id, query, ids, price__gte, price__lte, vendor, attrs__id } = filters;
  return values__id?.length &&
    [query, ids, price__gte, price__lte, vendor].every((f) => f === undefined) &&
    !attrs__id?.length
    ? values__id
    : undefined;
}

/** How many active parent products the filters leave. */
export async function countProducts(
  db: Database,
  filters: ProductFilters,
  valueMatches?: ValueMatches,
): Promise<number> {
  const values__id = onlyValues(filters);
  const groups = values__id ? await tickedAttributes(db, values__id) : [];
  // Only one ticked attribute: its listed carriers counted from the value index alone (decision
  // 0069; joined with products, 47,000 primary-key reads for one value at 1M).
  if (groups.length === 1) {
    const result = await db.execute(
      sql`SELECT count(*)::int AS n FROM ${carriersOf(groups[0] ?? [], true)} carriers`,
    );
    return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
  }
  // Only ticked values of several attributes: the route's cached matches when it resolved them
  // (`productsWithValues` lists exactly the listed products carrying them, and the page of the
  // same filters has just asked for them), counted without a statement (decision 0082); else the
  // GIN index's BitmapAnd (decision 0077), not the cached ids one by one.
  if (groups.length > 1 && valueMatches) {
    const matching = await valueMatches(values__id ?? []);
    if (matching) return matching.length;
  }
  const [row] = await db
    .select({ n: count() })
    .from(s.products)
    .where(
      await productConditions(db, filters, {
        price: true,
        valueMatches: values__id ? undefined : valueMatches,
      }),
    );
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
  valueMatches?: ValueMatches,
): Promise<{ ids: number[]; count: number }> {
  const where = await productConditions(db, filters, { price: true, valueMatches });
  const total = { n: await countMatches(filters) };
  const offset = (page - 1) * pageSize;
  if (sort === 'title' || sort === '-title') {
    // The shown title (the locale's, else English, else '') kept per product and locale by
    // triggers (product_sort_titles, decision 0069): a page walks its index in the list's order
    // instead of sorting the titles of every listed product, which timed out at a million.
    const st = s.productSortTitles;
    // Alphabetical in every language (Ä next to A), not in byte order: ICU's root collation.
    const title = sql`${st.title} COLLATE "und-x-icu"`;
    const rows = await db
      .select({ id: s.products.id })
      .from(s.products)
      .innerJoin(st, and(eq(st.productId, s.products.id), eq(st.locale, locale)))
      .where(where)
      .orderBy(sort === 'title' ? asc(title) : desc(title), asc(s.products.id))
      .limit(pageSize)
      .offset(offset);
    return { ids: rows.map((r) => r.id), count: total.n };
  }
  if ((sort === 'price' || sort === '-price') && !(await discountsEverything(db, viewer))) {
    // Only the values of one attribute ticked: the discounted part's candidates are their
    // carriers from the value index, not a condition on the product row (decision 0082).
    const values = onlyValues(filters);
    const groups = values ? await tickedAttributes(db, values) : [];
    // Not DISTINCT: as `IN`'s subquery a semi-join, whose hash parallel workers share (with
    // DISTINCT, each worker grouped all 46,811 carriers of value 100 at 1M again).
    const carriers =
      groups.length === 1
        ? sql`(SELECT pv.product_id FROM ${s.productValues} pv
            WHERE pv.value_id = ANY(${intArray(groups[0] ?? [])}::int[]))`
        : undefined;
    return {
      ids: await priceSortedIds(db, where, sort, viewer, offset, pageSize, carriers),
      count: total.n,
    };
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

/** Whether the viewer has a discount of their own on everything (then every price moves). */
async function discountsEverything(db: Database, viewer: Pick<PricingContext, 'userId'>) {
  if (viewer.userId === null) return false;
  const d = s.discounts;
  const rows = await db
    .select({ id: d.id })
    .from(d)
    .where(and(eq(d.userId, viewer.userId), isNull(d.productId), isNull(d.bundleId)))
    .limit(1);
  return rows.length > 0;
}

/**
 * One page of a list in the order of the shown price, for a viewer without a discount on
 * everything (decision 0069); the same order as `shownPriceSql` (price, then id; both reversed).
 * A product without a discount valid now for this viewer shows its list price: those come in
 * order from `products_list_price_idx`, the first `offset + pageSize` of them. The discounted
 * ones (a tenth of a generated catalogue) are priced apart, but only those that can still reach
 * the page: a discount lowers a price, so descending only list prices from the last plain one up,
 * and ascending only list prices up to what the biggest discount brings down to it. The page is
 * the first of both merged. Sorting every listed product by its computed price instead passed
 * the statement timeout at a million products.
 */
async function priceSortedIds(
  db: Database,
  where: SQL | undefined,
  sort: 'price' | '-price',
  viewer: Pick<PricingContext, 'userId' | 'now'>,
  offset: number,
  pageSize: number,
  /**
   * The list's products as a subquery of ids, when `where` is only a value filter of one
   * attribute: the ascending discounted part then reads no product row (below).
   */
  carriers?: SQL,
): Promise<number[]> {
  const d = s.discounts;
  const p = s.products;
  const now = sql`${viewer.now.toISOString()}::timestamptz`;
  const whose =
    viewer.userId === null
      ? sql`${d.userId} is null`
      : sql`(${d.userId} is null or ${d.userId} = ${viewer.userId})`;
  const valid = sql`(${d.startsAt} is null or ${d.startsAt} <= ${now})
    and (${d.endsAt} is null or ${d.endsAt} > ${now})`;
  const ascending = sort === 'price';
  const direction = sql.raw(ascending ? 'ASC' : 'DESC');
  const enough = offset + pageSize;
  const plain = rowsOf<{ id: number; shown: string }>(
    await db.execute(sql`
      SELECT ${p.id} AS id, ${p.price} AS shown FROM ${p}
      WHERE ${where ?? sql`true`}
        AND NOT EXISTS (SELECT 1 FROM ${d} WHERE ${d.productId} = ${p.id} AND ${whose} AND ${valid})
      ORDER BY ${p.price} ${direction}, ${p.id} ${direction} LIMIT ${enough}`),
  ).map((r) => ({ id: Number(r.id), shown: Number(r.shown) }));
  // The last plain price the page can reach; none when fewer plain products than that exist.
  const last = plain.length === enough ? plain[enough - 1]?.shown : undefined;
  let reach = sql`true`;
  if (last !== undefined && !ascending) reach = sql`${p.price} >= ${last}`;
  if (last !== undefined && ascending) {
    // price - round(price * v / 100, 2) >= price * (100 - v) / 100 - 0.005 for every discount v
    // (a cent of slack here, for the float bound)
    // up to the biggest: no product listed above the bound shows a price the page can reach.
    const [top] = rowsOf<{ v: string | null }>(
      await db.execute(
        sql`SELECT max(${d.value}) AS v FROM ${d} WHERE ${d.productId} IS NOT NULL AND ${whose}`,
      ),
    );
    const biggest = Number(top?.v ?? 0);
    if (biggest < 100) reach = sql`${p.price} <= ${((last + 0.01) * 100) / (100 - biggest)}`;
  }
  const price = sql`${p.price} - round(${p.price} * best.value / 100, 2)`;
  // Descending, the bound leaves a few products: each looks its discounts up. Ascending, it can
  // leave many (at 1M, 138,000 products of at most €6.01 for a page at €3.00 and a 50 %
  // discount): the discounts are joined with them first and only the matches grouped (13,719 at
  // 1M, one process). Grouping all discounts by product first (100,387 groups) ran in three
  // parallel processes, each grouping them all: 3,527 buffers instead of 1,263 (decision 0074).
  // With `carriers` (one ticked attribute), the listed products up to the bound come from
  // `products_list_price_idx` alone, semi-joined with the carriers from the value index: the
  // condition on `value_ids` read every carrier's row (at 1M, value 100's 46,811 rows, 17,568
  // heap pages, to keep the 6,359 under €6.02).
  const scope = carriers
    ? sql`${p.active} AND ${p.parentId} IS NULL AND ${p.id} IN ${carriers}`
    : (where ?? sql`true`);
  const priced = ascending
    ? sql`SELECT ${p.id} AS id, ${p.price} - round(${p.price} * max(${d.value}) / 100, 2) AS shown
        FROM ${d} JOIN ${p} ON ${p.id} = ${d.productId}
        WHERE ${whose} AND ${valid} AND ${scope} AND ${reach}
        GROUP BY ${p.id}, ${p.price}`
    : sql`SELECT ${p.id} AS id, ${price} AS shown
        FROM ${p} CROSS JOIN LATERAL (
          SELECT max(${d.value}) AS value FROM ${d}
          WHERE ${d.productId} = ${p.id} AND ${whose} AND ${valid}
        ) best
        WHERE ${where ?? sql`true`} AND ${reach} AND best.value IS NOT NULL`;
  const discounted = rowsOf<{ id: number; shown: string }>(
    await db.execute(sql`
      SELECT id, shown FROM (${priced}) priced
      ORDER BY shown ${direction}, id ${direction} LIMIT ${enough}`),
  ).map((r) => ({ id: Number(r.id), shown: Number(r.shown) }));
  const sign = ascending ? 1 : -1;
  return [...plain, ...discounted]
    .sort((a, b) => sign * (a.shown - b.shown || a.id - b.id))
    .slice(offset, enough)
    .map((r) => r.id);
}

/** Lowest and highest price of the products the other filters leave (the price filter itself aside). */
export async function priceRange(
  db: Database,
  filters: ProductFilters,
  /** The route's cached ids of a value filter (the list of the same filters asks them too). */
  valueMatches?: ValueMatches,
) {
  const where = await productConditions(db, filters, { price: false, valueMatches });
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

/** Search ranks its matches in blocks of this many (four pages), in the order the index gives them. */
export const SEARCH_RANK_BLOCK = 48;

/**
 * A title word as an operand of `to_tsquery`: quoted, its backslashes and quotes escaped (the
 * words come from the titles, i.e. from vendors, not only letters).
 */
const quotedWord = sql.raw(
  String.raw`'''' || replace(replace(near.word, '\', '\\'), '''', '\''') || ''''`,
);

/** What a search matches: the typed words, or the title words that resemble each of them. */
function searchMatch(locale: Locale, text: string) {
  const config = SEARCH_CONFIG[locale];
  const words = text
    .split(/\s+/)
    .filter((w) => w.length >= 2)
    .slice(0, 8);
  // A typo ('lnen') is looked up among the titles' words (a small table, nearest first by pg_trgm
  // word similarity of at least WORD_SIMILARITY_THRESHOLD) instead of being compared with every
  // title: the match is full-text search for what the shopper typed, or for each word one of the
  // three title words nearest to it, and costs about what a correctly spelt word costs.
  const nearest = words.length
    ? sql`(
        SELECT to_tsquery(${config}::regconfig, string_agg('(' || alternatives.words || ')', ' & '))
        FROM (
          SELECT string_agg(${quotedWord}, ' | ') AS words
          FROM unnest(string_to_array(${words.join(' ')}, ' ')) WITH ORDINALITY AS typed(word, n)
          CROSS JOIN LATERAL (
            SELECT ${s.searchWords.word} AS word FROM ${s.searchWords}
            WHERE ${s.searchWords.locale} = ${locale} AND typed.word <% ${s.searchWords.word}
            ORDER BY typed.word <<-> ${s.searchWords.word}
            LIMIT 3
          ) near
          GROUP BY typed.n
        ) alternatives
        HAVING count(*) = ${words.length}
      )`
    : sql`NULL::tsquery`;
  const typed = sql`websearch_to_tsquery(${config}::regconfig, ${text})`;
  const where = and(
    // Compared as text so that the planner does not AND the selective full-text match with a
    // scan of a quarter of the table (every row of the locale) through the locale index.
    sql`${s.productTranslations.locale}::text = ${locale}`,
    eq(s.products.active, true),
    isNull(s.products.parentId),
    sql`${s.productTranslations.search} @@ (SELECT q FROM search_query)`,
  );
  const withQuery = sql`WITH search_query AS (SELECT coalesce(${typed} || ${nearest}, ${typed}) AS q)`;
  return { withQuery, where };
}

/**
 * The products a search matches, at most SEARCH_COUNT_CAP of them (the ones `…/search` pages
 * through), in no particular order: the list, its filters and its price range narrow to them when
 * a search is sorted or filtered. Bounded like the search (decision 0024).
 */
export async function searchMatchIds(db: Database, locale: Locale, text: string) {
  const { withQuery, where } = searchMatch(locale, text);
  const result = await db.execute(
    sql`${withQuery}
      SELECT ${s.productTranslations.parentId} AS id FROM ${s.productTranslations}
      JOIN ${s.products} ON ${s.products.id} = ${s.productTranslations.parentId}
      WHERE ${where}
      LIMIT ${SEARCH_COUNT_CAP}`,
  );
  return rowsOf<{ id: number }>(result)
    .map((r) => Number(r.id))
    .sort((a, b) => a - b);
}

/**
 * One page of a search, as product ids, and how many products it matches (`searchCount`: counted
 * up to SEARCH_COUNT_CAP + 1, past it the cap and `countCapped`). Full-text search in the
 * locale's language (stemming; title words weigh more) that forgives typos (`searchMatch`). Only
 * a bounded set is ranked: the matches come in the index's order in blocks of SEARCH_RANK_BLOCK,
 * and each block is ranked by text rank plus the title's trigram word similarity to the text (a
 * title match first), then the shop's sorting. A later page never reorders an earlier block, so
 * paging neither repeats nor skips; a search pages through at most SEARCH_COUNT_CAP results.
 * One statement for both (decision 0077): a common word's GIN bitmap (83,641 matches for
 * 'linen' at 1M: the index has no bounded scan) and the typed words' trigram lookups are built
 * once per search, not once for the page and again for the count. Every page reads the same
 * first SEARCH_COUNT_CAP + 1 matches, so every page sees them in the same order.
 */
export async function searchPage(
  db: Database,
  locale: Locale,
  text: string,
  page: number,
  pageSize: number,
): Promise<{ ids: number[]; count: number; countCapped: boolean }> {
  const offset = (page - 1) * pageSize;
  const window = Math.min(
    Math.ceil((offset + pageSize) / SEARCH_RANK_BLOCK) * SEARCH_RANK_BLOCK,
    SEARCH_COUNT_CAP,
  );
  const { withQuery, where } = searchMatch(locale, text);
  const pt = s.productTranslations;
  const rows = rowsOf<{ total: number; id: number | null }>(
    await db.execute(
      sql`${withQuery}, matches AS MATERIALIZED (
        SELECT ${pt.parentId} AS id, ${pt.search} AS search, ${pt.title} AS title,
          ${s.products.sorting} AS sorting, row_number() OVER () AS n
        FROM ${pt}
        JOIN ${s.products} ON ${s.products.id} = ${pt.parentId}
        WHERE ${where}
        LIMIT ${SEARCH_COUNT_CAP + 1}
      )
      SELECT (SELECT count(*)::int FROM matches) AS total, paged.id
      FROM (SELECT 1) one
      LEFT JOIN LATERAL (
        SELECT id FROM matches
        WHERE n <= ${offset >= SEARCH_COUNT_CAP ? 0 : window}
        ORDER BY (n - 1) / ${SEARCH_RANK_BLOCK},
          ts_rank(search, (SELECT q FROM search_query)) * 2 + word_similarity(${text}, title) DESC,
          sorting, id
        LIMIT ${Math.max(0, Math.min(pageSize, SEARCH_COUNT_CAP - offset))} OFFSET ${offset}
      ) paged ON true`,
    ),
  );
  return {
    ids: rows.flatMap((r) => (r.id === null ? [] : [Number(r.id)])),
    ...searchCount(Number(rows[0]?.total ?? 0)),
  };
}
