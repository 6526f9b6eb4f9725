import { asc, eq, sql } from 'drizzle-orm';
import type { FacetAttribute, FilterAttribute, Locale } from '@shop/contract';
import { facetCounts } from '@shop/domain';
import type { Database } from '#api/db/client.ts';
import * as s from '#api/db/schema.ts';
import { translated } from '#api/db/translations.ts';
import { productConditions, type ProductFilters } from './product-lists.ts';

/**
 * Attributes with their values and, per value, the ids of the listed products that carry it
 * (among the products the vendor, attribute and price filters leave), so a client can narrow
 * locally. Values no product carries are left out. The ids are aggregated by the database: at
 * 100,000 products that is a few hundred rows instead of 300,000.
 */
export async function filtersAttributes(
  db: Database,
  locale: Locale,
  filters: ProductFilters,
): Promise<FilterAttribute[]> {
  const where = await productConditions(db, { ...filters, values__id: undefined });
  const at = translated(s.attributeTranslations, locale, 'at');
  const vt = translated(s.attributeValueTranslations, locale, 'vt');
  const carriers = db
    .select({
      valueId: s.productValues.valueId,
      products: sql<
        number[]
      >`array_agg(${s.productValues.productId} ORDER BY ${s.productValues.productId})`.as(
        'products',
      ),
    })
    .from(s.productValues)
    .innerJoin(s.products, eq(s.products.id, s.productValues.productId))
    .where(where)
    .groupBy(s.productValues.valueId)
    .as('carriers');
  const rows = await db
    .select({
      attributeId: s.attributes.id,
      attributeTitle: at.text('title'),
      valueId: s.attributeValues.id,
      valueTitle: vt.text('title'),
      products: carriers.products,
    })
    .from(carriers)
    .innerJoin(s.attributeValues, eq(s.attributeValues.id, carriers.valueId))
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
  const attributes = new Map<number, FilterAttribute>();
  for (const row of rows) {
    let attribute = attributes.get(row.attributeId);
    if (!attribute) {
      attribute = { id: row.attributeId, title: row.attributeTitle, values: [] };
      attributes.set(row.attributeId, attribute);
    }
    attribute.values.push({
      id: row.valueId,
      title: row.valueTitle,
      attribute: row.attributeId,
      // node-postgres parses int[]; PGlite too. Numbers either way.
      products: row.products.map(Number),
    });
  }
  return [...attributes.values()];
}

/** Per value, how many products ticking it would show, by the domain's narrowing rule. */
export function facetsOf(attributes: FilterAttribute[], applied: number[]): FacetAttribute[] {
  const counts = facetCounts(attributes, applied);
  return attributes.map((a) => ({
    id: a.id,
    title: a.title,
    values: a.values.map((v) => ({
      id: v.id,
      title: v.title,
      attribute: a.id,
      count: counts.get(v.id) ?? 0,
    })),
  }));
}
