import { describe, expect, it } from 'vitest';
import { count, gt, max, sql } from 'drizzle-orm';
import * as s from '#api/db/schema.ts';
import { useTestApp } from '../../test/helpers.ts';
import { generateCatalogue } from './catalogue-generator.ts';

const t = useTestApp();

async function productCount() {
  const [row] = await t.handle.db.select({ n: count() }).from(s.products);
  return row?.n ?? 0;
}

async function maxProductId() {
  const [row] = await t.handle.db.select({ id: max(s.products.id) }).from(s.products);
  return row?.id ?? 0;
}

/** Per new product: how many rows of a child table point at it. */
async function childCounts(
  table: typeof s.productTranslations | typeof s.productValues | typeof s.images,
  column: typeof s.productTranslations.parentId | typeof s.productValues.productId,
  after: number,
) {
  const rows = await t.handle.db
    .select({ id: column, n: count() })
    .from(table)
    .where(gt(column, after))
    .groupBy(column);
  return new Map(rows.map((r) => [r.id, r.n]));
}

describe('generateCatalogue', () => {
  it('adds 2,000 complete products to the seeded shop', async () => {
    const db = t.handle.db;
    const before = await productCount();
    const lastId = await maxProductId();
    const result = await generateCatalogue(db, { products: 2_000, seed: 7 });
    expect(result.products).toBe(2_000);
    expect(await productCount()).toBe(before + 2_000);

    const added = await db
      .select({ id: s.products.id, slug: s.products.slug, price: s.products.price })
      .from(s.products)
      .where(gt(s.products.id, lastId));
    expect(added).toHaveLength(2_000);
    expect(new Set(added.map((p) => p.slug)).size).toBe(2_000);
    expect(added.every((p) => /^synthetic-\d+$/.test(p.slug) && p.price > 0)).toBe(true);
    // Varied, not constant: the PRNG drives prices.
    expect(new Set(added.map((p) => p.price)).size).toBeGreaterThan(100);

    const translations = await childCounts(
      s.productTranslations,
      s.productTranslations.parentId,
      lastId,
    );
    const values = await childCounts(s.productValues, s.productValues.productId, lastId);
    for (const p of added) {
      expect(translations.get(p.id)).toBe(4);
      expect(values.get(p.id)).toBeGreaterThanOrEqual(2);
      expect(values.get(p.id)).toBeLessThanOrEqual(4);
    }

    const [images] = await db
      .select({ n: count() })
      .from(s.images)
      .where(sql`${s.images.productId} > ${lastId} AND ${s.images.imageType} = 'page_gallery'`);
    expect(images?.n).toBe(2_000);
    const [discounts] = await db
      .select({ n: count() })
      .from(s.discounts)
      .where(gt(s.discounts.productId, lastId));
    // ~10 %: 200 expected, a wide margin for the PRNG.
    expect(discounts?.n).toBeGreaterThan(120);
    expect(discounts?.n).toBeLessThan(280);

    const [german] = await db
      .select({ title: s.productTranslations.title })
      .from(s.productTranslations)
      .where(
        sql`${s.productTranslations.parentId} > ${lastId} AND ${s.productTranslations.locale} = 'de'`,
      )
      .limit(1);
    expect(german?.title).toMatch(/ aus /);

    const res = await t.app.inject({ method: 'GET', url: '/en/api/core/languages/' });
    expect(res.statusCode).toBe(200);
  });

  it('adds another batch with new slugs when called again', async () => {
    const db = t.handle.db;
    const before = await productCount();
    const [vendorsBefore] = await db.select({ n: count() }).from(s.vendors);
    await generateCatalogue(db, {
      products: 300,
      vendors: 3,
      attributes: 2,
      valuesPerAttribute: 3,
    });
    await generateCatalogue(db, {
      products: 300,
      vendors: 3,
      attributes: 2,
      valuesPerAttribute: 3,
    });
    expect(await productCount()).toBe(before + 600);
    const [vendorsAfter] = await db.select({ n: count() }).from(s.vendors);
    expect(vendorsAfter?.n).toBe((vendorsBefore?.n ?? 0) + 6);

    const [slugs] = await db
      .select({ all: count(), distinct: sql<number>`count(DISTINCT ${s.products.slug})::int` })
      .from(s.products);
    expect(slugs?.distinct).toBe(slugs?.all);
  });
});
