import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Locale, ProductCard } from '@shop/contract';
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
  }
}

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
    app.decorateRequest('listedCards', async function (this: FastifyRequest, ids: number[]) {
      return productCards(app.db, this.locale, ids, await this.pricing(), cacheOf(this.locale));
    });
  },
  { name: 'card-data', dependencies: ['shop-data', 'pricing', 'metrics'] },
);
