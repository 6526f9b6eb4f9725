import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@shop/contract';
import { listLanguages } from '#api/repos/shop.ts';
import { defineEndpoint } from './define.ts';

const e = endpoints.core;

export const coreRoutes: FastifyPluginAsync = async (app) => {
  const cache = app.shopDataCache<Awaited<ReturnType<typeof listLanguages>>>({
    ttlMs: app.catalogueCacheMs,
    max: 1,
  });
  // Open while the shop is closed: the coming-soon screen needs the language switcher.
  defineEndpoint(app, e.languages, async () => cache.get('all', () => listLanguages(app.db)), {
    shop: 'open',
  });
};
