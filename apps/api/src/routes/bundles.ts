import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { endpoints, productCardSchema, type ProductCard } from '@shop/contract';
import { notFound } from '#api/plugins/errors.ts';
import { isActiveBundle, listBundleIds, loadBundles, searchBundleIds } from '#api/repos/bundles.ts';
import { relatedProductIds } from '#api/repos/products.ts';
import { defineEndpoint, pageLinks } from './define.ts';

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
    const bundles = await loadBundles(db, req.locale, ids, await req.pricing());
    return { ...pageLinks(req, query.page, query.page_size, count), results: bundles.map(toCard) };
  });

  defineEndpoint(app, e.searchBundles, async (req, { query }) => {
    const { ids, count } = await searchBundleIds(
      db,
      req.locale,
      query.query,
      query.page,
      query.page_size,
    );
    const bundles = await loadBundles(db, req.locale, ids, await req.pricing());
    return { ...pageLinks(req, query.page, query.page_size, count), results: bundles.map(toCard) };
  });

  const oneBundle = async (req: FastifyRequest, id: number) => {
    const [bundle] = (await isActiveBundle(db, id))
      ? await loadBundles(db, req.locale, [id], await req.pricing())
      : [];
    if (!bundle) throw notFound(req.t('errors.missing.bundle'));
    return bundle;
  };

  defineEndpoint(app, e.bundle, async (req, { params }) => oneBundle(req, params.id));

  defineEndpoint(app, e.bundleDetail, async (req, { params }) => {
    const bundle = await oneBundle(req, params.id);
    const inside = bundle.items.map((i) => i.product.id);
    const related = await relatedProductIds(db, bundle.vendor?.id ?? 0, inside);
    return {
      ...bundle,
      content: bundle.description,
      related: await req.listedCards(related),
    };
  });
};
