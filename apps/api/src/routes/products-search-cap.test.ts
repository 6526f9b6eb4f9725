import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SEARCH_COUNT_CAP, productCardSchema, searchPage } from '@shop/contract';
import * as s from '#api/db/schema.ts';
import { useTestApp } from '../../test/helpers.ts';
import { getOk } from '../../test/catalogue.ts';

// Its own database: 1,010 more products would change every count of products.test.ts.
const t = useTestApp();
const schema = searchPage(productCardSchema);
const MANY = SEARCH_COUNT_CAP + 10;

async function addMany() {
  const [model] = await t.handle.db.select().from(s.products).limit(1);
  await t.handle.db.execute(sql`
    INSERT INTO products (vendor_id, slug, price, vat_id, sorting)
    SELECT ${model!.vendorId}, 'wombat-' || g, 10, ${model!.vatId}, g % 7
    FROM generate_series(1, ${MANY}) g`);
  await t.handle.db.execute(sql`
    INSERT INTO product_translations (parent_id, locale, title)
    SELECT id, 'en', 'Wombat cushion ' || id FROM products WHERE slug LIKE 'wombat-%'`);
}

describe('search past the cap ("1,000+")', () => {
  const search = (query: string, page = 1) =>
    getOk(
      t,
      `/en/api/products/products/search?query=${encodeURIComponent(query)}&page=${page}`,
      schema,
    );

  it('counts up to the cap, flags more, and pages through the cap without repeating', async () => {
    await addMany();
    for (const query of ['wombat', 'wombta']) {
      const first = await search(query);
      expect(first, query).toMatchObject({ count: SEARCH_COUNT_CAP, countCapped: true });
      expect(first.results).toHaveLength(12);
    }
    // The last page of the cap holds what is left of it; after it there is nothing.
    const last = Math.ceil(SEARCH_COUNT_CAP / 12);
    const end = await search('wombat', last);
    expect(end.results).toHaveLength(SEARCH_COUNT_CAP - (last - 1) * 12);
    expect(end.next).toBeNull();
    expect((await search('wombat', last + 1)).results).toEqual([]);
    // Across a ranking block (48 matches): no product twice.
    const seen: number[] = [];
    for (let page = 1; page <= 6; page++)
      seen.push(...(await search('wombat', page)).results.map((c) => c.id));
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toHaveLength(72);
  });
});
