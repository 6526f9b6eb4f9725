// The pages' change count (migration 0010), which the storefront's page cache compares: every
// table a visitor without a session sees bumps it, stock and discounts included; what belongs to
// one shopper does not.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as s from '#api/db/schema.ts';
import { useTestApp } from '../../test/helpers.ts';

// Read on every call: the tests see each write at once.
const t = useTestApp({ changeCheckMs: 0 });

/** One shopper's own rows: nothing a page served to someone else shows. */
const PRIVATE = [
  'shop_data_versions',
  'sessions',
  'user_tokens',
  'user_addresses',
  'carts',
  'cart_items',
  'wishlist_items',
  'feedbacks',
  'orders',
  'order_items',
  'order_status_changes',
  'search_words',
  'auth_attempts',
];

describe("the pages' change count", () => {
  it('is kept by a trigger on every table but the shoppers’ own', async () => {
    type Table = { table_name: string; watched: boolean };
    const result: unknown = await t.handle.db.execute(sql`
      SELECT c.relname AS table_name,
             EXISTS (SELECT 1 FROM pg_trigger g
                     WHERE g.tgrelid = c.oid AND g.tgname = 'page_data_changed') AS watched
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relkind = 'r'`);
    // node-postgres and PGlite both answer { rows }.
    const tables = (result as { rows: Table[] }).rows;
    expect(tables.length).toBeGreaterThan(30);
    const unwatched = tables.filter((r) => !r.watched).map((r) => r.table_name);
    // A new table is either watched (its migration adds the trigger) or named here as private.
    expect(unwatched.sort()).toEqual([...PRIVATE].sort());
  });

  it('moves with the stock and the discounts, which the shop-wide count ignores', async () => {
    const pages = await t.app.pageDataVersion();
    const [product] = await t.handle.db.select({ id: s.products.id }).from(s.products).limit(1);
    await t.handle.db
      .update(s.products)
      .set({ stock: sql`coalesce(${s.products.stock}, 0) + 1` })
      .where(eq(s.products.id, product!.id));
    const afterStock = await t.app.pageDataVersion();
    expect(afterStock).toBeGreaterThan(pages);
    await t.handle.db.update(s.discounts).set({ value: sql`${s.discounts.value}` });
    expect(await t.app.pageDataVersion()).toBeGreaterThan(afterStock);
  });

  it("stays when only a shopper's own rows change", async () => {
    const pages = await t.app.pageDataVersion();
    const [cart] = await t.handle.db
      .insert(s.carts)
      .values({ sessionId: 'page-version-test' })
      .returning({ id: s.carts.id });
    await t.handle.db.delete(s.carts).where(eq(s.carts.id, cart!.id));
    expect(await t.app.pageDataVersion()).toBe(pages);
  });
});
