import { data, redirect } from 'react-router';
import { idFromSlug } from '@shop/domain';
import { AppLink } from '#app/components/app-link.tsx';
import { ErrorScreen } from '#app/components/error-screen.tsx';
import { RichText } from '#app/components/rich-text.tsx';
import { useI18n } from '#app/lib/i18n.tsx';
import { pageMeta } from '#app/lib/seo.ts';
import { getShopRequest } from '#app/lib/shop.server.ts';
import type { Route } from './+types/vendor-item';

/**
 * `/vendors/{v}/products/{slug}/`, `/blogs/{slug}/` and `/pages/{slug}/`. A product or post has
 * one canonical address, so those answer 301 to it (once the vendor has confirmed it is theirs);
 * a vendor's page lives only here and is shown.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const shop = getShopRequest(context);
  const vendorId = idFromSlug(params.vendorId);
  if (vendorId === null) throw data(null, { status: 404 });
  const kind = new URL(request.url).pathname.split('/')[4];
  if (kind === 'products') {
    const product = await shop.api.vendors.product({
      params: { id: vendorId, itemId: params.slug },
    });
    throw redirect(`/${shop.locale}${product.slugUri}`, 301);
  }
  if (kind === 'blogs') {
    const post = await shop.api.vendors.blog({ params: { id: vendorId, itemId: params.slug } });
    throw redirect(`/${shop.locale}${post.slugUri}`, 301);
  }
  const [vendor, page] = await Promise.all([
    shop.api.vendors.get({ params: { id: vendorId } }),
    shop.api.vendors.page({ params: { id: vendorId, itemId: params.slug } }),
  ]);
  return { vendor, page };
}

export function meta({ matches, location, loaderData }: Route.MetaArgs) {
  const page = loaderData?.page;
  return pageMeta({ matches, location, title: page?.meta.title || page?.title || '' });
}

export default function VendorContentPage({ loaderData }: Route.ComponentProps) {
  const { vendor, page } = loaderData;
  const { locale } = useI18n();
  return (
    <article className="mx-auto max-w-3xl">
      <AppLink to={`/${locale}${vendor.slugUri}`} className="text-sm text-primary hover:underline">
        ← {vendor.title}
      </AppLink>
      <h1 className="mt-3 mb-6 text-3xl font-bold">{page.title}</h1>
      <RichText html={page.content} />
    </article>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} homeHref={`/${params.lang}/`} />;
}
