import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { asc, and, eq, inArray, ne, isNull } from 'drizzle-orm';
import {
  endpoints,
  type FilterAttribute,
  type Locale,
  type Product,
  type ProductDetail,
  type Variation,
} from '@shop/contract';
import * as s from '#api/db/schema.ts';
import { notFound } from '#api/plugins/errors.ts';
import {
  cartEnabled,
  countProducts,
  findProduct,
  listProductIds,
  listVariations,
  priceRange,
  productCards,
  searchProductIds,
  type PricingContext,
  type ProductFilters,
} from '#api/repos/catalogue.ts';
import { facetsOf, filtersAttributes } from '#api/repos/filters.ts';
import { ttlCache } from '#api/lib/ttl-cache.ts';
import { defineEndpoint, pageLinks } from './define.ts';

const e = endpoints.products;

export async function pricingContext(req: FastifyRequest): Promise<PricingContext> {
  const [user, cart] = await Promise.all([req.getUser(), cartEnabled(req.server.db)]);
  return { userId: user?.id ?? null, now: new Date(), cartEnabled: cart };
}

export const productRoutes: FastifyPluginAsync = async (app) => {
  const db = app.db;

  /** One product with everything of its own (not its variations), or 404. */
  async function loadProduct(req: FastifyRequest, id: number): Promise<Product> {
    const product = await findProduct(db, req.locale, id, await pricingContext(req));
    if (!product) throw notFound('Product not found.');
    return product;
  }

  /** The variations of a parent; with `includeParent`, the parent first (as one of the choices). */
  async function loadVariations(
    req: FastifyRequest,
    parentId: number,
    includeParent = false,
  ): Promise<Variation[]> {
    return listVariations(db, req.locale, parentId, await pricingContext(req), includeParent);
  }

  // The same for every shopper and costly at scale: cached for a minute per locale and filters.
  const filterCache = ttlCache<FilterAttribute[]>({ ttlMs: app.catalogueCacheMs, max: 500 });
  const cachedFilters = (locale: Locale, query: ProductFilters) => {
    const { price__gte, price__lte, vendor, attrs__id } = query;
    const key = JSON.stringify([locale, price__gte, price__lte, vendor, attrs__id]);
    return filterCache.get(key, () =>
      filtersAttributes(db, locale, { price__gte, price__lte, vendor, attrs__id }),
    );
  };

  const countCache = ttlCache<number>({ ttlMs: app.catalogueCacheMs, max: 2000 });
  const cachedCount = (filters: ProductFilters) => {
    const { price__gte, price__lte, vendor, attrs__id, values__id } = filters;
    const key = JSON.stringify([price__gte, price__lte, vendor, attrs__id, values__id]);
    return countCache.get(key, () => countProducts(db, filters));
  };

  defineEndpoint(app, e.list, async (req, { query }) => {
    const { ids, count } = await listProductIds(
      db,
      req.locale,
      query,
      query.sort,
      query.page,
      query.page_size,
      cachedCount,
    );
    const results = await productCards(db, req.locale, ids, await pricingContext(req));
    return { ...pageLinks(req, query.page, query.page_size, count), results };
  });

  defineEndpoint(app, e.search, async (req, { query }) => {
    const { ids, count } = await searchProductIds(
      db,
      req.locale,
      query.query,
      query.page,
      query.page_size,
    );
    const results = await productCards(db, req.locale, ids, await pricingContext(req));
    return { ...pageLinks(req, query.page, query.page_size, count), results };
  });

  defineEndpoint(app, e.priceRange, async (_req, { query }) => priceRange(db, query));

  defineEndpoint(app, e.facets, async (req, { query }) =>
    facetsOf(await cachedFilters(req.locale, query), query.values__id ?? []),
  );

  defineEndpoint(app, e.filtersAttributes, async (req, { query }) =>
    cachedFilters(req.locale, query),
  );

  defineEndpoint(app, e.get, async (req, { params }, reply) => {
    if (req.headers['cache-control'] === 'no-cache') reply.header('Cache-Control', 'no-store');
    return loadProduct(req, params.id);
  });

  defineEndpoint(app, e.detail, async (req, { params }): Promise<ProductDetail> => {
    const product = await loadProduct(req, params.id);
    const parentId = product.parent ?? product.id;
    const [variations, relatedRows] = await Promise.all([
      // The parent is one of the choices too, so a shopper can move between all of them.
      loadVariations(req, parentId, true),
      db
        .select({ id: s.products.id })
        .from(s.products)
        .where(
          and(
            eq(s.products.vendorId, product.vendor?.id ?? 0),
            eq(s.products.active, true),
            isNull(s.products.parentId),
            ne(s.products.id, parentId),
          ),
        )
        .orderBy(asc(s.products.sorting), asc(s.products.id))
        .limit(4),
    ]);
    const related = await productCards(
      db,
      req.locale,
      relatedRows.map((r) => r.id),
      await pricingContext(req),
    );
    return { ...product, content: product.description, variations, related };
  });

  defineEndpoint(app, e.variations, async (req, { params }) => {
    const [parent] = await db
      .select({ id: s.products.id })
      .from(s.products)
      .where(and(inArray(s.products.id, [params.id]), eq(s.products.active, true)));
    if (!parent) throw notFound('Product not found.');
    return loadVariations(req, parent.id);
  });
};
