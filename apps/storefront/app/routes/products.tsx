import { useEffect, useRef, type RefObject } from 'react';
import { redirect, useLocation, useNavigation } from 'react-router';
import type { ContentItem, ProductCard } from '@shop/contract';
import { FilterPanel } from '#app/components/filter-panel.tsx';
import { FilterDrawer } from '#app/components/filter-drawer.tsx';
import { FilterChips } from '#app/components/filter-chips.tsx';
import { ErrorScreen } from '#app/components/error-screen.tsx';
import { Pagination } from '#app/components/pagination.tsx';
import { ProductGrid } from '#app/components/product-card.tsx';
import { AppLink } from '#app/components/app-link.tsx';
import { SizedImage } from '#app/components/sized-image.tsx';
import {
  apiQuery,
  appliedFilterCount,
  canonicalSearch,
  listSearch,
  readListState,
  withinRange,
} from '#app/lib/catalogue.ts';
import { useI18n } from '#app/lib/i18n.tsx';
import { pageMeta } from '#app/lib/seo.ts';
import { PRODUCT_LIST } from '#app/lib/canonical.ts';
import { assertPageExists, optional } from '#app/lib/api-errors.server.ts';
import { getShopRequest } from '#app/lib/shop.server.ts';
import { PRODUCT_PAGE_SIZE } from '@shop/domain';
import type { Route } from './+types/products';
import { scriptsAfterPaintHandle } from '#app/lib/route-handle.ts';

/** Matching posts shown beside a search's products; the rest are on the blog. */
const SEARCH_POSTS = 4;
/** Matching bundles shown under a search's products (one row on a desktop). */
const SEARCH_BUNDLES = 4;
/** What an empty search offers instead. */
const RECOMMENDED = 4;

/**
 * The facets' query of a list query: counts per value, narrowed by the other attributes' choices
 * (computed by the API with the domain's rule), rather than every product id of every value.
 */
function filterQuery(query: ReturnType<typeof apiQuery>) {
  return {
    ...(query.price__gte !== undefined ? { price__gte: query.price__gte } : {}),
    ...(query.price__lte !== undefined ? { price__lte: query.price__lte } : {}),
    ...(query.values__id ? { values__id: query.values__id } : {}),
  };
}

/** Sends a URL with default or repeated list parameters to its canonical form. */
function canonical(url: URL, state: ReturnType<typeof readListState>) {
  const search = canonicalSearch(url.searchParams, state);
  if (search !== url.search) throw redirect(`${url.pathname}${search}`);
}

