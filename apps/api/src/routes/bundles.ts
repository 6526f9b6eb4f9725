import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { and, asc, eq, isNull, notInArray } from 'drizzle-orm';
import { endpoints, productCardSchema, type ProductCard } from '@shop/contract';
import * as s from '#api/db/schema.ts';
import { notFound } from '#api/plugins/errors.ts';
import { listBundleIds, loadBundles } from '#api/repos/bundles.ts';
import { productCards } from '#api/repos/catalogue.ts';
import { defineEndpoint, pageLinks } from './define.ts';
import { pricingContext } from './products.ts';

const e = endpoints.products;

/** Only what a card shows: the list answers cards, not the bundles' items. */
const toCard = (bundle: ProductCard): ProductCard => productCardSchema.parse(bundle);

export const bundleRoutes: FastifyPluginAsync = async (app) => {
  const db = app.db;

  defineEndpoint(app, e.bundles, async (req, { query }) => {
    const { ids, count } = await listBundleIds(
      db,
      req.locale,
      query,
      query.sort,
      query.page,
      query.page_size,
    );
    const bundles = await loadBundles(db, req.locale, ids, await pricingContext(req));
    return { ...pageLinks(req, query.page, query.page_size, count), results: bundles.map(toCard) };
  });

  const oneBundle = async (req: FastifyRequest, id: number) => {
    const [active] = await db
      .select({ id: s.bundles.id })
      .from(s.bundles)
      .where(and(eq(s.bundles.id, id), eq(s.bundles.active, true)));
    const [bundle] = active
      ? await loadBundles(db, req.locale, [id], await pricingContext(req))
      : [];
    if (!bundle) throw notFound('Bundle not found.');
    return bundle;
  };

  defineEndpoint(app, e.bundle, async (req, { params }) => oneBundle(req, params.id));

  defineEndpoint(app, e.bundleDetail, async (req, { params }) => {
    const bundle = await oneBundle(req, params.id);
    const inside = bundle.items.map((i) => i.product.id);
    const related = await db
      .select({ id: s.products.id })
      .from(s.products)
      .where(
        and(
          eq(s.products.vendorId, bundle.vendor?.id ?? 0),
          eq(s.products.active, true),
          isNull(s.products.parentId),
          inside.length ? notInArray(s.products.id, inside) : undefined,
        ),
      )
      .orderBy(asc(s.products.sorting))
      .limit(4);
    return {
      ...bundle,
      content: bundle.description,
      related: await productCards(
        db,
        req.locale,
        related.map((r) => r.id),
        await pricingContext(req),
      ),
    };
  });
};
