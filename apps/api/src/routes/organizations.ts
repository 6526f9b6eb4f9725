import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { endpoints, type Manifest, type OrganizationInfo } from '@shop/contract';
import { MANIFEST_ICON_SIZES, THEME_COLOR } from '@shop/domain';
import { notFound } from '#api/plugins/errors.ts';
import { defineEndpoint } from './define.ts';

const e = endpoints.organizations;
/** A home-screen label: the title if short, else its first words that fit 12 characters. */
export function shortName(title: string): string {
  if (title.length <= 12) return title;
  let name = '';
  for (const word of title.split(/\s+/)) {
    const next = name ? `${name} ${word}` : word;
    if (next.length > 12) break;
    name = next;
  }
  return name || title.slice(0, 12);
}

async function shopInfoOr404(req: FastifyRequest): Promise<OrganizationInfo> {
  const shop = await req.server.shopInfo(req.locale);
  if (!shop) throw notFound(req.t('errors.missing.shop'));
  return shop;
}

export const organizationRoutes: FastifyPluginAsync = async (app) => {
  // Both open while the shop is closed: they are what tells the storefront it is closed.
  defineEndpoint(app, e.info, async (req) => shopInfoOr404(req), { shop: 'open' });

  defineEndpoint(
    app,
    e.manifest,
    async (req, _input, reply) => {
      const shop = await shopInfoOr404(req);
      const icon = shop.images.find((i) => i.imageType === 'icon');
      const manifest: Manifest = {
        name: shop.title,
        short_name: shortName(shop.title),
        description: shop.description,
        start_url: `/${req.locale}/`,
        scope: '/',
        display: 'standalone',
        background_color: THEME_COLOR,
        theme_color: THEME_COLOR,
        lang: req.locale,
        icons: icon
          ? MANIFEST_ICON_SIZES.map((size) => ({
              src: `${icon.image}?width=${size}&height=${size}&format=png`,
              sizes: `${size}x${size}`,
              type: 'image/png',
              purpose: 'any maskable',
            }))
          : [],
      };
      reply.type('application/manifest+json; charset=utf-8');
      return manifest;
    },
    { shop: 'open' },
  );
};