/**
 * Its data alone (`_routes=routes/products`, a filter click) is a kept answer shared by visitors
 * and plain shoppers (decision 0080): nothing of one viewer's may be added here (their cart, their
 * wishlist, their name); that belongs in the layouts' loaders.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const shop = getShopRequest(context);
  const url = new URL(request.url);
  const read = readListState(url.searchParams);
  if (read.query) {
    // A search is sorted and filtered like the list (issue 23), among the products it matches;
    // in its own order ("Recommended") and unfiltered it keeps the search's ranking.
    const range = await shop.api.products.priceRange({ query: { query: read.query } });
    const state = withinRange(read, range);
    canonical(url, state);
    const ranked = state.sort === 'sorting' && appliedFilterCount(state) === 0;
    const query = apiQuery(state);
    const none = <T,>() => ({ count: 0, results: [] as T[] });
    const [results, posts, bundles, attributes] = await Promise.all([
      ranked
        ? shop.api.products.search({ query: { query: state.query, page: state.page } })
        : shop.api.products
            .list({ query: { ...query, query: state.query } })
            .then((list) => ({ ...list, countCapped: false })),
      // Secondary, on the first page of the search's own order only (posts and bundles are not
      // sorted or filtered as products): a failed post or bundle search leaves the products
      // alone (spec section 7).
      ranked && state.page === 1
        ? optional(
            shop.api.content.searchBlogs({
              query: { query: state.query, page_size: SEARCH_POSTS },
            }),
            none<ContentItem>(),
          )
        : none<ContentItem>(),
      ranked && state.page === 1
        ? optional(
            shop.api.products.searchBundles({
              query: { query: state.query, page_size: SEARCH_BUNDLES },
            }),
            none<ProductCard>(),
          )
        : none<ProductCard>(),
      shop.api.products.facets({ query: { ...filterQuery(query), query: state.query } }),
    ]);
    assertPageExists(state.page, results);
    const recommended: ProductCard[] =
      results.count === 0 && posts.results.length === 0 && bundles.results.length === 0
        ? await optional(
            shop.api.products.list({ query: { page_size: RECOMMENDED } }).then((p) => p.results),
            [],
          )
        : [];
    return {
      kind: 'search' as const,
      state,
      results,
      posts: posts.results,
      postsCount: posts.count,
      bundles: bundles.results,
      bundlesCount: bundles.count,
      recommended,
      range,
      attributes,
    };
  }
  const range = await shop.api.products.priceRange();
  const state = withinRange(read, range);
  canonical(url, state);
  const query = apiQuery(state);
  const [results, attributes] = await Promise.all([
    shop.api.products.list({ query }),
    shop.api.products.facets({ query: filterQuery(query) }),
  ]);
  assertPageExists(state.page, results);
  return {
    kind: 'list' as const,
    state,
    results,
    posts: [],
    postsCount: 0,
    bundles: [],
    bundlesCount: 0,
    recommended: [],
    range,
    attributes,
  };
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

/** Blog posts a search found: a thumbnail, the title as the link, the start of the text. */
function FoundPosts({ posts, heading }: { posts: ContentItem[]; heading: string }) {
  const { locale } = useI18n();
  if (posts.length === 0) return null;
  return (
    <section aria-labelledby="found-posts" className="mt-10">
      <h2 id="found-posts" className="mb-4 text-xl font-bold">
        {heading}
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2">
        {posts.map((post) => {
          const image = post.images[0];
          return (
            <li
              key={post.id}
              className="relative flex gap-3 rounded-lg border border-slate-200 p-3 hover:shadow-md"
            >
              {image && (
                <SizedImage
                  image={image}
                  alt=""
                  className="h-20 w-20 shrink-0 rounded object-cover"
                  sizes="80px"
                />
              )}
              <div className="min-w-0">
                <h3 className="font-medium">
                  <AppLink
                    to={`/${locale}${post.slugUri}`}
                    className="after:absolute after:inset-0"
                  >
                    {post.title}
                  </AppLink>
                </h3>
                <p className="mt-1 line-clamp-2 text-sm text-slate-600">{post.description}</p>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/**
 * A filter or sort chosen far down a long sidebar (a desktop) left the view there, away from
 * the results (issue 23): when the list changes and its top is out of sight, it is brought back
 * under the sticky header. Not while the phone's filter sheet (a modal dialog) is open: the
 * shopper is still choosing there.
 */
function useResultsInView(results: RefObject<HTMLElement | null>, listKey: string) {
  const shown = useRef(listKey);
  useEffect(() => {
    if (shown.current === listKey) return;
    shown.current = listKey;
    const element = results.current;
    if (!element || document.querySelector('dialog:modal')) return;
    const { top } = element.getBoundingClientRect();
    const padding = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
    if (top >= padding) return;
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    element.scrollIntoView({ block: 'start', behavior: reduce ? 'auto' : 'smooth' });
  }, [results, listKey]);
}

export default function Products({ loaderData }: Route.ComponentProps) {
  const { locale, t } = useI18n();
  const { state, results } = loaderData;
  const location = useLocation();
  const navigation = useNavigation();
  // A new answer for this list is on its way: what is shown is about to change.
  const busy = navigation.state === 'loading' && navigation.location.pathname === location.pathname;
  const total = Math.max(1, Math.ceil(results.count / PRODUCT_PAGE_SIZE));
  const href = (page: number) => listSearch(state, { page }) || '?';
  const search = loaderData.kind === 'search';
  const heading = search ? t('search.resultsFor', { query: state.query }) : t('nav.products');
  const empty = results.results.length === 0;
  const resultsRef = useRef<HTMLElement>(null);
  useResultsInView(resultsRef, listSearch({ ...state, page: 1 }));
  return (
    <div>
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold sm:text-3xl">{heading}</h1>
        <p className="text-slate-600" role="status">
          {search
            ? loaderData.results.countCapped
              ? // More products than are counted: the matched posts and bundles would not change
                // "1,000+".
                t('search.resultsCountCapped', { count: results.count })
              : t('search.resultsCount', {
                  count: results.count + loaderData.postsCount + loaderData.bundlesCount,
                })
            : t('catalogue.productsCount', { count: results.count })}
        </p>
      </div>
      <div className="grid gap-4 lg:grid-cols-[16rem_1fr] lg:gap-8">
        {loaderData.range && (
          <aside className="min-w-0">
            <FilterDrawer applied={appliedFilterCount(state)} total={results.count}>
              <FilterPanel
                state={state}
                attributes={loaderData.attributes}
                range={loaderData.range}
                resetPriceHref={
                  listSearch(state, { priceMin: undefined, priceMax: undefined, page: 1 }) || '?'
                }
              />
            </FilterDrawer>
          </aside>
        )}
        <section
          ref={resultsRef}
          aria-label={heading}
          aria-busy={busy}
          className={`min-w-0 transition-opacity ${busy ? 'opacity-50' : ''}`}
        >
          <FilterChips state={state} attributes={loaderData.attributes} />
          {empty && !(search && (loaderData.posts.length > 0 || loaderData.bundles.length > 0)) ? (
            <div className="rounded-lg bg-slate-50 p-8 text-center">
              <p className="font-bold">
                {search ? t('search.noResults', { query: state.query }) : t('catalogue.noProducts')}
              </p>
              <p className="mt-2 text-slate-600">
                {search ? t('search.noResultsHint') : t('catalogue.noProductsHint')}
              </p>
              {search && (
                <AppLink
                  to={`/${locale}/products/`}
                  className="mt-4 inline-block font-bold text-primary underline"
                >
                  {t('search.browseAll')}
                </AppLink>
              )}
            </div>
          ) : (
            !empty && (
              <ProductGrid
                items={results.results}
                locale={locale}
                label={heading}
                level={2}
                first={2}
              />
            )
          )}
          <Pagination page={state.page} total={total} href={href} />
          {search && loaderData.bundles.length > 0 && (
            <section aria-labelledby="found-bundles" className="mt-10">
              <h2 id="found-bundles" className="mb-4 text-xl font-bold">
                {t('search.bundles')}
              </h2>
              <ProductGrid items={loaderData.bundles} locale={locale} label={t('search.bundles')} />
            </section>
          )}
          {search && <FoundPosts posts={loaderData.posts} heading={t('search.articles')} />}
          {loaderData.recommended.length > 0 && (
            <section aria-labelledby="recommended" className="mt-10">
              <h2 id="recommended" className="mb-4 text-xl font-bold">
                {t('search.recommended')}
              </h2>
              <ProductGrid
                items={loaderData.recommended}
                locale={locale}
                label={t('search.recommended')}
              />
            </section>
          )}
        </section>
      </div>
    </div>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} homeHref={`/${params.lang}/`} />;
}

/** A catalogue page: its scripts start after the largest paint (decision 37). */
export const handle = scriptsAfterPaintHandle;
