import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { FacetAttribute, FilterAttribute, Locale } from '@shop/contract';
import type { Database } from '#api/db/client.ts';
import { rowsOf } from '#api/db/rows.ts';
import * as s from '#api/db/schema.ts';
import { translated } from '#api/db/translations.ts';
import { productConditions, type ProductFilters } from './product-lists.ts';

/** The value filter aside: the panel lists every value the other filters leave carried. */
const withoutValues = (filters: ProductFilters): ProductFilters => ({
  ...filters,
  values__id: undefined,
});

/**
 * Per value, an aggregate over the rows of the listed products that carry it (among those the
 * vendor, attribute, price and search filters leave); values no such product carries left out.
 */
async function carriedValues<T>(db: Database, filters: ProductFilters, carriers: SQL<T>) {
  const where = await productConditions(db, withoutValues(filters));
  return db
    .select({ valueId: s.productValues.valueId, carriers: carriers.as('carriers') })
    .from(s.productValues)
    .innerJoin(s.products, eq(s.products.id, s.productValues.productId))
    .where(where)
    .groupBy(s.productValues.valueId)
    .as('carried');
}

/** Whether the filters leave every listed product (the panel most pages show). */
const leavesEveryProduct = (filters: ProductFilters) =>
  filters.query === undefined &&
  filters.ids === undefined &&
  filters.price__gte === undefined &&
  filters.price__lte === undefined &&
  filters.vendor === undefined &&
  !filters.attrs__id?.length;

/**
 * Per value, how many listed products carry it, when every listed product counts: all the
 * value's rows less those of the few products not listed (inactive ones and variations, found
 * through their partial index, migration 0022). At a million products that reads product_values
 * once and joins nothing to it, where the join with every listed product costs 4 times as much
 * (bench/README.md, "The filter panel at 1M").
 */
function everyListedCount(db: Database) {
  const pv = s.productValues;
  const every = db
    .select({ valueId: pv.valueId, n: sql<number>`count(*)`.as('n') })
    .from(pv)
    .groupBy(pv.valueId);
  const unlisted = db
    .select({ valueId: pv.valueId, n: sql<number>`-count(*)`.as('n') })
    .from(s.products)
    .innerJoin(pv, eq(pv.productId, s.products.id))
    // The predicate of products_unlisted_idx.
    .where(sql`NOT (${s.products.active} AND ${s.products.parentId} IS NULL)`)
    .groupBy(pv.valueId);
  const both = unionAll(every, unlisted).as('both');
  return db
    .select({ valueId: both.valueId, carriers: sql<number>`sum(${both.n})::int`.as('carriers') })
    .from(both)
    .groupBy(both.valueId)
    .having(sql`sum(${both.n}) > 0`)
    .as('carried');
}

/**
 * The attributes and values of `carried` in the panel's order, with their titles and `carriers`.
 */
async function listedValues<T>(
  db: Database,
  locale: Locale,
  carried: Awaited<ReturnType<typeof carriedValues<T>>>,
) {
  const at = translated(s.attributeTranslations, locale, 'at');
  const vt = translated(s.attributeValueTranslations, locale, 'vt');
  return db
    .select({
      attributeId: s.attributes.id,
      attributeTitle: at.text('title'),
      valueId: s.attributeValues.id,
      valueTitle: vt.text('title'),
      carriers: carried.carriers,
    })
    .from(carried)
    .innerJoin(s.attributeValues, eq(s.attributeValues.id, carried.valueId))
    .innerJoin(s.attributes, eq(s.attributes.id, s.attributeValues.attributeId))
    .leftJoin(at.local, at.onLocal(s.attributes.id))
    .leftJoin(at.fallback, at.onFallback(s.attributes.id))
    .leftJoin(vt.local, vt.onLocal(s.attributeValues.id))
    .leftJoin(vt.fallback, vt.onFallback(s.attributeValues.id))
    .orderBy(
      asc(s.attributes.sorting),
      asc(s.attributes.id),
      asc(s.attributeValues.sorting),
      asc(s.attributeValues.id),
    );
}

/** Rows of `listedValues`, one per value in order, grouped by attribute. */
function byAttribute<R extends { attributeId: number; attributeTitle: string }, V>(
  rows: R[],
  value: (row: R) => V,
): { id: number; title: string; values: V[] }[] {
  const attributes = new Map<number, { id: number; title: string; values: V[] }>();
  for (const row of rows) {
    let attribute = attributes.get(row.attributeId);
    if (!attribute) {
      attribute = { id: row.attributeId, title: row.attributeTitle, values: [] };
      attributes.set(row.attributeId, attribute);
    }
    attribute.values.push(value(row));
  }
  return [...attributes.values()];
}

/**
 * Attributes with their values and, per value, the ids of the listed products that carry it
 * (among the products the vendor, attribute and price filters leave), so a client can narrow
 * locally: the spec's shape. Values no product carries are left out. At a million products that
 * is every listed product's every value (3 million ids): the storefront asks `valueFacets` and
 * `narrowedFacets` instead, which count in the database.
 */
