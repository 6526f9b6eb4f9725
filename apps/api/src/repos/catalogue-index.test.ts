// The catalogue index (decision 0085) answers as the SQL path does: the filter panel
// (get_filters_attributes, facets with and without ticked values), the list's counts, the value
// filters' matches and the price range, on random filters, on PGlite and on PostgreSQL. And it
// follows the catalogue: a change shows in the counts once the index is loaded again.
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { facetsSchema, type FacetAttribute } from '@shop/contract';
import { rowsOf } from '#api/db/rows.ts';
import { loadCatalogueIndex } from '#api/lib/catalogue-index.ts';
import {
  filtersAttributes,
  indexedFiltersAttributes,
  indexedNarrowedFacets,
  indexedValueFacets,
  narrowedFacets,
  panelValues,
  valueFacets,
} from './filters.ts';
import {
  countProducts,
  indexedCount,
  indexedPriceRange,
  indexedProductsWithValues,
  priceRange,
  productsWithValues,
  type ProductFilters,
} from './product-lists.ts';
import { useTestApp } from '../../test/helpers.ts';
import { getOk } from '../../test/catalogue.ts';

const t = useTestApp({
  // A stale index answers (not SQL) however small the catalogue: the path of a large one.
  catalogueIndex: { enabled: true, refreshMs: 0, sqlWhileStaleBelowMs: 0 },
  catalogueCacheMs: 60_000,
  changeCheckMs: 0,
});

let valueIds: number[] = [];
let attributeIds: number[] = [];
let vendorIds: number[] = [];
let productIds: number[] = [];

const version = async () =>
  Number(
    rowsOf<{ v: number }>(
      await t.handle.db.execute(sql`SELECT version AS v FROM shop_data_versions WHERE id = 1`),
    )[0]?.v,
  );

beforeAll(async () => {
  const db = t.handle.db;
  const ids = async (query: ReturnType<typeof sql>) =>
    rowsOf<{ id: number }>(await db.execute(query)).map((r) => Number(r.id));
  valueIds = await ids(sql`SELECT id FROM attribute_values ORDER BY id`);
  attributeIds = await ids(sql`SELECT id FROM attributes ORDER BY id`);
  vendorIds = await ids(sql`SELECT id FROM vendors ORDER BY id`);
  productIds = await ids(sql`SELECT id FROM products ORDER BY id`);
  // What a count could get wrong: an inactive carrier, a variation carrying values, a product
  // with two values of one attribute, an odd price.
  const [carrier] = await ids(
    sql`SELECT product_id AS id FROM product_values ORDER BY product_id LIMIT 1`,
  );
  await db.execute(sql`UPDATE products SET active = false WHERE id = ${carrier}`);
  const [variation] = await ids(sql`SELECT id FROM products WHERE parent_id IS NOT NULL LIMIT 1`);
  if (variation !== undefined)
    await db.execute(sql`INSERT INTO product_values (product_id, value_id)
      SELECT ${variation}, id FROM attribute_values ORDER BY id LIMIT 2 ON CONFLICT DO NOTHING`);
  await db.execute(sql`INSERT INTO product_values (product_id, value_id)
    SELECT p.id, v.id FROM (SELECT id FROM products WHERE parent_id IS NULL ORDER BY id DESC LIMIT 3) p
    CROSS JOIN (SELECT id FROM attribute_values ORDER BY attribute_id, id LIMIT 2) v
    ON CONFLICT DO NOTHING`);
  await db.execute(sql`UPDATE products SET price = 12.35
    WHERE id = (SELECT id FROM products WHERE parent_id IS NULL AND active ORDER BY id LIMIT 1)`);
  expect(valueIds.length, 'the seeded shop has values').toBeGreaterThan(3);
});

/** Random filters of the list, with ids the catalogue has and some it has not. */
const filters = () =>
  fc.record(
    {
      ids: fc.array(fc.constantFrom(...productIds, 999_999), { maxLength: 30 }),
      vendor: fc.constantFrom(...vendorIds, 999_999),
      price__gte: fc.oneof(
        fc.integer({ min: 0, max: 150 }),
        fc.constantFrom(12.35, 12.345, 0.29, 19.99),
      ),
      price__lte: fc.oneof(
        fc.integer({ min: 0, max: 150 }),
        fc.constantFrom(12.35, 12.349, 0.29, 99.99),
      ),
      attrs__id: fc.array(fc.constantFrom(...attributeIds, 999_999), { maxLength: 2 }),
      values__id: fc.array(fc.constantFrom(...valueIds, 999_999), { maxLength: 4 }),
    },
    { requiredKeys: [] },
  ) as fc.Arbitrary<ProductFilters>;

