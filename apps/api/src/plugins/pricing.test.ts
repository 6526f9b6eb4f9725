import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { describe, expect, it } from 'vitest';
import type { OrganizationInfo } from '@shop/contract';
import { pricingPlugin } from './pricing.ts';

/** An app with stand-ins for the sessions and shop-guard plugins, counting what pricing reads. */
async function appWith(cart: boolean | null) {
  const reads = { shop: 0, user: 0 };
  const app = Fastify();
  // The app's clock (app.ts decorates it; req.now() reads it once per request).
  app.decorate('now', () => new Date());
  await app.register(
    fp(
      async (instance) => {
        instance.decorateRequest('getUser', function () {
          reads.user++;
          return Promise.resolve(null);
        });
      },
      { name: 'sessions' },
    ),
  );
  await app.register(
    fp(
      async (instance) => {
        instance.decorate('shopInfo', () => {
          reads.shop++;
          return Promise.resolve(cart === null ? null : ({ cart } as OrganizationInfo));
        });
        instance.decorateRequest('locale', 'en');
      },
      { name: 'shop-guard' },
    ),
  );
  await app.register(pricingPlugin);
  app.get('/', async (req) => {
    const [a, b] = await Promise.all([req.pricing(), req.pricing()]);
    const c = await req.pricing();
    return { same: a === b && b === c, cartEnabled: c.cartEnabled, userId: c.userId };
  });
  return { app, reads };
}

describe('req.pricing()', () => {
  it('reads the user and the shop once per request, however often it is asked', async () => {
    const { app, reads } = await appWith(true);
    const res = await app.inject('/');
    expect(res.json()).toEqual({ same: true, cartEnabled: true, userId: null });
    expect(reads).toEqual({ shop: 1, user: 1 });
    await app.inject('/');
    expect(reads).toEqual({ shop: 2, user: 2 });
  });

  it('takes the cart flag from the shop info; no shop means no cart', async () => {
    expect((await (await appWith(false)).app.inject('/')).json()).toMatchObject({
      cartEnabled: false,
    });
    expect((await (await appWith(null)).app.inject('/')).json()).toMatchObject({
      cartEnabled: false,
    });
  });
});
