import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { FacetAttribute, Locale } from '@shop/contract';
import { carrierCounts, carriersIn, narrowedCounts, type CatalogueIndex } from '@shop/domain';
import type { Database } from '#api/db/client.ts';
import { rowsOf } from '#api/db/rows.ts';
import * as s from '#api/db/schema.ts';
import { translated } from '#api/db/translations.ts';
import {
  carriesAll,
  indexFiltersOf,
  productConditions,
  type ProductFilters,
} from './product-lists.ts';

/** The value filter aside: the panel lists every value the other filters leave carried. */
const withoutValues = (filters: ProductFilters): ProductFilters => ({
  ...filters,
  values__id: undefined,
});

/**
 * Per value, an aggregate over the listed products that carry it (among those the vendor,
 * attribute, price and search filters leave); values no such product carries left out. The
 * values come from each product's own `value_ids` (migration 0024): the scope's rows are read
 * once, not joined with their product_values rows (a vendor's 48,000 products at 1M: their
 * 14,000 heap pages instead of 158,000 buffers of value rows, decision 0077).
 */
async function carriedValues<T>(db: Database, filters: ProductFilters, carriers: SQL<T>) {
  const where = await productConditions(db, withoutValues(filters));
  const valueId = sql<number>`carried_value.value_id`;
  return db
    .select({ valueId: valueId.as('value_id'), carriers: carriers.as('carriers') })
    .from(s.products)
    .crossJoin(sql`unnest(${s.products.valueIds}) AS carried_value(value_id)`)
    .where(where)
    .groupBy(valueId)
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
    .select({
      valueId: sql<number>`${both.valueId}`.as('value_id'),
      carriers: sql<number>`sum(${both.n})::int`.as('carriers'),
    })
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
  return listedValuesQuery(db, locale, carried).orderBy(
    asc(s.attributes.sorting),
    asc(s.attributes.id),
    asc(s.attributeValues.sorting),
    asc(s.attributeValues.id),
  );
}

