// Issue 26: a list page and a search page are kept as ids (the same for every shopper; a price
// sort per viewer). A change to the catalogue must still show at once in this process: the
// shop-data change count drops them, as it drops the counts they sit beside.
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { paginated, productCardSchema, searchPage } from '@shop/contract';
import * as s from '#api/db/schema.ts';
import { useTestApp } from '../../test/helpers.ts';
import { getOk } from '../../test/catalogue.ts';

// Kept for a minute, as the server keeps them; the change count is read on every request.
const t = useTestApp({ catalogueCacheMs: 60_000, changeCheckMs: 0 });
const list = paginated(productCardSchema);
const search = searchPage(productCardSchema);

describe('list and search pages kept as ids', () => {
  it('serves a price-sorted page again and follows a price change at once', async () => {
    const url = '/en/api/products/products/?sort=-price&page_size=5';
    const first = await getOk(t, url, list);
    expect(first.results.length).toBe(5);
    expect((await getOk(t, url, list)).results.map((c) => c.id)).toEqual(
      first.results.map((c) => c.id),
    );
    const cheapest = first.results.at(-1)!;
    await t.handle.db.execute(sql`UPDATE products SET price = 999999 WHERE id = ${cheapest.id}`);
    const after = await getOk(t, url, list);
    expect(after.results[0]?.id).toBe(cheapest.id);
  });

  it('finds a product renamed after the same search was answered', async () => {
    const url = '/en/api/products/products/search?query=quokka';
    expect((await getOk(t, url, search)).results).toEqual([]);
    const [row] = await t.handle.db
      .select({ id: s.products.id })
      .from(s.products)
      .orderBy(s.products.id)
      .limit(1);
    await t.handle.db.execute(
      sql`UPDATE product_translations SET title = 'Quokka mug' WHERE parent_id = ${row!.id} AND locale = 'en'`,
    );
    const after = await getOk(t, url, search);
    expect(after.results.map((c) => c.id)).toEqual([row!.id]);
  });
});
