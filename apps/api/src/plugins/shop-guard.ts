import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SUPPORTED_LOCALES, type Locale, type OrganizationInfo } from '@shop/contract';
import { isShopOpen } from '@shop/domain';
import { findShopInfo } from '#api/repos/shop.ts';

/** Status the API answers while the shop is closed to the caller (the storefront shows coming-soon). */
export const SHOP_CLOSED_STATUS = 434;

declare module 'fastify' {
  interface FastifyRequest {
    locale: Locale;
  }
  interface FastifyInstance {
    /** The shop info record in a locale, kept a few seconds: every guarded call needs it. */
    shopInfo(locale: Locale): Promise<OrganizationInfo | null>;
  }
  interface FastifyContextConfig {
    /** 'open': answered while the shop is closed (shop info, languages, accounts, messages). */
    shop?: 'open' | 'guarded';
  }
}

export const SHOP_CLOSED_DETAIL = 'The shop is closed.';

/**
 * "Visible and active, or staff": the guard's rule, shared with the open routes that close only
 * part of their answers (the coming-soon page stays readable, other pages do not).
 */
export async function shopOpenTo(app: FastifyInstance, req: FastifyRequest): Promise<boolean> {
  const shop = await app.shopInfo(req.locale);
  return isShopOpen(shop, shop?.visible && shop.active ? null : await req.getUser());
}

const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (SUPPORTED_LOCALES as readonly string[]).includes(value);

/**
 * For every route under `/:locale/api`: an unknown locale prefix is a 404, and guarded routes
 * answer 434 unless the shop is visible and active or the caller is logged-in staff.
 */
export const shopGuardPlugin = fp(
  async (app) => {
    // A page makes half a dozen guarded calls. Closing the shop shows as soon as the change is
    // seen (within a second), and within 5 s at most even if it were not.
    const cache = app.shopDataCache<OrganizationInfo | null>({
      ttlMs: Math.min(app.catalogueCacheMs, 5000),
      max: 8,
    });
    app.decorate('shopInfo', (locale: Locale) =>
      cache.get(locale, () => findShopInfo(app.db, locale)),
    );
    app.decorateRequest('locale', 'en');
    app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
      const params = req.params as { locale?: unknown };
      if (!('locale' in (params ?? {}))) return;
      if (!isLocale(params.locale)) return reply.code(404).send({ detail: 'Not found.' });
      req.locale = params.locale;
    });
    app.addHook('preHandler', async (req: FastifyRequest, reply: FastifyReply) => {
      const params = req.params as { locale?: unknown };
      if (!params || !('locale' in params) || req.routeOptions.config.shop === 'open') return;
      if (await shopOpenTo(app, req)) return;
      return reply.code(SHOP_CLOSED_STATUS).send({ detail: SHOP_CLOSED_DETAIL });
    });
  },
  { name: 'shop-guard', dependencies: ['sessions', 'database', 'shop-data'] },
);
