import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  languagesSchema,
  localeSchema,
  menusSchema,
  widgetsSchema,
  errorBodySchema,
} from '@shop/contract';
import { z } from 'zod';
import { listLanguages, listMenus, listWidgets } from '#api/repos/shop.ts';

const params = z.object({ locale: localeSchema });

export const coreRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/core/languages/',
    {
      config: { shop: 'open' },
      schema: { tags: ['core'], params, response: { 200: languagesSchema, 404: errorBodySchema } },
    },
    async () => listLanguages(app.db),
  );

  app.get(
    '/content/menus/',
    { schema: { tags: ['content'], params, response: { 200: menusSchema, 434: errorBodySchema } } },
    async (req) => listMenus(app.db, req.locale),
  );

  app.get(
    '/content/get_widgets/',
    {
      schema: { tags: ['content'], params, response: { 200: widgetsSchema, 434: errorBodySchema } },
    },
    async (req) => listWidgets(app.db, req.locale),
  );
};