describe('the catalogue index', () => {
  it('answers the panel, the counts, the matches and the price range as SQL does', async () => {
    const db = t.handle.db;
    const loaded = await loadCatalogueIndex(db, version);
    const index = loaded!.index;
    const panel = await panelValues(db, 'de');
    await fc.assert(
      fc.asyncProperty(
        filters(),
        fc.array(fc.constantFrom(...valueIds, 999_999), { maxLength: 4 }),
        async (f, ticked) => {
          const unticked = await valueFacets(db, 'de', f);
          expect(indexedValueFacets(index, panel, f)).toEqual(unticked);
          expect(indexedNarrowedFacets(index, f, unticked, ticked)).toEqual(
            await narrowedFacets(db, f, unticked, ticked),
          );
          expect(indexedFiltersAttributes(index, panel, f)).toEqual(
            await filtersAttributes(db, 'de', f),
          );
          expect(indexedCount(index, f)).toBe(await countProducts(db, f));
          expect(indexedPriceRange(index, f)).toEqual(await priceRange(db, f));
          if (f.values__id?.length) {
            // The SQL matches of one attribute are its carriers, listed or not: the list keeps
            // the listed ones, as the index does.
            const listed = new Set(index.ids);
            const sqlMatches = (await productsWithValues(db, f.values__id))?.filter((id) =>
              listed.has(id),
            );
            const indexMatches = indexedProductsWithValues(index, f.values__id);
            expect(indexMatches ?? []).toEqual(sqlMatches ?? []);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('follows a change to the catalogue once loaded again, in every process', async () => {
    const db = t.handle.db;
    const keeper = t.app.catalogueIndex!;
    const facets = async (query = '') =>
      getOk(t, `/en/api/products/facets/?${query}`, facetsSchema);
    const countOf = (panel: FacetAttribute[], value: number) =>
      panel.flatMap((a) => a.values).find((v) => v.id === value)?.count ?? 0;
    // The first request loads the index (answered from SQL meanwhile).
    await facets();
    await keeper.settled();
    const found = await keeper.answer();
    expect(found?.current, 'the index is of the current catalogue').toBe(true);
    const [listed] = rowsOf<{ id: number }>(
      await db.execute(sql`SELECT id FROM products
        WHERE active AND parent_id IS NULL ORDER BY id DESC LIMIT 1`),
    );
    const product = Number(listed!.id);
    const value = valueIds[0]!;
    await db.execute(sql`UPDATE products SET price = 10 WHERE id = ${product}`);
    await db.execute(
      sql`DELETE FROM product_values WHERE product_id = ${product} AND value_id = ${value}`,
    );
    await keeper.refresh();
    const scope = 'price__lte=1000';
    const before = countOf(await facets(scope), value);
    /** The count of `value` once the change made has been seen and the index loaded again. */
    const after = async () => {
      // The next request sees the change count move and starts a load (it may answer stale).
      await facets(scope);
      await keeper.settled();
      return countOf(await facets(scope), value);
    };
    // Changes made outside the app (another process, a script): a new value on the product…
    await db.execute(
      sql`INSERT INTO product_values (product_id, value_id) VALUES (${product}, ${value})`,
    );
    expect(await after(), 'a new value counts').toBe(before + 1);
    // …a price out of the scope…
    await db.execute(sql`UPDATE products SET price = 5000 WHERE id = ${product}`);
    expect(await after(), 'a price out of the range does not count').toBe(before);
    await db.execute(sql`UPDATE products SET price = 20 WHERE id = ${product}`);
    expect(await after(), 'a price in the range counts').toBe(before + 1);
    // …the product deactivated.
    await db.execute(sql`UPDATE products SET active = false WHERE id = ${product}`);
    expect(await after(), 'a deactivated product does not count').toBe(before);
  });
});
