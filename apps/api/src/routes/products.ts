import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  endpoints,
  type FacetAttribute,
  type Locale,
  type Product,
  type ProductDetail,
  type Variation,
} from '@shop/contract';
import { notFound } from '#api/plugins/errors.ts';
import {
  countProducts,
  indexedCount,
  indexedPriceRange,
  indexedProductsWithValues,
  listProductIds,
  priceRange,
  productsWithValues,
  searchMatchIds,
  searchPage,
  type ProductFilters,
} from '#api/repos/product-lists.ts';
import {
  findProduct,
  isActiveProduct,
  listVariations,
  relatedProductIds,
} from '#api/repos/products.ts';
import {
  filtersAttributes,
  indexedFiltersAttributes,
  indexedNarrowedFacets,
  indexedValueFacets,
  narrowedFacets,
  panelValues,
  valueFacets,
  type PanelValue,
} from '#api/repos/filters.ts';
import { defineEndpoint, pageLinks } from './define.ts';

const e = endpoints.products;

/**
 * How many product ids the kept answers of `get_filters_attributes` may hold together, per
 * process (about 8 bytes each): an answer larger than this is not kept at all.
 */
const FILTER_IDS_KEPT = 1_000_000;

export const productRoutes: FastifyPluginAsync = async (app) => {
  const db = app.db;

  // The catalogue index (decision 0085): the filter panel, the counts, the value filters' matches
  // and the price range are computed in memory once it is loaded, from SQL before (and with
  // CATALOGUE_INDEX=off). The caches of those answers follow its `cacheVersion`: an answer of a
  // stale index is dropped as soon as the index of the current catalogue arrives.
  const keeper = app.catalogueIndex;
  const indexed = async () => (keeper ? keeper.answer() : undefined);
  const followsIndex = keeper ? { version: () => keeper.cacheVersion() } : {};
  // The panel's attributes and values with their titles, per locale: what the index's counts
  // are listed with.
  const panelCache = app.shopDataCache<PanelValue[]>({ ttlMs: app.catalogueCacheMs, max: 8 });
  const panel = (locale: Locale) => panelCache.get(locale, () => panelValues(db, locale));

  /** One product with everything of its own (not its variations), or 404. */
  async function loadProduct(req: FastifyRequest, id: number): Promise<Product> {
    const product = await findProduct(db, req.locale, id, await req.pricing());
    if (!product) throw notFound(req.t('errors.missing.product'));
    return product;
  }

  /** The variations of a parent; with `includeParent`, the parent first (as one of the choices). */
  async function loadVariations(
    req: FastifyRequest,
    parentId: number,
    includeParent = false,
  ): Promise<Variation[]> {
    return listVariations(db, req.locale, parentId, await req.pricing(), includeParent);
  }

  // Which products a search matches (at most SEARCH_COUNT_CAP ids), for a search sorted or
  // filtered like the list: the same for every shopper, and every page, the filters and the price
  // range of one search ask for it.
  const searchIdsCache = app.shopDataCache<number[]>({ ttlMs: app.catalogueCacheMs, max: 200 });
  /** The filters with a search (`query`) resolved to the ids it matches. */
  const withMatches = async <F extends ProductFilters>(locale: Locale, filters: F): Promise<F> =>
    filters.query === undefined
      ? filters
      : {
          ...filters,
          ids: await searchIdsCache.get(JSON.stringify([locale, filters.query]), () =>
            searchMatchIds(db, locale, filters.query!),
          ),
        };

  // The spec's filter values, every listed product's id per value: the same for every shopper and
  // costly at scale, cached for a minute per locale and filters, but only while small. At a
  // million products one answer holds 3 million ids (issue 26): kept, 500 of them would not fit
  // any heap, so an answer past FILTER_IDS_KEPT ids is not kept (requests that arrive while it
  // loads still share it). No page of the shop asks for it: the panel shows `facets`.
  // Kept as the answer's JSON text (decision 0082): its ids are never numbers in this process.
  const filterCache = app.shopDataCache<{ json: string; ids: number }>({
    ...followsIndex,
    ttlMs: app.catalogueCacheMs,
    maxSize: FILTER_IDS_KEPT,
    sizeOf: (answer) => answer.ids,
  });
  const cachedFilters = (locale: Locale, query: ProductFilters) => {
    const { price__gte, price__lte, vendor, attrs__id, query: text } = query;
    const key = JSON.stringify([locale, price__gte, price__lte, vendor, attrs__id, text]);
    return filterCache.get(key, async () => {
      const found = await indexed();
      const filters = await withMatches(locale, {
        price__gte,
        price__lte,
        vendor,
        attrs__id,
        query: text,
      });
      return found
        ? indexedFiltersAttributes(found.index, await panel(locale), filters)
        : filtersAttributes(db, locale, filters);
    });
  };

  // Which products a set of ticked values leaves, as ids (at most MAX_VALUE_MATCHES of them, so
  // 200 entries hold at most a few MB): the costly part of a filtered list, the same for every
  // shopper; its pages are then sorted and cut from those ids.
  const valueMatchCache = app.shopDataCache<number[] | undefined>({
    ...followsIndex,
    ttlMs: app.catalogueCacheMs,
    max: 200,
  });
  const cachedValueMatches = (valueIds: number[]) => {
    const key = JSON.stringify([...valueIds].sort((a, b) => a - b));
    return valueMatchCache.get(key, async () => {
      const found = await indexed();
      return found
        ? indexedProductsWithValues(found.index, valueIds)
        : productsWithValues(db, valueIds);
    });
  };

  const countCache = app.shopDataCache<number>({
    ...followsIndex,
    ttlMs: app.catalogueCacheMs,
    max: 2000,
  });
  // A search's matches depend on the language: its counts are kept per locale.
  const cachedCount = (locale: Locale) => (filters: ProductFilters) => {
    const { price__gte, price__lte, vendor, attrs__id, values__id, query } = filters;
    const key = JSON.stringify([
      price__gte,
      price__lte,
      vendor,
      attrs__id,
      values__id,
      ...(query === undefined ? [] : [locale, query]),
    ]);
    return countCache.get(key, async () => {
      const found = await indexed();
      return found
        ? indexedCount(found.index, filters)
        : countProducts(db, filters, cachedValueMatches);
    });
  };

  // One page of a list, as ids (issue 26): at a million products a filter leaves thousands of
  // products to sort (3,759 rows fetched by id for the benchmark's filter, 30–40 ms), the same for
  // every shopper but for a price sort, which compares the viewer's own discounts: kept per
  // viewer then. Cards (stock, prices) are still read per request.
  const listPageCache = app.shopDataCache<{ ids: number[]; count: number }>({
    ...followsIndex,
    ttlMs: app.catalogueCacheMs,
    max: 2000,
  });

  defineEndpoint(app, e.list, async (req, { query }) => {
    const pricing = await req.pricing();
    const bySharedPrice = query.sort === 'price' || query.sort === '-price';
    const { ids, count } = await listPageCache.get(
      JSON.stringify([
        req.locale,
        query.price__gte,
        query.price__lte,
        query.vendor,
        query.attrs__id,
        query.values__id,
        query.query,
        query.sort,
        query.page,
        query.page_size,
        bySharedPrice ? pricing.userId : null,
      ]),
      async () =>
        listProductIds(
          db,
          req.locale,
          await withMatches(req.locale, query),
          query.sort,
          pricing,
          query.page,
          query.page_size,
          cachedCount(req.locale),
          cachedValueMatches,
        ),
    );
    const results = await req.listedCards(ids);
    return { ...pageLinks(req, query.page, query.page_size, count), results };
  });

  // One page of a search, as ids, with how many products it matches (up to the cap): the same
  // for every shopper, and at a million products a common word's page costs the full-text
  // index's bitmap of all its matches (83,641 for 'linen', about 40 ms: a GIN index has no
  // ordered or bounded scan), whatever the LIMIT (issue 26). Page and count are one statement
  // (decision 0077), kept together.
  const searchPageCache = app.shopDataCache<{
    ids: number[];
    count: number;
    countCapped: boolean;
  }>({ ttlMs: app.catalogueCacheMs, max: 2000 });

  defineEndpoint(app, e.search, async (req, { query }) => {
    const { ids, count, countCapped } = await searchPageCache.get(
      JSON.stringify([req.locale, query.query, query.page, query.page_size]),
      () => searchPage(db, req.locale, query.query, query.page, query.page_size),
    );
    const results = await req.listedCards(ids);
    return { ...pageLinks(req, query.page, query.page_size, count), countCapped, results };
  });

  const rangeCache = app.shopDataCache<{ min: number; max: number }>({
    ...followsIndex,
    ttlMs: app.catalogueCacheMs,
    max: 500,
  });
  defineEndpoint(app, e.priceRange, async (req, { query }) =>
    rangeCache.get(
      JSON.stringify([
        query.price__gte,
        query.price__lte,
        query.vendor,
        query.attrs__id,
        query.values__id,
        ...(query.query === undefined ? [] : [req.locale, query.query]),
      ]),
      async () => {
        const found = await indexed();
        const filters = await withMatches(req.locale, query);
        return found
          ? indexedPriceRange(found.index, filters)
          : priceRange(db, filters, cachedValueMatches);
      },
    ),
  );

  // The filter panel: per value, how many products ticking it would list (the domain's
  // `facetCounts` rule), counted by the database (issue 26: not from every value's product ids,
  // 3 million of them at a million products). The same for every shopper: kept per locale,
  // filters and ticked values; the unticked panel of the same filters is an entry too, and gives
  // the narrowed one its values and the counts nothing narrows.
  const facetCache = app.shopDataCache<FacetAttribute[]>({
    ...followsIndex,
    ttlMs: app.catalogueCacheMs,
    max: 500,
  });
  const cachedFacets = (locale: Locale, query: ProductFilters, applied: number[]) => {
    const { price__gte, price__lte, vendor, attrs__id } = query;
    // A search's facets count within its matches: its words are part of the key.
    const key = JSON.stringify([
      locale,
      price__gte,
      price__lte,
      vendor,
      attrs__id,
      applied,
      query.query ?? null,
    ]);
    return facetCache.get(key, async (): Promise<FacetAttribute[]> => {
      const found = await indexed();
      const filters = await withMatches(locale, query);
      if (applied.length === 0)
        return found
          ? indexedValueFacets(found.index, await panel(locale), filters)
          : valueFacets(db, locale, filters);
      const unticked = await cachedFacets(locale, query, []);
      return found
        ? indexedNarrowedFacets(found.index, filters, unticked, applied)
        : narrowedFacets(db, filters, unticked, applied);
    });
  };
  defineEndpoint(app, e.facets, async (req, { query }) =>
    cachedFacets(
      req.locale,
      query,
      [...new Set(query.values__id ?? [])].sort((a, b) => a - b),
    ),
  );

  // Sent as the JSON text built from the database's arrays, past the route's serializer (a string
  // with a JSON content type goes out as it is): checking and serialising hundreds of thousands of
  // ids one by one cost as much CPU as the query (decision 0082).
  defineEndpoint(app, e.filtersAttributes, async (req, { query }, reply) =>
    reply
      .type('application/json; charset=utf-8')
      .send((await cachedFilters(req.locale, query)).json),
  );

  defineEndpoint(app, e.get, async (req, { params }, reply) => {
    if (req.headers['cache-control'] === 'no-cache') reply.header('Cache-Control', 'no-store');
    return loadProduct(req, params.id);
  });

  defineEndpoint(app, e.detail, async (req, { params }): Promise<ProductDetail> => {
    const product = await loadProduct(req, params.id);
    const parentId = product.parent ?? product.id;
    const [variations, relatedIds] = await Promise.all([
      // The parent is one of the choices too, so a shopper can move between all of them.
      loadVariations(req, parentId, true),
      relatedProductIds(db, product.vendor?.id ?? 0, [parentId]),
    ]);
    const related = await req.listedCards(relatedIds);
    return { ...product, content: product.description, variations, related };
  });

  defineEndpoint(app, e.variations, async (req, { params }) => {
    if (!(await isActiveProduct(db, params.id))) throw notFound(req.t('errors.missing.product'));
    return loadVariations(req, params.id);
  });
};
