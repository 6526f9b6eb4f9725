import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { PricingContext } from '#api/repos/pricing.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Who is asking and when, for prices and availability: the user (discounts), the moment
     * (validity windows) and the shop's cart flag, read from the cached shop info. Computed once
     * per request, however many products the answer prices.
     */
    pricing(): Promise<PricingContext>;
    /**
     * The request's one clock: `app.now()` read at its first use and kept for the rest of the
     * request, so every discount, promo code and order time of one answer is judged at the same
     * moment, and a test that sets the app's clock sets it for the discounts too (decision 0071).
     */
    now(): Date;
  }
}

export const pricingPlugin = fp(
  async (app) => {
    const contexts = new WeakMap<FastifyRequest, Promise<PricingContext>>();
    const clocks = new WeakMap<FastifyRequest, Date>();
    app.decorateRequest('now', function (this: FastifyRequest) {
      let now = clocks.get(this);
      if (!now) {
        now = app.now();
        clocks.set(this, now);
      }
      return new Date(now);
    });
    app.decorateRequest('pricing', function (this: FastifyRequest) {
      let context = contexts.get(this);
      if (!context) {
        const now = this.now();
        context = Promise.all([this.getUser(), app.shopInfo(this.locale)]).then(([user, shop]) => ({
          userId: user?.id ?? null,
          now,
          cartEnabled: shop?.cart ?? false,
        }));
        contexts.set(this, context);
      }
      return context;
    });
  },
  { name: 'pricing', dependencies: ['sessions', 'shop-guard'] },
);