export async function filtersAttributes(
  db: Database,
  locale: Locale,
  filters: ProductFilters,
): Promise<FilterAttribute[]> {
  const rows = await listedValues(
    db,
    locale,
    await carriedValues(
      db,
      filters,
      sql<number[]>`array_agg(${s.productValues.productId} ORDER BY ${s.productValues.productId})`,
    ),
  );
  return byAttribute(rows, (row) => ({
    id: row.valueId,
    title: row.valueTitle,
    attribute: row.attributeId,
    // node-postgres parses int[]; PGlite too. Numbers either way.
    products: row.carriers.map(Number),
  }));
}

/** How many ids an answer of `filtersAttributes` holds (what keeping it costs). */
export const filterIdCount = (attributes: readonly FilterAttribute[]) =>
  attributes.reduce((sum, a) => sum + a.values.reduce((n, v) => n + v.products.length, 0), 0);

/**
 * The filter panel with nothing ticked: per listed value (as `filtersAttributes` lists them), how
 * many listed products carry it. One grouped count, no ids leave the database.
 */
export async function valueFacets(
  db: Database,
  locale: Locale,
  filters: ProductFilters,
): Promise<FacetAttribute[]> {
  const rows = await listedValues(
    db,
    locale,
    leavesEveryProduct(filters)
      ? everyListedCount(db)
      : await carriedValues(db, filters, sql<number>`count(*)::int`),
  );
  return byAttribute(rows, (row) => ({
    id: row.valueId,
    title: row.valueTitle,
    attribute: row.attributeId,
    count: Number(row.carriers),
  }));
}

const intArray = (ids: Iterable<number>) => `{${[...ids].map((id) => Math.trunc(id)).join(',')}}`;

/**
 * The filter panel with values ticked: per value, how many products ticking it would list, by
 * the domain's `facetCounts` rule on the `filtersAttributes` shape, computed in the database.
 * `unticked` is `valueFacets` of the same filters: the values listed, and their counts where
 * nothing narrows them. A product counts for a value of attribute X when it carries the value
 * and, for every *other* attribute with ticked values, one of them (values of one attribute
 * combine as any-of, so X's own ticks do not narrow X). Ticked ids that no listed product carries
 * (stale, unknown, or filtered out by vendor or price) narrow nothing, as in the domain.
 */
export async function narrowedFacets(
  db: Database,
  filters: ProductFilters,
  unticked: FacetAttribute[],
  ticked: readonly number[],
): Promise<FacetAttribute[]> {
  const attributeOf = new Map(unticked.flatMap((a) => a.values.map((v) => [v.id, a.id] as const)));
  const applied = [...new Set(ticked)].filter((id) => attributeOf.has(id));
  const narrowing = [...new Set(applied.map((id) => attributeOf.get(id)!))].sort((a, b) => a - b);
  if (narrowing.length === 0) return unticked;
  // With one attribute ticked, its own values are narrowed by nothing: their unticked counts.
  const recount = unticked.filter((a) => narrowing.length > 1 || a.id !== narrowing[0]);
  const scope = leavesEveryProduct(filters)
    ? undefined
    : await productConditions(db, withoutValues(filters));
  // Listed: with no other filter, not one of the few unlisted products (a hashed list from their
  // partial index); else the list's conditions on the product row.
  const listed = (column: SQL) =>
    scope
      ? sql`EXISTS (SELECT 1 FROM ${s.products} WHERE ${s.products.id} = ${column} AND ${scope})`
      : sql`${column} NOT IN (SELECT ${s.products.id} FROM ${s.products}
          WHERE NOT (${s.products.active} AND ${s.products.parentId} IS NULL))`;
  // Within a vendor's or a price range's products, several ticked attributes are counted from
  // the products matching all of them but one, read once (measured at 1M: the split below reads
  // the scope's products once per ticked attribute, a parallel scan of products each).
  const rows =
    scope && narrowing.length > 1
      ? await countedByMask(db, listed, applied, attributeOf, narrowing)
      : await countedByAttribute(db, listed, applied, attributeOf, narrowing, unticked, recount);
  const counts = new Map(rows.map((r) => [Number(r.value_id), Number(r.n)]));
  const recounted = new Set(recount.flatMap((a) => a.values.map((v) => v.id)));
  return unticked.map((a) => ({
    ...a,
    values: a.values.map((v) => (recounted.has(v.id) ? { ...v, count: counts.get(v.id) ?? 0 } : v)),
  }));
}

type Counted = { value_id: number; n: number }[];

/**
 * `narrowedFacets`' counts by the domain's rule, split by attribute (decision 0074): a value of
 * an unticked attribute counts among the listed products matching every ticked attribute (few
 * when several are ticked; each one's values read by primary key), a value of ticked attribute X
 * among those matching the *other* ticked attributes, read from the value index (X's values'
 * carriers, hash-joined with those products). At 1M, three ticked values read 14,000 buffers
 * this way instead of 410,000 (`countedByMask`).
 */