/** `listedValues` unordered, with the panel's order's keys (`attributeSorting`, `valueSorting`). */
function listedValuesQuery<T>(
  db: Database,
  locale: Locale,
  carried: Awaited<ReturnType<typeof carriedValues<T>>>,
) {
  const at = translated(s.attributeTranslations, locale, 'at');
  const vt = translated(s.attributeValueTranslations, locale, 'vt');
  return db
    .select({
      attributeId: s.attributes.id,
      attributeSorting: s.attributes.sorting,
      attributeTitle: at.text('title'),
      valueId: s.attributeValues.id,
      valueSorting: s.attributeValues.sorting,
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
    .$dynamic();
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
 * locally: the spec's shape (`FilterAttribute[]`). Values no product carries are left out. At a
 * million products that is every listed product's every value (3 million ids): the storefront
 * asks `valueFacets` and `narrowedFacets` instead, which count in the database.
 *
 * The JSON text of the answer, and how many ids it holds (what keeping it costs). The ids leave
 * the database as the text of each value's array (`{3,8,15}`) and go into the answer as they are
 * (`[3,8,15]`): never parsed into numbers, checked against the contract one by one and
 * serialised again. At a million products an answer holds hundreds of thousands of ids, and doing
 * that in Node cost about as much CPU as the query (bench/README.md, decision 0082).
 */
export async function filtersAttributes(
  db: Database,
  locale: Locale,
  filters: ProductFilters,
): Promise<{ json: string; ids: number }> {
  const carried = await carriedValues(
    db,
    filters,
    sql<string>`array_agg(${s.products.id} ORDER BY ${s.products.id})::text`,
  );
  // Ordered here, not by the statement: a sort of the values with their ids (4.5 MB of text for
  // a vendor at 1M) went to disk. Without JIT: the estimate of `unnest` (10 values a product)
  // puts the statement past jit_above_cost, and compiling it cost 40–65 ms at 1M (decision 0082).
  const rows = (
    await db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL jit = off`);
      return listedValuesQuery(tx, locale, carried);
    })
  ).sort(
    (a, b) =>
      a.attributeSorting - b.attributeSorting ||
      a.attributeId - b.attributeId ||
      a.valueSorting - b.valueSorting ||
      a.valueId - b.valueId,
  );
  let ids = 0;
  const attributes = byAttribute(rows, (row) => {
    // An int[]'s text is its ids between braces, separated by commas: a JSON array once the
    // braces are brackets. Never empty (a value no product carries is not listed).
    const carriers = String(row.carriers);
    ids += 1;
    for (let at = carriers.indexOf(','); at !== -1; at = carriers.indexOf(',', at + 1)) ids += 1;
    return (
      `{"id":${Number(row.valueId)},"title":${JSON.stringify(row.valueTitle)},` +
      `"attribute":${Number(row.attributeId)},"products":[${carriers.slice(1, -1)}]}`
    );
  });
  const json = `[${attributes
    .map(
      (a) => `{"id":${a.id},"title":${JSON.stringify(a.title)},"values":[${a.values.join(',')}]}`,
    )
    .join(',')}]`;
  return { json, ids };
}

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
  // The listed products the other filters leave: conditions on the product row.
  const where = await productConditions(db, withoutValues(filters));
  const groups = narrowing.map((attribute) =>
    applied.filter((id) => attributeOf.get(id) === attribute),
  );
  const valuesOf = (attribute: number) =>
    unticked.find((a) => a.id === attribute)?.values.map((v) => v.id) ?? [];
  const rows = leavesEveryProduct(filters)
    ? await countedByAttribute(db, where, groups, narrowing, valuesOf, recount)
    : await countedInScope(db, where, groups, narrowing, valuesOf, recount);
  const counts = new Map(rows.map((r) => [Number(r.value_id), Number(r.n)]));
  const recounted = new Set(recount.flatMap((a) => a.values.map((v) => v.id)));
  return unticked.map((a) => ({
    ...a,
    values: a.values.map((v) => (recounted.has(v.id) ? { ...v, count: counts.get(v.id) ?? 0 } : v)),
  }));
}

type Counted = { value_id: number; n: number }[];

const p = s.products;

/** A ticked value of each of `groups` (every one) on the product row. */
const carryingAll = (groups: number[][]) => sql.join(carriesAll(groups), sql` AND `);

/**
 * `narrowedFacets`' counts by the domain's rule among every listed product, split by attribute
 * (decision 0074), from the GIN index on `value_ids` (decision 0077): a value of an unticked
 * attribute counts among the products matching every ticked attribute (a BitmapAnd; few rows
 * once two attributes are ticked), their values read from their own rows; a value of ticked
 * attribute X counts among the products matching the *other* ticked attributes, one count per
 * value, each a BitmapAnd that reads no product row (the listed rows are all visible).
 */
async function countedByAttribute(
  db: Database,
  where: SQL | undefined,
  groups: number[][],
  narrowing: number[],
  valuesOf: (attribute: number) => number[],
  recount: FacetAttribute[],
): Promise<Counted> {
  const untickedValues = recount
    .filter((a) => !narrowing.includes(a.id))
    .flatMap((a) => a.values.map((v) => v.id));
  const parts: SQL[] = [];
  if (untickedValues.length)
    parts.push(sql`SELECT v.value_id, count(*)::int AS n
      FROM ${p} CROSS JOIN unnest(${p.valueIds}) AS v(value_id)
      WHERE ${where} AND ${carryingAll(groups)}
        AND v.value_id = ANY(${intArray(untickedValues)}::int[])
      GROUP BY v.value_id`);
  if (narrowing.length > 1)
    for (const [i, attribute] of narrowing.entries()) {
      const others = carryingAll(groups.filter((_, j) => j !== i));
      for (const value of valuesOf(attribute))
        parts.push(sql`SELECT ${sql.raw(String(Math.trunc(value)))} AS value_id, count(*)::int AS n
          FROM ${p}
          WHERE ${where} AND ${p.valueIds} && ${intArray([value])}::int[] AND ${others}`);
    }
  if (parts.length === 0) return [];
  return rowsOf<Counted[number]>(await db.execute(sql.join(parts, sql` UNION ALL `)));
}

/**
 * `narrowedFacets`' counts within a vendor, a price range, a search or listed attributes: the
 * scope's products matching all ticked attributes but at most one, read once with a flag per
 * ticked attribute (`m0`, `m1`, …), and their values from their own rows (`value_ids`): a value
 * of attribute X counts where every ticked attribute but X matches, any other value where all
 * match. Before (decision 0065's mask), every such product's value rows were read by primary key.
 */
async function countedInScope(
  db: Database,
  where: SQL | undefined,
  groups: number[][],
  narrowing: number[],
  valuesOf: (attribute: number) => number[],
  recount: FacetAttribute[],
): Promise<Counted> {
  const recounted = recount.flatMap((a) => a.values.map((v) => v.id));
  if (recounted.length === 0) return [];
  const flag = (i: number) => sql.raw(`m${i}`);
  const allBut = (i: number) =>
    sql.join([sql`true`, ...groups.flatMap((_, j) => (j === i ? [] : [flag(j)]))], sql` AND `);
  // Matching every group but at most one; with two or more, some group at least (indexed: the
  // overlap with all ticked values), and the flags counted for the exact rule.
  const enough =
    groups.length === 1
      ? carryingAll(groups)
      : sql`${p.valueIds} && ${intArray(groups.flat())}::int[]
          AND ${sql.join(
            groups.map((g) => sql`(${p.valueIds} && ${intArray(g)}::int[])::int`),
            sql` + `,
          )} >= ${groups.length - 1}`;
  const rows = await db.execute(sql`
    SELECT v.value_id, count(*)::int AS n
    FROM (
      SELECT ${p.valueIds} AS value_ids, ${sql.join(
        groups.map((g, i) => sql`${p.valueIds} && ${intArray(g)}::int[] AS ${flag(i)}`),
        sql`, `,
      )}
      FROM ${p}
      WHERE ${where} AND ${enough}
    ) scoped
    CROSS JOIN unnest(scoped.value_ids) AS v(value_id)
    WHERE v.value_id = ANY(${intArray(recounted)}::int[])
      AND CASE ${sql.join(
        narrowing.map(
          (attribute, i) =>
            sql`WHEN v.value_id = ANY(${intArray(valuesOf(attribute))}::int[]) THEN ${allBut(i)}`,
        ),
        sql` `,
      )} ELSE ${allBut(-1)} END
    GROUP BY v.value_id`);
  return rowsOf<Counted[number]>(rows);
}

/* ---------- from the catalogue index (decision 0085) ---------- */

/** A value of the panel: its attribute and both titles in a locale, in the panel's order. */
export type PanelValue = {
  attributeId: number;
  attributeTitle: string;
  valueId: number;
  valueTitle: string;
};

/**
 * Every attribute value with its titles in the locale, in the panel's order (the order and
 * titles of `listedValues`): what the index's counts are listed with. A few hundred rows; the
 * route keeps them per locale while the shop data does not change.
 */
export async function panelValues(db: Database, locale: Locale): Promise<PanelValue[]> {
  const at = translated(s.attributeTranslations, locale, 'at');
  const vt = translated(s.attributeValueTranslations, locale, 'vt');
  return db
    .select({
      attributeId: s.attributes.id,
      attributeTitle: at.text('title'),
      valueId: s.attributeValues.id,
      valueTitle: vt.text('title'),
    })
    .from(s.attributeValues)
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

/** `valueFacets` counted from the index: the same values, order, titles and counts. */
export function indexedValueFacets(
  index: CatalogueIndex,
  panel: readonly PanelValue[],
  filters: ProductFilters,
): FacetAttribute[] {
  const counts = carrierCounts(index, indexFiltersOf(withoutValues(filters)));
  const rows = panel.flatMap((value) => {
    const v = index.valueNumber.get(value.valueId);
    const count = v === undefined ? 0 : counts[v]!;
    return count > 0 ? [{ ...value, count }] : [];
  });
  return byAttribute(rows, (row) => ({
    id: row.valueId,
    title: row.valueTitle,
    attribute: row.attributeId,
    count: row.count,
  }));
}

/** `narrowedFacets` counted from the index (`narrowedCounts`: the domain's `facetCounts` rule). */
export function indexedNarrowedFacets(
  index: CatalogueIndex,
  filters: ProductFilters,
  unticked: FacetAttribute[],
  ticked: readonly number[],
): FacetAttribute[] {
  const listed = new Set(unticked.flatMap((a) => a.values.map((v) => v.id)));
  // Ticked ids no listed value has (stale, unknown, filtered out) narrow nothing.
  const applied = [...new Set(ticked)].filter((id) => listed.has(id));
  if (applied.length === 0) return unticked;
  const counts = narrowedCounts(index, indexFiltersOf(withoutValues(filters)), applied);
  return unticked.map((a) => ({
    ...a,
    values: a.values.map((value) => {
      const v = index.valueNumber.get(value.id);
      return { ...value, count: v === undefined ? 0 : counts[v]! };
    }),
  }));
}

/** `filtersAttributes` from the index: the same JSON text, built from its carriers. */
export function indexedFiltersAttributes(
  index: CatalogueIndex,
  panel: readonly PanelValue[],
  filters: ProductFilters,
): { json: string; ids: number } {
  const { start, rows } = carriersIn(index, indexFiltersOf(withoutValues(filters)));
  let ids = 0;
  const listed = panel.flatMap((value) => {
    const v = index.valueNumber.get(value.valueId);
    if (v === undefined || start[v] === start[v + 1]) return [];
    const carriers = rows.subarray(start[v], start[v + 1]);
    ids += carriers.length;
    const productIds = new Int32Array(carriers.length);
    for (let i = 0; i < carriers.length; i++) productIds[i] = index.ids[carriers[i]!]!;
    return [{ ...value, products: productIds.join(',') }];
  });
  const attributes = byAttribute(
    listed,
    (row) =>
      `{"id":${row.valueId},"title":${JSON.stringify(row.valueTitle)},` +
      `"attribute":${row.attributeId},"products":[${row.products}]}`,
  );
  const json = `[${attributes
    .map(
      (a) => `{"id":${a.id},"title":${JSON.stringify(a.title)},"values":[${a.values.join(',')}]}`,
    )
    .join(',')}]`;
  return { json, ids };
}
