import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { FacetAttribute, FilterAttribute, Locale } from '@shop/contract';
import type { Database } from '#api/db/client.ts';
import * as s from '#api/db/schema.ts';
import { translated } from '#api/db/translations.ts';
import { productConditions, rowsOf, type ProductFilters } from './product-lists.ts';

/** The value filter aside: the panel lists every value the other filters leave carried. */
const withoutValues = (filters: ProductFilters): ProductFilters => ({
  ...filters,
  values__id: undefined,
});

/**
 * The attributes and values carried by the listed products the vendor, attribute, price and
 * search filters leave (values no such product carries left out), in the panel's order, each
 * with `carriers`: an aggregate over the rows of its listed carriers, computed by the database.
 */
async function listedValues<T>(
  db: Database,
  locale: Locale,
  filters: ProductFilters,
  carriers: SQL<T>,
) {
  const where = await productConditions(db, withoutValues(filters));
  const at = translated(s.attributeTranslations, locale, 'at');
  const vt = translated(s.attributeValueTranslations, locale, 'vt');
  const grouped = db
    .select({ valueId: s.productValues.valueId, carriers: carriers.as('carriers') })
    .from(s.productValues)
    .innerJoin(s.products, eq(s.products.id, s.productValues.productId))
    .where(where)
    .groupBy(s.productValues.valueId)
    .as('carried');
  const rows = await db
    .select({
      attributeId: s.attributes.id,
      attributeTitle: at.text('title'),
      valueId: s.attributeValues.id,
      valueTitle: vt.text('title'),
      carriers: grouped.carriers,
    })
    .from(grouped)
    .innerJoin(s.attributeValues, eq(s.attributeValues.id, grouped.valueId))
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
  return rows;
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
    filters,
    sql<number[]>`array_agg(${s.productValues.productId} ORDER BY ${s.productValues.productId})`,
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
  const rows = await listedValues(db, locale, filters, sql<number>`count(*)::int`);
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
  const counted = recount.flatMap((a) => a.values.map((v) => v.id));
  const where = await productConditions(db, withoutValues(filters));
  const pv = s.productValues;
  const av = s.attributeValues;
  // Only products carrying ticked values of all but at most one of the ticked attributes can count
  // for anything: the count starts from them (`hits`, with the ticked attributes each matches),
  // not from every listed product.
  const result = await db.execute(sql`
    WITH hits AS (
      SELECT ${pv.productId} AS product_id, array_agg(DISTINCT ${av.attributeId}) AS attributes
      FROM ${pv} JOIN ${av} ON ${av.id} = ${pv.valueId}
      WHERE ${pv.valueId} = ANY(${intArray(applied)}::int[])
      GROUP BY ${pv.productId}
      HAVING count(DISTINCT ${av.attributeId}) >= ${narrowing.length - 1}
    )
    SELECT ${pv.valueId} AS value_id, count(*)::int AS n
    FROM hits
    JOIN ${pv} ON ${pv.productId} = hits.product_id
    JOIN ${s.products} ON ${s.products.id} = hits.product_id
    JOIN ${av} ON ${av.id} = ${pv.valueId}
    WHERE ${where}
      AND ${pv.valueId} = ANY(${intArray(counted)}::int[])
      AND hits.attributes @> array_remove(${intArray(narrowing)}::int[], ${av.attributeId})
    GROUP BY ${pv.valueId}`);
  const counts = new Map(
    rowsOf<{ value_id: number; n: number }>(result).map((r) => [Number(r.value_id), Number(r.n)]),
  );
  const recounted = new Set(counted);
  return unticked.map((a) => ({
    ...a,
    values: a.values.map((v) => (recounted.has(v.id) ? { ...v, count: counts.get(v.id) ?? 0 } : v)),
  }));
}
