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
  }
}

export const pricingPlugin = fp(
  async (app) => {
    const contexts = new WeakMap<FastifyRequest, Promise<PricingContext>>();
    app.decorateRequest('pricing', function (this: FastifyRequest) {
      let context = contexts.get(this);
      if (!context) {
        context = Promise.all([this.getUser(), app.shopInfo(this.locale)]).then(([user, shop]) => ({
          userId: user?.id ?? null,
          now: new Date(),
          cartEnabled: shop?.cart ?? false,
        }));
        contexts.set(this, context);
      }
      return context;
    });
  },
  { name: 'pricing', dependencies: ['sessions', 'shop-guard'] },
);
