import { describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { rowsOf } from '#api/db/rows.ts';
import * as s from '#api/db/schema.ts';
import { generateCatalogue } from '#api/seed/catalogue-generator.ts';
import { useTestApp } from '../../test/helpers.ts';
import { useRawClients } from '../../test/raw-clients.ts';

/*
 * products.value_ids (migration 0024, decision 0077) is a copy of each product's product_values
 * rows, ascending, which list filters and the filter panel read instead of product_values: a
 * product whose copy differs would be filtered and counted wrongly. Kept by statement triggers
 * on product_values; the catalogue generator writes it itself in its COPY.
 */

const t = useTestApp();

/** Products whose value_ids differ from their product_values rows (none when all is well). */
async function mismatches() {
  return rowsOf<{ id: number; value_ids: number[]; actual: number[] }>(
    await t.handle.db.execute(sql`
      SELECT p.id, p.value_ids, coalesce(v.ids, '{}'::int[]) AS actual
      FROM products p
      LEFT JOIN (
        SELECT product_id, array_agg(value_id ORDER BY value_id) AS ids
        FROM product_values GROUP BY product_id
      ) v ON v.product_id = p.id
      WHERE p.value_ids IS DISTINCT FROM coalesce(v.ids, '{}'::int[])
      ORDER BY p.id`),
  );
}

/** The catalogue's first product (by id): the one the tests change. */
async function firstProduct() {
  const [product] = await t.handle.db
    .select({ id: s.products.id })
    .from(s.products)
    .orderBy(asc(s.products.id))
    .limit(1);
  return product;
}

async function valueIdsOf(productId: number) {
  const [row] = await t.handle.db
    .select({ ids: s.products.valueIds })
    .from(s.products)
    .where(eq(s.products.id, productId));
  return row?.ids.map(Number);
}

describe('products.value_ids', () => {
  it('matches product_values after the seed, and many products carry values', async () => {
    expect(await mismatches()).toEqual([]);
    const [row] = rowsOf<{ n: number }>(
      await t.handle.db.execute(
        sql`SELECT count(*)::int AS n FROM products WHERE cardinality(value_ids) > 0`,
      ),
    );
    expect(Number(row?.n)).toBeGreaterThan(5);
  });

  it('follows inserts, updates, deletes and the cascade of a deleted value', async () => {
    const db = t.handle.db;
    const product = await firstProduct();
    const values = await db
      .select({ id: s.attributeValues.id })
      .from(s.attributeValues)
      .orderBy(asc(s.attributeValues.id));
    const [a, b, c] = values.map((v) => v.id);
    if (!product || a === undefined || b === undefined || c === undefined)
      throw new Error('the seeded shop has no product or too few values');

    await db.delete(s.productValues).where(eq(s.productValues.productId, product.id));
    expect(await valueIdsOf(product.id)).toEqual([]);

    // Inserted in another order: kept ascending.
    await db.insert(s.productValues).values([
      { productId: product.id, valueId: c },
      { productId: product.id, valueId: a },
    ]);
    expect(await valueIdsOf(product.id)).toEqual([a, c]);

    await db
      .update(s.productValues)
      .set({ valueId: b })
      .where(
        sql`${s.productValues.productId} = ${product.id} AND ${s.productValues.valueId} = ${c}`,
      );
    expect(await valueIdsOf(product.id)).toEqual([a, b]);

    // A row moved to another product: both products change.
    const [other] = await db
      .select({ id: s.products.id })
      .from(s.products)
      .where(sql`${s.products.id} > ${product.id}`)
      .orderBy(asc(s.products.id))
      .limit(1);
    if (!other) throw new Error('the seeded shop has one product');
    await db.delete(s.productValues).where(eq(s.productValues.productId, other.id));
    await db
      .update(s.productValues)
      .set({ productId: other.id })
      .where(
        sql`${s.productValues.productId} = ${product.id} AND ${s.productValues.valueId} = ${b}`,
      );
    expect(await valueIdsOf(product.id)).toEqual([a]);
    expect(await valueIdsOf(other.id)).toEqual([b]);

    // An attribute value deleted: its rows go by the cascade, and with them from the copy.
    await db.delete(s.attributeValues).where(eq(s.attributeValues.id, a));
    expect(await valueIdsOf(product.id)).toEqual([]);

    // A product deleted: its rows go by the cascade; nothing else breaks.
    await db.delete(s.products).where(eq(s.products.id, other.id));
    expect(await mismatches()).toEqual([]);
  });

  it('is written by the catalogue generator as the trigger would write it', async () => {
    await generateCatalogue(t.handle.db, { products: 300, seed: 3 });
    expect(await mismatches()).toEqual([]);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('products.value_ids under concurrent writes', () => {
  const clients = useRawClients(t);

  it('two transactions adding values to one product at once: the column holds both', async () => {
    const db = t.handle.db;
    const product = await firstProduct();
    const carried = new Set(
      (
        await db
          .select({ id: s.productValues.valueId })
          .from(s.productValues)
          .where(eq(s.productValues.productId, product!.id))
      ).map((r) => r.id),
    );
    const [first, second] = (await db.select({ id: s.attributeValues.id }).from(s.attributeValues))
      .map((r) => r.id)
      .filter((id) => !carried.has(id));
    const other = new pg.Client({ connectionString: clients.url });
    await other.connect();
    try {
      // The first transaction adds a value: its trigger rewrites the product's row and holds it.
      await clients.raw.query('BEGIN');
      await clients.raw.query('INSERT INTO product_values (product_id, value_id) VALUES ($1, $2)', [
        product!.id,
        first,
      ]);
      // The second adds another to the same product and waits for that row.
      await other.query('BEGIN');
      const adding = other.query(
        'INSERT INTO product_values (product_id, value_id) VALUES ($1, $2)',
        [product!.id, second],
      );
      await clients.waitingOnLocks(1, adding);
      await clients.raw.query('COMMIT');
      await adding;
      await other.query('COMMIT');
    } finally {
      await clients.raw.query('ROLLBACK').catch(() => undefined);
      await other.query('ROLLBACK').catch(() => undefined);
      await other.end();
    }
    expect(await valueIdsOf(product!.id)).toEqual(
      [...carried, first!, second!].sort((a, b) => a - b),
    );
    expect(await mismatches()).toEqual([]);
    await db
      .delete(s.productValues)
      .where(
        and(
          eq(s.productValues.productId, product!.id),
          inArray(s.productValues.valueId, [first!, second!]),
        ),
      );
    expect(await mismatches()).toEqual([]);
  });
});
