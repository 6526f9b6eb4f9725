import { PAGE_LIST_SIZE } from '@shop/contract';
import { AppLink } from '#app/components/app-link.tsx';
import { ErrorScreen } from '#app/components/error-screen.tsx';
import { Pagination } from '#app/components/pagination.tsx';
import { assertPageExists } from '#app/lib/api-errors.server.ts';
import { PAGED } from '#app/lib/canonical.ts';
import { readListState } from '#app/lib/catalogue.ts';
import { useI18n } from '#app/lib/i18n.tsx';
import { pageMeta } from '#app/lib/seo.ts';
import { getShopRequest } from '#app/lib/shop.server.ts';
import type { Route } from './+types/pages';

/** `/pages/` (spec section 2, a list screen): the shop's content pages, each with its line. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const shop = getShopRequest(context);
  const { page } = readListState(new URL(request.url).searchParams);
  const pages = await shop.api.content.pages({ query: { page } });
  assertPageExists(page, pages);
  return { page, pages };
}

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta({ matches, location, titleKey: 'pages.title', canonicalParams: PAGED });
}

export default function Pages({ loaderData }: Route.ComponentProps) {
  const { locale, t } = useI18n();
  const { pages, page } = loaderData;
  return (
    <div>
      <h1 className="mb-6 text-3xl font-bold">{t('pages.title')}</h1>
      {pages.results.length === 0 ? (
        <p className="text-slate-600">{t('pages.empty')}</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {pages.results.map((item) => (
            <li key={item.id} className="rounded-lg border border-slate-200 p-4">
              <h2 className="text-lg font-bold">
                <AppLink to={`/${locale}${item.slugUri}`} className="text-primary hover:underline">
                  {item.title}
                </AppLink>
              </h2>
              {item.description && <p className="mt-2 text-slate-700">{item.description}</p>}
            </li>
          ))}
        </ul>
      )}
      <Pagination
        page={page}
        total={Math.ceil(pages.count / PAGE_LIST_SIZE)}
        href={(p) => (p > 1 ? `?page=${p}` : '?')}
      />
    </div>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} homeHref={`/${params.lang}/`} />;
}
