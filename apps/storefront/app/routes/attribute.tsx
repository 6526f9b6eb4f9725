import { data, redirect } from 'react-router';
import { filterParamForRoute, PRODUCT_PAGE_SIZE } from '@shop/domain';
import { AppLink } from '#app/components/app-link.tsx';
import { ErrorScreen } from '#app/components/error-screen.tsx';
import { Pagination } from '#app/components/pagination.tsx';
import { ProductGrid } from '#app/components/product-card.tsx';
import { listSearch, readListState } from '#app/lib/catalogue.ts';
import { useI18n } from '#app/lib/i18n.tsx';
import { pageMeta } from '#app/lib/seo.ts';
import { SORTED_PAGES } from '#app/lib/canonical.ts';
import { getShopRequest } from '#app/lib/shop.server.ts';
import type { Route } from './+types/attribute';

/**
 * `/attributes/{slug-id}/` and `/values/{slug-id}/`: the item and its products. The route name
 * decides the filter (spec section 2): values… filter by value id, others by attribute id.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const shop = getShopRequest(context);
  const url = new URL(request.url);
  const routeName = url.pathname.split('/')[2] ?? '';
  const filter = filterParamForRoute(routeName, params.id);
  if (!filter) throw data(null, { status: 404 });
  const state = readListState(url.searchParams);
  const query = { sort: state.sort, page: state.page, ...filter };
  if ('values__id' in filter) {
    const [value, products] = await Promise.all([
      shop.api.products.value({ params: { id: filter.values__id } }),
      shop.api.products.list({ query }),
    ]);
    if (params.id !== value.slug)
      throw redirect(`/${shop.locale}${value.slugUri}${url.search}`, 301);
    return {
      kind: 'value' as const,
      title: value.title,
      subtitle: value.attribute.title,
      values: [],
      state,
      products,
    };
  }
  const [attribute, products] = await Promise.all([
    shop.api.products.attributeDetail({ params: { id: filter.attrs__id } }),
    shop.api.products.list({ query }),
  ]);
  if (params.id !== attribute.slug)
    throw redirect(`/${shop.locale}${attribute.slugUri}${url.search}`, 301);
  return {
    kind: 'attribute' as const,
    title: attribute.title,
    subtitle: attribute.description,
    values: attribute.values.map((v) => ({ id: v.id, title: v.title, slugUri: v.slugUri })),
    state,
    products,
  };
}

export function meta({ matches, location, loaderData }: Route.MetaArgs) {
  return pageMeta({
    matches,
    location,
    title: loaderData?.title ?? '',
    canonicalParams: SORTED_PAGES,
  });
}

export default function AttributePage({ loaderData }: Route.ComponentProps) {
  const { locale, t } = useI18n();
  const { state, products } = loaderData;
  return (
    <div>
      {loaderData.subtitle && <p className="text-slate-600">{loaderData.subtitle}</p>}
      <h1 className="mb-4 text-2xl font-bold sm:text-3xl">{loaderData.title}</h1>
      {loaderData.values.length > 0 && (
        <ul className="mb-6 flex flex-wrap gap-2">
          {loaderData.values.map((value) => (
            <li key={value.id}>
              <AppLink
                to={`/${locale}${value.slugUri}`}
                className="inline-block rounded-full border border-slate-300 px-3 py-1 hover:border-primary"
              >
                {value.title}
              </AppLink>
            </li>
          ))}
        </ul>
      )}
      <p className="mb-4 text-slate-600">
        {t('catalogue.productsCount', { count: products.count })}
      </p>
      <ProductGrid
        items={products.results}
        locale={locale}
        label={loaderData.title}
        level={2}
        first={2}
      />
      <Pagination
        page={state.page}
        total={Math.ceil(products.count / PRODUCT_PAGE_SIZE)}
        href={(page) => listSearch(state, { page }) || '?'}
      />
    </div>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} homeHref={`/${params.lang}/`} />;
}
