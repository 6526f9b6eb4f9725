// The change counts (migrations 0009, 0010, 0011; docs/decisions/0038-change-counts-at-commit.md):
// row 1 of shop_data_versions follows shop-wide answers, row 2 pages and cards. Each is moved
// once by a transaction that wrote what it follows, as it commits; orders, sign-ups and the
// stock move neither.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as s from '#api/db/schema.ts';
import { useTestApp } from '../../test/helpers.ts';
import { linkToken } from '../../test/mail.ts';
import { browserOf, stockedProduct } from '../../test/shopper.ts';
import {
  checkoutBody,
  counts,
  placeOrder,
  review,
  signUp,
  stockOf,
} from '../../test/change-counts.ts';

const t = useTestApp({ changeCheckMs: 0 });

/** What a table's writes move: both counts, the pages' only, or neither. */
type Rule = 'shop and pages' | 'pages' | 'neither';

/**
 * Every table and the counts its writes move. A new table fails the first test until it is named
 * here and its migration adds the trigger its rule needs. `products` moves both, except for an
 * update of the stock alone (tested below).
 */
const RULES: Record<string, Rule> = {
  // Shop-wide answers (shop info, languages, menus, widgets, filters, counts, price range) are
  // on every page too.
  organizations: 'shop and pages',
  organization_translations: 'shop and pages',
  languages: 'shop and pages',
  menus: 'shop and pages',
  menu_translations: 'shop and pages',
  widgets: 'shop and pages',
  widget_translations: 'shop and pages',
  images: 'shop and pages',
  vendors: 'shop and pages',
  vendor_translations: 'shop and pages',
  attributes: 'shop and pages',
  attribute_translations: 'shop and pages',
  attribute_values: 'shop and pages',
  attribute_value_translations: 'shop and pages',
  product_values: 'shop and pages',
  product_translations: 'shop and pages',
  products: 'shop and pages',
  // Shown on pages and cards only.
  vats: 'pages',
  bundles: 'pages',
  bundle_translations: 'pages',
  bundle_items: 'pages',
  discounts: 'pages',
  blogs: 'pages',
  blog_translations: 'pages',
  pages: 'pages',
  page_translations: 'pages',
  faq_categories: 'pages',
  faq_category_translations: 'pages',
  faqs: 'pages',
  faq_translations: 'pages',
  organization_reviews: 'pages',
  product_reviews: 'pages',
  deliveries: 'pages',
  delivery_translations: 'pages',
  payments: 'pages',
  payment_translations: 'pages',
  countries: 'pages',
  country_translations: 'pages',
  regions: 'pages',
  region_translations: 'pages',
  cities: 'pages',
  city_translations: 'pages',
  // One shopper's own, or shown on no page a visitor without a session gets: users (a renamed
  // reviewer shows on kept pages within PAGE_CACHE_SECONDS), their sessions, tokens, addresses,
  // carts, wishlists, messages and orders; promo codes (cart and checkout only); search words and
  // sort titles (filled from product_translations, which counts).
  shop_data_versions: 'neither',
  users: 'neither',
  sessions: 'neither',
  user_tokens: 'neither',
  user_addresses: 'neither',
  carts: 'neither',
  cart_items: 'neither',
  wishlist_items: 'neither',
  feedbacks: 'neither',
  promo_codes: 'neither',
  orders: 'neither',
  order_items: 'neither',
  order_status_changes: 'neither',
  order_payments: 'neither',
  order_mails: 'neither',
  staff_actions: 'neither',
  media_files: 'neither',
  newsletter_subscribers: 'neither',
  auth_attempts: 'neither',
  search_words: 'neither',
  product_sort_titles: 'neither',
};

type TriggerRow = {
  table_name: string;
  name: string | null;
  definition: string | null;
  deferred: boolean | null;
};

async function triggersByTable(): Promise<Map<string, TriggerRow[]>> {
  const result: unknown = await t.handle.db.execute(sql`
    SELECT c.relname AS table_name, g.tgname AS name,
           pg_get_triggerdef(g.oid) AS definition,
           g.tgdeferrable AND g.tginitdeferred AS deferred
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    LEFT JOIN pg_trigger g ON g.tgrelid = c.oid AND NOT g.tgisinternal
      AND g.tgname IN ('shop_data_changed', 'shop_data_changed_update', 'page_data_changed',
                       'data_truncated')
    WHERE n.nspname = current_schema() AND c.relkind = 'r'`);
  // node-postgres and PGlite both answer { rows }.
  const byTable = new Map<string, TriggerRow[]>();
  for (const row of (result as { rows: TriggerRow[] }).rows) {
    byTable.set(row.table_name, [...(byTable.get(row.table_name) ?? []), row]);
  }
  return byTable;
}

