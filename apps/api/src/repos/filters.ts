import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FilterAttribute, Locale } from '@shop/contract';
import type { Database } from '#api/db/client.ts';
import * as s from '#api/db/schema.ts';
import { translated } from '#api/db/translations.ts';
import { productConditions, type ProductFilters } from './catalogue.ts';

/**
 * Attributes with their values and, per value, the ids of the listed products that carry it
 * (among the products the vendor and price filters leave), so a client can narrow locally.
 * Values no product carries are left out.
 */
export async function filtersAttributes(
  db: Database,
  locale: Locale,
  filters: ProductFilters,
): Promise<FilterAttribute[]> {
  const where = await productConditions(db, {
    ...filters,
    values__id: undefined,
    attrs__id: undefined,
  });
  const at = translated(s.attributeTranslations, locale, 'at');
  const vt = translated(s.attributeValueTranslations, locale, 'vt');
  const values = await db
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
  const valueIds = values.map((v) => v.valueId);
  const carriers =
    valueIds.length === 0
      ? []
      : await db
          .select({ valueId: s.productValues.valueId, productId: s.productValues.productId })
          .from(s.productValues)
          .innerJoin(s.products, eq(s.products.id, s.productValues.productId))
          .where(and(where, inArray(s.productValues.valueId, valueIds)))
          .orderBy(asc(s.productValues.productId));
  const productsOf = new Map<number, number[]>();
  for (const c of carriers)
    productsOf.set(c.valueId, [...(productsOf.get(c.valueId) ?? []), c.productId]);

  const attributes = new Map<number, FilterAttribute>();
  for (const v of values) {
    const products = productsOf.get(v.valueId);
    if (!products) continue;
    const attribute = attributes.get(v.attributeId) ?? {
      id: v.attributeId,
      title: v.attributeTitle,
      values: [],
    };
    attribute.values.push({
      id: v.valueId,
      title: v.valueTitle,
      attribute: v.attributeId,
      products,
    });
    attributes.set(v.attributeId, attribute);
  }
  return [...attributes.values()];
}
