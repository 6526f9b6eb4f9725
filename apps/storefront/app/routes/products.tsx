import { FilterPanel } from '#app/components/filter-panel.tsx';
import { ErrorScreen } from '#app/components/error-screen.tsx';
import { Pagination } from '#app/components/pagination.tsx';
import { ProductGrid } from '#app/components/product-card.tsx';
import { apiQuery, listSearch, readListState } from '#app/lib/catalogue.ts';
import { useI18n } from '#app/lib/i18n.tsx';
import { pageMeta } from '#app/lib/seo.ts';
import { PRODUCT_LIST } from '#app/lib/canonical.ts';
import { assertPageExists } from '#app/lib/api-errors.server.ts';
import { getShopRequest } from '#app/lib/shop.server.ts';
import { PRODUCT_PAGE_SIZE } from '@shop/domain';
import type { Route } from './+types/products';

export async function loader({ request, context }: Route.LoaderArgs) {
  const shop = getShopRequest(context);
  const state = readListState(new URL(request.url).searchParams);
  if (state.query) {
    const results = await shop.api.products.search({
      query: { query: state.query, page: state.page },
    });
    assertPageExists(state.page, results);
    return { kind: 'search' as const, state, results, range: null, attributes: [] };
  }
  const range = await shop.api.products.priceRange();
  // A bound at (or beyond) the full range is no filter: the URL stays canonical.
  if (state.priceMin !== undefined && state.priceMin <= Math.floor(range.min))
    state.priceMin = undefined;
  if (state.priceMax !== undefined && state.priceMax >= Math.ceil(range.max))
    state.priceMax = undefined;
  const query = apiQuery(state);
  const priceOnly = {
    ...(query.price__gte !== undefined ? { price__gte: query.price__gte } : {}),
    ...(query.price__lte !== undefined ? { price__lte: query.price__lte } : {}),
  };
  const [results, attributes] = await Promise.all([
    shop.api.products.list({ query }),
    // Counts per value, narrowed by the other attributes' choices (computed by the API with the
    // domain's rule), rather than every product id of every value.
    shop.api.products.facets({
      query: { ...priceOnly, ...(query.values__id ? { values__id: query.values__id } : {}) },
    }),
  ]);
  assertPageExists(state.page, results);
  return { kind: 'list' as const, state, results, range, attributes };
}

export function meta({ matches, location, loaderData }: Route.MetaArgs) {
  const titleKey = loaderData?.kind === 'search' ? undefined : 'nav.products';
  return pageMeta({
    matches,
    location,
    canonicalParams: PRODUCT_LIST,
    ...(titleKey ? { titleKey } : { title: loaderData?.state.query ?? '' }),
    ...(loaderData?.kind === 'search' ? { robots: 'noindex' } : {}),
  });
}

export default function Products({ loaderData }: Route.ComponentProps) {
  const { locale, t } = useI18n();
  const { state, results } = loaderData;
  const total = Math.max(1, Math.ceil(results.count / PRODUCT_PAGE_SIZE));
  const href = (page: number) => listSearch(state, { page }) || '?';
  const heading =
    loaderData.kind === 'search'
      ? t('search.resultsFor', { query: state.query })
      : t('nav.products');
  return (
    <div>
      <div className="mb-6 flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold sm:text-3xl">{heading}</h1>
        <p className="text-slate-600" role="status">
          {loaderData.kind === 'search'
            ? t('search.resultsCount', { count: results.count })
            : t('catalogue.productsCount', { count: results.count })}
        </p>
      </div>
      <div className={loaderData.kind === 'list' ? 'grid gap-8 lg:grid-cols-[16rem_1fr]' : ''}>
        {loaderData.kind === 'list' && loaderData.range && (
          <aside>
            <details className="rounded-lg border border-slate-200 p-4 lg:border-0 lg:p-0" open>
              <summary className="cursor-pointer font-bold lg:hidden">
                {t('filters.showFilters')}
              </summary>
              <div className="mt-4 lg:mt-0">
                <FilterPanel
                  key={listSearch(state)}
                  state={state}
                  attributes={loaderData.attributes}
                  range={loaderData.range}
                  resetPriceHref={
                    listSearch(state, { priceMin: undefined, priceMax: undefined, page: 1 }) || '?'
                  }
                />
              </div>
            </details>
          </aside>
        )}
        <section aria-label={heading}>
          {results.results.length === 0 ? (
            <div className="rounded-lg bg-slate-50 p-8 text-center">
              <p className="font-bold">
                {loaderData.kind === 'search'
                  ? t('search.noResults', { query: state.query })
                  : t('catalogue.noProducts')}
              </p>
              <p className="mt-2 text-slate-600">
                {loaderData.kind === 'search'
                  ? t('search.noResultsHint')
                  : t('catalogue.noProductsHint')}
              </p>
            </div>
          ) : (
            <ProductGrid
              items={results.results}
              locale={locale}
              label={heading}
              level={2}
              first={2}
            />
          )}
          <Pagination page={state.page} total={total} href={href} />
        </section>
      </div>
    </div>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} homeHref={`/${params.lang}/`} />;
}
