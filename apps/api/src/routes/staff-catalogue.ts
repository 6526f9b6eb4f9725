import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { endpoints } from '@shop/contract';
import { HttpError, notFound } from '#api/plugins/errors.ts';
import {
  findStaffCatalogueItem,
  listStaffCatalogue,
  saveStaffCatalogueItem,
  type CatalogueKind,
  type CatalogueSave,
  type SaveResult,
} from '#api/repos/staff-catalogue.ts';
import { defineEndpoint, requireStaff } from './define.ts';

/**
 * The back office's products and bundles (issue 24, decision 0056): staff only (the contract's
 * `auth: 'staff'`), answered while the shop is closed, never kept by a cache.
 */
export const staffCatalogueRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app;
  const open = { shop: 'open' } as const;
  app.addHook('onSend', async (req, reply) => {
    if (/^\/[a-z]{2}\/api\/staff\//.test(req.url))
      reply.header('cache-control', 'private, no-store');
  });

  const list =
    (kind: CatalogueKind) =>
    async (
      req: FastifyRequest,
      { query }: { query: { page_size: number } & Parameters<typeof listStaffCatalogue>[3] },
    ) => {
      const { page_size: size, ...filters } = query;
      return listStaffCatalogue(db, kind, req.locale, filters, size);
    };

  const find = (kind: CatalogueKind) => async (req: FastifyRequest, id: number) => {
    const item = await findStaffCatalogueItem(db, kind, req.locale, id);
    if (!item) throw notFound(req.t('errors.request.notFound'));
    return item;
  };

  /** A refused save as the contract answers it: 404, 409 "changed meanwhile", 400 at the field. */
  const answer = (req: FastifyRequest, result: SaveResult) => {
    if (result.kind === 'missing') throw notFound(req.t('errors.request.notFound'));
    if (result.kind === 'stale') throw new HttpError(409, req.t('staffCatalogue.changedMeanwhile'));
    if (result.kind === 'stockMoved') throw new HttpError(409, req.t('staffCatalogue.stockMoved'));
  };

  const save =
    (kind: CatalogueKind) =>
    async (
      req: FastifyRequest,
      { params, body }: { params: { id: number }; body: CatalogueSave },
      reply: FastifyReply,
    ) => {
      const user = await requireStaff(req);
      const result = await saveStaffCatalogueItem(db, kind, params.id, body, {
        userId: user.id,
        now: app.now(),
      });
      // A VAT rate that is not in the table: the field's error, as the contract's 400s are.
      if (result.kind === 'invalid')
        return reply
          .code(400)
          .send({ [result.field]: [req.t('staffCatalogue.errors.unknownVat')] });
      answer(req, result);
      return find(kind)(req, params.id);
    };

  defineEndpoint(app, endpoints.staffCatalogue.products, list('product'), open);
  defineEndpoint(
    app,
    endpoints.staffCatalogue.product,
    (req, { params }) => find('product')(req, params.id),
    open,
  );
  defineEndpoint(app, endpoints.staffCatalogue.saveProduct, save('product'), open);
  defineEndpoint(app, endpoints.staffCatalogue.bundles, list('bundle'), open);
  defineEndpoint(
    app,
    endpoints.staffCatalogue.bundle,
    (req, { params }) => find('bundle')(req, params.id),
    open,
  );
  defineEndpoint(app, endpoints.staffCatalogue.saveBundle, save('bundle'), open);
};
