import { VENDOR_PAGE_SIZE, vendorPage, vendorPageQuery } from '@shop/domain';
import { ErrorScreen } from '#app/components/error-screen.tsx';
import { Pagination } from '#app/components/pagination.tsx';
import { VendorCard } from '#app/components/vendor-card.tsx';
import { useI18n } from '#app/lib/i18n.tsx';
import { pageMeta } from '#app/lib/seo.ts';
import { PAGED } from '#app/lib/canonical.ts';
import { assertPageExists } from '#app/lib/api-errors.server.ts';
import { getShopRequest } from '#app/lib/shop.server.ts';
import type { Route } from './+types/vendors';

export async function loader({ request, context }: Route.LoaderArgs) {
  const shop = getShopRequest(context);
  // The vendor page is at least 1 (spec section 5); a malformed one is page 1.
  const page = vendorPage(new URL(request.url).searchParams.get('page'));
  const vendors = await shop.api.vendors.list({ query: { page } });
  assertPageExists(page, vendors);
  return { page, vendors };
}

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta({ matches, location, titleKey: 'vendors.title', canonicalParams: PAGED });
}

export default function Vendors({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { vendors, page } = loaderData;
  const href = (p: number) => {
    const query = new URLSearchParams(vendorPageQuery(p, {})).toString();
    return query ? `?${query}` : '?';
  };
  return (
    <div>
      <h1 className="mb-6 text-3xl font-bold">{t('vendors.title')}</h1>
      {vendors.results.length === 0 ? (
        <p className="text-slate-600">{t('vendors.noVendors')}</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {vendors.results.map((vendor) => (
            <li key={vendor.id}>
              <VendorCard vendor={vendor} />
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} total={Math.ceil(vendors.count / VENDOR_PAGE_SIZE)} href={href} />
    </div>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} homeHref={`/${params.lang}/`} />;
}
