import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Locale, ProductCard } from '@shop/contract';
import type { BatchCache } from '#api/lib/cache.ts';
import { userDiscountRows, type DiscountRow } from '#api/repos/pricing.ts';
import { productCards, type CardDataCache } from '#api/repos/products.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The product cards of `ids` (in that order, unknown ones left out) priced for this request's
     * shopper, their shop-wide data from a cache per language that follows the pages' change
     * count (titles, prices, pictures, discounts, reviews) and is kept at most `ttlMs`: the stock,
     * which no count follows, may show that late. For lists, search and related products; the
     * cart and checkout call `productCards` without it and read the stock as it is.
     */
    listedCards(ids: number[]): Promise<ProductCard[]>;
    /**
     * Every discount of this request's user (on products, bundles and everything), none for a
     * visitor: kept per user like the cards' shop-wide data (discounts move the pages' change
     * count, a shopper's own included), so a logged-in shopper's list page and `user_info` read
     * no discounts of their own while nothing changed (decision 0066).
     */
    ownDiscounts(): Promise<readonly DiscountRow[]>;
  }
}

/** Users whose own discounts are kept: the shoppers of the last minutes, a few rows each. */
const USERS_KEPT = 5000;

/** Cards kept per language: a few pages of every busy list, about 1–3 kB each. */
const CARDS_PER_LOCALE = 2000;

export const cardDataPlugin = fp<{ ttlMs: number }>(
  /**
   * `ttlMs`: how late a card's stock may be. The app passes the shorter of catalogueCacheMs and
   * PAGE_CACHE_SECONDS, so a list shows a sale no later than a kept page does
   * (docs/decisions/0038-change-counts-at-commit.md).
   */
  async (app, { ttlMs }) => {
    const caches = new Map<Locale, CardDataCache>();
    const cacheOf = (locale: Locale) => {
      let cache = caches.get(locale);
      if (!cache) {
        cache = app.pageDataBatchCache({
          ttlMs,
          max: CARDS_PER_LOCALE,
          onLookup: app.metrics.cacheLookups('cards'),
        });
        caches.set(locale, cache);
      }
      return cache;
    };
    // Keyed by the user's id, each value that user's rows only: one shopper's never reach another.
    const ownDiscounts: BatchCache<number, readonly DiscountRow[]> = app.pageDataBatchCache({
      ttlMs,
      max: USERS_KEPT,
    });
    const noDiscounts: readonly DiscountRow[] = [];
    app.decorateRequest('ownDiscounts', async function (this: FastifyRequest) {
      const user = await this.getUser();
      if (!user) return noDiscounts;
      return ownDiscounts.get(user.id, () => userDiscountRows(app.db, user.id));
    });
    app.decorateRequest('listedCards', async function (this: FastifyRequest, ids: number[]) {
      const [pricing, mine] = await Promise.all([this.pricing(), this.ownDiscounts()]);
      return productCards(app.db, this.locale, ids, pricing, cacheOf(this.locale), mine);
    });
  },
  { name: 'card-data', dependencies: ['shop-data', 'pricing', 'metrics'] },
);