async function countedByAttribute(
  db: Database,
  listed: (column: SQL) => SQL,
  applied: number[],
  attributeOf: Map<number, number>,
  narrowing: number[],
  unticked: FacetAttribute[],
  recount: FacetAttribute[],
): Promise<Counted> {
  const groups = narrowing.map((attribute) =>
    applied.filter((id) => attributeOf.get(id) === attribute),
  );
  const pv = s.productValues;
  /** The listed products carrying a ticked value of each of `these` groups (at least one). */
  const carrying = (these: number[][], distinct: boolean) => {
    const [first = [], ...others] = these;
    return sql`SELECT ${sql.raw(distinct ? 'DISTINCT ' : '')}c.product_id FROM ${pv} c
      WHERE c.value_id = ANY(${intArray(first)}::int[])
        ${sql.join(
          others.map(
            (values) => sql`AND EXISTS (SELECT 1 FROM ${pv} o WHERE o.product_id = c.product_id
              AND o.value_id = ANY(${intArray(values)}::int[]))`,
          ),
          sql` `,
        )}
        AND ${listed(sql`c.product_id`)}`;
  };
  const untickedValues = recount
    .filter((a) => !narrowing.includes(a.id))
    .flatMap((a) => a.values.map((v) => v.id));
  const parts: SQL[] = [];
  if (untickedValues.length)
    parts.push(sql`SELECT ${pv.valueId} AS value_id, count(*)::int AS n
      FROM (${carrying(groups, true)}) m JOIN ${pv} ON ${pv.productId} = m.product_id
      WHERE ${pv.valueId} = ANY(${intArray(untickedValues)}::int[])
      GROUP BY ${pv.valueId}`);
  if (narrowing.length > 1)
    for (const [i, attribute] of narrowing.entries()) {
      const own = unticked.find((a) => a.id === attribute)?.values.map((v) => v.id) ?? [];
      parts.push(sql`SELECT ${pv.valueId} AS value_id, count(*)::int AS n FROM ${pv}
        WHERE ${pv.valueId} = ANY(${intArray(own)}::int[])
          AND ${pv.productId} IN (${carrying(
            groups.filter((_, j) => j !== i),
            false,
          )})
        GROUP BY ${pv.valueId}`);
    }
  if (parts.length === 0) return [];
  return rowsOf<Counted[number]>(await db.execute(sql.join(parts, sql` UNION ALL `)));
}

/**
 * `narrowedFacets`' counts from the products matching all ticked attributes but at most one (their
 * missing bits are none or one: m & (m - 1) = 0), each with a bigint mask of the ticked
 * attributes it matches (at most MAX_LIST_IDS = 50 ids are ticked), read from the value index;
 * a product counts for a value of attribute X when its mask and X's bit make all of them. Every
 * such product's values are read by primary key: 137,000 products for three ticked values at 1M
 * with no other filter (decision 0065), but within a vendor or a price range it reads the scope
 * once, where `countedByAttribute` reads it per ticked attribute.
 */
async function countedByMask(
  db: Database,
  listed: (column: SQL) => SQL,
  applied: number[],
  attributeOf: Map<number, number>,
  narrowing: number[],
): Promise<Counted> {
  const bitOf = new Map(narrowing.map((attribute, i) => [attribute, 1n << BigInt(i)]));
  const all = sql.raw(`${(1n << BigInt(narrowing.length)) - 1n}::bigint`);
  const bits = `{${applied.map((id) => String(bitOf.get(attributeOf.get(id)!))).join(',')}}`;
  const pv = s.productValues;
  const av = s.attributeValues;
  const attributeBit = sql.join(
    [...bitOf].map(([attribute, bit]) =>
      sql.raw(`WHEN ${Math.trunc(attribute)} THEN ${bit}::bigint`),
    ),
    sql` `,
  );
  const missing = sql`(${all} # bit_or(ticked.bit))`;
  const result = await db.execute(sql`
    WITH ticked AS (
      SELECT * FROM unnest(${intArray(applied)}::int[], ${bits}::bigint[]) AS t(value_id, bit)
    ),
    hits AS MATERIALIZED (
      SELECT ${pv.productId} AS product_id, bit_or(ticked.bit) AS mask
      FROM ${pv} JOIN ticked ON ticked.value_id = ${pv.valueId}
      WHERE ${listed(sql`${pv.productId}`)}
      GROUP BY ${pv.productId}
      HAVING ${missing} & (${missing} - 1) = 0
    )
    SELECT ${pv.valueId} AS value_id, count(*)::int AS n
    FROM hits
    JOIN ${pv} ON ${pv.productId} = hits.product_id
    JOIN ${av} ON ${av.id} = ${pv.valueId}
    WHERE (hits.mask | CASE ${av.attributeId} ${attributeBit} ELSE 0::bigint END) = ${all}
    GROUP BY ${pv.valueId}`);
  return rowsOf<Counted[number]>(result);
}
