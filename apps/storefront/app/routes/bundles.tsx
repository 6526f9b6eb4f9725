import { ErrorScreen } from '#app/components/error-screen.tsx';
import { Pagination } from '#app/components/pagination.tsx';
import { ProductGrid } from '#app/components/product-card.tsx';
import { listSearch, readListState } from '#app/lib/catalogue.ts';
import { useI18n } from '#app/lib/i18n.tsx';
import { pageMeta } from '#app/lib/seo.ts';
import { SORTED_PAGES } from '#app/lib/canonical.ts';
import { assertPageExists } from '#app/lib/api-errors.server.ts';
import { getShopRequest } from '#app/lib/shop.server.ts';
import { PRODUCT_PAGE_SIZE } from '@shop/domain';
import type { Route } from './+types/bundles';

export async function loader({ request, context }: Route.LoaderArgs) {
  const shop = getShopRequest(context);
  const state = readListState(new URL(request.url).searchParams);
  const results = await shop.api.products.bundles({
    query: { sort: state.sort, page: state.page },
  });
  assertPageExists(state.page, results);
  return { state, results };
}

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta({
    matches,
    location,
    titleKey: 'nav.bundles',
    canonicalParams: SORTED_PAGES,
  });
}

export default function Bundles({ loaderData }: Route.ComponentProps) {
  const { locale, t } = useI18n();
  const { state, results } = loaderData;
  return (
    <div>
      <h1 className="mb-6 text-2xl font-bold sm:text-3xl">{t('nav.bundles')}</h1>
      {results.results.length === 0 ? (
        <p className="text-slate-600">{t('bundle.noBundles')}</p>
      ) : (
        <ProductGrid
          items={results.results}
          locale={locale}
          label={t('nav.bundles')}
          level={2}
          first={2}
        />
      )}
      <Pagination
        page={state.page}
        total={Math.ceil(results.count / PRODUCT_PAGE_SIZE)}
        href={(page) => listSearch(state, { page }) || '?'}
      />
    </div>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} homeHref={`/${params.lang}/`} />;
}
