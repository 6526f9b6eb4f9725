import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Locale } from '@shop/contract';
import type { CardDataCache } from '#api/repos/products.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The shop-wide data of product cards in the request's language, cached (catalogueCacheMs)
     * until anything a page shows changes: stock, discounts and reviews included. Lists, search and
     * related products pass it to `productCards`; the cart and checkout read the database.
     */
    cardDataCache(): CardDataCache;
  }
}

/** Cards kept per language: a few pages of every busy list, about 1–3 kB each. */
const CARDS_PER_LOCALE = 2000;

export const cardDataPlugin = fp(
  async (app) => {
    const caches = new Map<Locale, CardDataCache>();
    app.decorateRequest('cardDataCache', function (this: FastifyRequest) {
      let cache = caches.get(this.locale);
      if (!cache) {
        cache = app.pageDataBatchCache({ ttlMs: app.catalogueCacheMs, max: CARDS_PER_LOCALE });
        caches.set(this.locale, cache);
      }
      return cache;
    });
  },
  { name: 'card-data', dependencies: ['shop-data'] },
);
