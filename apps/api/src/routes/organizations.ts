import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorBodySchema,
  localeSchema,
  manifestSchema,
  organizationInfoSchema,
  type Manifest,
} from '@shop/contract';
import { z } from 'zod';
import { notFound } from '#api/plugins/errors.ts';

const params = z.object({ locale: localeSchema });

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

export const organizationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/organizations/organization_info/',
    {
      config: { shop: 'open' },
      schema: {
        tags: ['organizations'],
        summary: 'Shop info: open/closed state, cart flag, titles, images, analytics ids',
        params,
        response: { 200: organizationInfoSchema, 404: errorBodySchema },
      },
    },
    async (req) => {
      const shop = await app.shopInfo(req.locale);
      if (!shop) throw notFound('The shop is not set up.');
      return shop;
    },
  );

  app.get(
    '/organizations/manifest/',
    {
      config: { shop: 'open' },
      schema: {
        tags: ['organizations'],
        summary: 'Web app manifest of the shop in the locale',
        params,
        response: { 200: manifestSchema, 404: errorBodySchema },
      },
    },
    async (req, reply) => {
      const shop = await app.shopInfo(req.locale);
      if (!shop) throw notFound('The shop is not set up.');
      const icon = shop.images.find((i) => i.imageType === 'icon');
      const manifest: Manifest = {
        name: shop.title,
        short_name: shortName(shop.title),
        description: shop.description,
        start_url: `/${req.locale}/`,
        scope: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#ffffff',
        lang: req.locale,
        icons: icon
          ? [192, 512].map((size) => ({
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
  );
};
