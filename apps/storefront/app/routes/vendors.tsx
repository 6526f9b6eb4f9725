import type { Vendor } from '@shop/contract';
import { VENDOR_PAGE_SIZE, vendorPage, vendorPageQuery } from '@shop/domain';
import { AppLink } from '#app/components/app-link.tsx';
import { ErrorScreen } from '#app/components/error-screen.tsx';
import { Pagination } from '#app/components/pagination.tsx';
import { SizedImage } from '#app/components/sized-image.tsx';
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

/** A vendor in a grid: logo, name and a line of its story; the whole card links. */
export function VendorCard({ vendor, level = 2 }: { vendor: Vendor; level?: 2 | 3 }) {
  const { locale } = useI18n();
  const Heading = level === 2 ? 'h2' : 'h3';
  const logo = vendor.icons[0] ?? vendor.images[0];
  return (
    <article className="relative flex h-full items-start gap-4 rounded-lg border border-slate-200 p-4 hover:shadow-md">
      {logo && (
        <SizedImage
          image={{ ...logo, imageType: 'icon' }}
          alt=""
          className="h-16 w-16 shrink-0 rounded-full object-cover"
          sizes="64px"
        />
      )}
      <div className="min-w-0">
        <Heading className="font-bold">
          <AppLink to={`/${locale}${vendor.slugUri}`} className="after:absolute after:inset-0">
            {vendor.title}
          </AppLink>
        </Heading>
        <p className="mt-1 line-clamp-3 text-sm text-slate-700">{vendor.description}</p>
      </div>
    </article>
  );
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
