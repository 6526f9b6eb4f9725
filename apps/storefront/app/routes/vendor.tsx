import { data, redirect, useLocation } from 'react-router';
import { idFromSlug, VENDOR_PAGE_SIZE, vendorPage, vendorPageQuery } from '@shop/domain';
import { AppLink } from '#app/components/app-link.tsx';
import { ErrorScreen } from '#app/components/error-screen.tsx';
import { Pagination } from '#app/components/pagination.tsx';
import { ProductGrid } from '#app/components/product-card.tsx';
import { VendorFrame, type VendorTab } from '#app/components/vendor-frame.tsx';
import { useI18n } from '#app/lib/i18n.tsx';
import { pageMeta } from '#app/lib/seo.ts';
import { PAGED } from '#app/lib/canonical.ts';
import { assertPageExists } from '#app/lib/api-errors.server.ts';
import { getShopRequest } from '#app/lib/shop.server.ts';
import { BlogCardView } from '#app/components/blog-card.tsx';
import type { Route } from './+types/vendor';

type Tab = VendorTab;

/**
 * `/vendors/{slug-id}/` and its lists `/products/`, `/blogs/`, `/pages/` (spec section 2): the
 * vendor's banner and story above the chosen list.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const shop = getShopRequest(context);
  const id = idFromSlug(params.vendorId);
  if (id === null) throw data(null, { status: 404 });
  const url = new URL(request.url);
  const tab: Tab =
    (['products', 'blogs', 'pages'] as const).find((k) => url.pathname.endsWith(`/${k}/`)) ??
    'products';
  const page = vendorPage(url.searchParams.get('page'));
  const vendor = await shop.api.vendors.get({ params: { id } });
  if (params.vendorId !== vendor.slug) {
    throw redirect(
      url.pathname.replace(`/vendors/${params.vendorId}/`, `/vendors/${vendor.slug}/`) + url.search,
      301,
    );
  }
  const list =
    tab === 'blogs'
      ? {
          kind: 'blogs' as const,
          page: await shop.api.vendors.blogs({ params: { id }, query: { page } }),
        }
      : tab === 'pages'
        ? {
            kind: 'pages' as const,
            page: await shop.api.vendors.pages({ params: { id }, query: { page } }),
          }
        : {
            kind: 'products' as const,
            page: await shop.api.vendors.products({ params: { id }, query: { page } }),
          };
  assertPageExists(page, list.page);
  return { vendor, tab, page, list };
}

export function meta({ matches, location, loaderData }: Route.MetaArgs) {
  const vendor = loaderData?.vendor;
  return pageMeta({
    matches,
    location,
    title: vendor?.meta.title || vendor?.title || '',
    canonicalParams: PAGED,
    ...(vendor
      ? {
          description: vendor.meta.description || vendor.description,
          image: vendor.images[0]?.image ?? null,
        }
      : {}),
  });
}

export default function VendorPage({ loaderData }: Route.ComponentProps) {
  const { vendor, tab, page, list } = loaderData;
  const { locale, t } = useI18n();
  const location = useLocation();
  const base = `/${locale}${vendor.slugUri}`;
  const href = (p: number) => {
    const query = new URLSearchParams(vendorPageQuery(p, {})).toString();
    return `${location.pathname}${query ? `?${query}` : ''}`;
  };
  return (
    <VendorFrame vendor={vendor} tab={tab}>
      {list.page.results.length === 0 ? (
        <p className="text-slate-600">
          {t(
            list.kind === 'blogs'
              ? 'blog.noPosts'
              : list.kind === 'pages'
                ? 'pages.empty'
                : 'catalogue.noProducts',
          )}
        </p>
      ) : list.kind === 'products' ? (
        <ProductGrid
          items={list.page.results}
          locale={locale}
          label={t('vendors.products')}
          level={2}
        />
      ) : list.kind === 'blogs' ? (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {list.page.results.map((post) => (
            <li key={post.id} className="flex">
              <BlogCardView post={post} href={`${base}blogs/${post.slug}/`} />
            </li>
          ))}
        </ul>
      ) : (
        <ul className="space-y-2">
          {list.page.results.map((p) => (
            <li key={p.id}>
              <AppLink
                to={`${base}pages/${p.slug}/`}
                className="text-lg text-primary hover:underline"
              >
                {p.title}
              </AppLink>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} total={Math.ceil(list.page.count / VENDOR_PAGE_SIZE)} href={href} />
    </VendorFrame>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} homeHref={`/${params.lang}/`} />;
}
