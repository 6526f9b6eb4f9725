import { ErrorScreen } from '#app/components/error-screen.tsx';
import { AppLink } from '#app/components/app-link.tsx';
import { Pagination } from '#app/components/pagination.tsx';
import { useI18n } from '#app/lib/i18n.tsx';
import { pageMeta } from '#app/lib/seo.ts';
import { PAGED } from '#app/lib/canonical.ts';
import { readListState } from '#app/lib/catalogue.ts';
import { getShopRequest } from '#app/lib/shop.server.ts';
import type { Route } from './+types/attributes';

/** `/attributes/` and `/values/` share this screen: a paged list of links. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const shop = getShopRequest(context);
  const url = new URL(request.url);
  const { page } = readListState(url.searchParams);
  const kind = url.pathname.includes('/values/') ? ('values' as const) : ('attributes' as const);
  const list =
    kind === 'values'
      ? await shop.api.products.values({ query: { page, page_size: 48 } })
      : await shop.api.products.attributes({ query: { page, page_size: 48 } });
  return {
    kind,
    page,
    count: list.count,
    items: list.results.map((item) => ({
      id: item.id,
      title: item.title,
      slugUri: item.slugUri,
      group: 'attribute' in item ? item.attribute.title : null,
    })),
  };
}

export function meta({ matches, location, loaderData }: Route.MetaArgs) {
  return pageMeta({
    matches,
    location,
    titleKey: loaderData?.kind === 'values' ? 'nav.values' : 'nav.attributes',
    canonicalParams: PAGED,
  });
}

export default function Attributes({ loaderData }: Route.ComponentProps) {
  const { locale, t } = useI18n();
  const title = t(loaderData.kind === 'values' ? 'nav.values' : 'nav.attributes');
  return (
    <div>
      <h1 className="mb-6 text-2xl font-bold sm:text-3xl">{title}</h1>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {loaderData.items.map((item) => (
          <li key={item.id}>
            <AppLink
              to={`/${locale}${item.slugUri}`}
              className="block rounded-lg border border-slate-200 p-4 hover:border-primary hover:shadow-sm"
            >
              {item.group && <span className="block text-sm text-slate-600">{item.group}</span>}
              <span className="font-medium">{item.title}</span>
            </AppLink>
          </li>
        ))}
      </ul>
      <Pagination
        page={loaderData.page}
        total={Math.ceil(loaderData.count / 48)}
        href={(page) => (page > 1 ? `?page=${page}` : '?')}
      />
    </div>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} homeHref={`/${params.lang}/`} />;
}