/** The rule a table's triggers carry out, as read from the catalogue. */
function ruleOf(triggers: TriggerRow[]): string {
  const changes = triggers.filter((g) => g.name !== null && g.name !== 'data_truncated');
  if (changes.length === 0) {
    return triggers.some((g) => g.name === 'data_truncated') ? 'truncate only' : 'neither';
  }
  const counters = new Set(
    changes.map(
      (g) => /note_data_change\((?:VARIADIC ARRAY\[)?([\d, ]+)/.exec(g.definition ?? '')?.[1],
    ),
  );
  if (changes.some((g) => !g.deferred)) return 'not deferred';
  if (!triggers.some((g) => g.name === 'data_truncated')) return 'no truncate trigger';
  if (counters.size !== 1) return `mixed: ${[...counters].join(' / ')}`;
  const [only] = counters;
  return only === '1, 2' ? 'shop and pages' : only === '2' ? 'pages' : `counts ${only}`;
}

describe('the change counts', () => {
  it('are kept by a deferred trigger on every table, as its rule says', async () => {
    const byTable = await triggersByTable();
    expect(byTable.size).toBeGreaterThan(30);
    const actual = Object.fromEntries([...byTable].map(([table, rows]) => [table, ruleOf(rows)]));
    // A new table is classified here and given the trigger its rule needs.
    expect(actual).toEqual(RULES);
  });

  it('are not moved by an order, nor by the cart before it', async () => {
    const product = await stockedProduct(t, 2);
    const before = await counts(t.handle.db);
    const b = browserOf(t);
    expect((await b.set(product.id, 2)).statusCode).toBe(200);
    const res = await placeOrder(b, await checkoutBody(t.handle.db));
    expect(res.statusCode, res.body).toBe(201);
    expect(await stockOf(t.handle.db, product.id)).toBe(product.stock! - 2);
    expect(await counts(t.handle.db)).toEqual(before);
  });

  it('are not moved by a sign-up, its mail or its confirmation', async () => {
    const before = await counts(t.handle.db);
    const b = browserOf(t);
    const email = await signUp(b);
    const token = await linkToken(t, email, 'confirm-email');
    const confirmed = await b.send('POST', '/en/api/accounts/confirm_email/', { token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await counts(t.handle.db)).toEqual(before);
  });

  it('move the pages’ count, once, for a review (ratings and review lists), not the shop’s', async () => {
    const b = browserOf(t);
    await b.logIn('shopper@example.com');
    const product = await stockedProduct(t, 0);
    const before = await counts(t.handle.db);
    await review(b, product.id);
    expect(await counts(t.handle.db)).toEqual({ shop: before.shop, pages: before.pages + 1 });
  });

  it('move both for a price or a title change, and neither for a stock-only update', async () => {
    const product = await stockedProduct(t, 0);
    const before = await counts(t.handle.db);
    await t.handle.db
      .update(s.products)
      .set({ stock: sql`coalesce(${s.products.stock}, 0) + 5` })
      .where(eq(s.products.id, product.id));
    // The same values written again change nothing either.
    await t.handle.db
      .update(s.products)
      .set({ price: product.price })
      .where(eq(s.products.id, product.id));
    expect(await counts(t.handle.db)).toEqual(before);

    await t.handle.db
      .update(s.products)
      .set({ price: product.price + 1 })
      .where(eq(s.products.id, product.id));
    const priced = await counts(t.handle.db);
    expect(priced).toEqual({ shop: before.shop + 1, pages: before.pages + 1 });

    await t.handle.db
      .update(s.productTranslations)
      .set({ title: sql`${s.productTranslations.title} || ' (new)'` })
      .where(eq(s.productTranslations.parentId, product.id));
    expect(await counts(t.handle.db)).toEqual({ shop: priced.shop + 1, pages: priced.pages + 1 });
  });

  it('move the pages’ count for a discount, not the shop’s', async () => {
    const product = await stockedProduct(t, 0);
    const before = await counts(t.handle.db);
    await t.handle.db.insert(s.discounts).values({ productId: product.id, value: 10 });
    expect(await counts(t.handle.db)).toEqual({ shop: before.shop, pages: before.pages + 1 });
  });

  it('move once per transaction, when it commits, and not at all when it rolls back', async () => {
    const before = await counts(t.handle.db);
    await t.handle.db.transaction(async (tx) => {
      await tx.update(s.menuTranslations).set({ title: sql`${s.menuTranslations.title} || '.'` });
      await tx.update(s.productTranslations).set({ title: sql`${s.productTranslations.title}` });
      await tx.update(s.discounts).set({ value: sql`${s.discounts.value}` });
      // Inside the transaction nothing has moved yet: the bump waits for the commit.
      expect(await counts(tx)).toEqual(before);
    });
    const committed = await counts(t.handle.db);
    expect(committed).toEqual({ shop: before.shop + 1, pages: before.pages + 1 });

    await expect(
      t.handle.db.transaction(async (tx) => {
        await tx.update(s.menuTranslations).set({ title: sql`${s.menuTranslations.title}` });
        tx.rollback();
      }),
    ).rejects.toThrow('Rollback');
    expect(await counts(t.handle.db)).toEqual(committed);
  });

  it('move both when a watched table is truncated', async () => {
    const before = await counts(t.handle.db);
    const seen: { shop: number; pages: number }[] = [];
    // Rolled back, so the other tests keep the FAQ: seen inside the transaction.
    await expect(
      t.handle.db.transaction(async (tx) => {
        await tx.execute(sql`TRUNCATE "faq_translations"`);
        seen.push(await counts(tx));
        // The same transaction's later changes bump nothing more, even once their deferred
        // triggers have run (as they do at commit).
        await tx.update(s.menuTranslations).set({ title: sql`${s.menuTranslations.title}` });
        await tx.execute(sql`SET CONSTRAINTS ALL IMMEDIATE`);
        seen.push(await counts(tx));
        tx.rollback();
      }),
    ).rejects.toThrow('Rollback');
    const bumped = { shop: before.shop + 1, pages: before.pages + 1 };
    expect(seen).toEqual([bumped, bumped]);
  });
});
