import { useRef } from 'react';
import { data } from 'react-router';
import { isApiError } from '@shop/contract';
import { bundleSaving, idFromSlug } from '@shop/domain';
import { AddToCartForm, isAddToCartResult } from '#app/components/add-to-cart.tsx';
import { AppLink } from '#app/components/app-link.tsx';
import { ErrorScreen } from '#app/components/error-screen.tsx';
import { Gallery } from '#app/components/gallery.tsx';
import { Price, useMoney } from '#app/components/price.tsx';
import { SizedImage } from '#app/components/sized-image.tsx';
import { RelatedProducts, StockState } from '#app/components/product-card.tsx';
import { StickyBuyBar } from '#app/components/sticky-bar.tsx';
import { productPageAction } from '#app/lib/cart-action.server.ts';
import { useI18n } from '#app/lib/i18n.tsx';
import { itemMeta } from '#app/lib/seo.ts';
import { productJsonLd } from '#app/lib/json-ld.ts';
import { JsonLd, useLdPage } from '#app/components/json-ld.tsx';
import { assertCanonicalSlug, notFoundWithProducts } from '#app/lib/api-errors.server.ts';
import { getShopRequest } from '#app/lib/shop.server.ts';
import { useLocaleData } from '#app/lib/locale-data.ts';
import type { Route } from './+types/bundle';
import { scriptsAfterPaintHandle } from '#app/lib/route-handle.ts';
import { revalidateAfterCartChange } from '#app/lib/cart-revalidate.ts';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const shop = getShopRequest(context);
  const id = idFromSlug(params.id);
  if (id === null) throw data(null, { status: 404 });
  const bundle = await shop.api.products
    .bundleDetail({ params: { id }, expect: [404] })
    .catch(async (error: unknown) => {
      // A bundle that is gone leaves the cart too (spec section 7), then shows the 404 screen.
      if (!isApiError(error, 404)) throw error;
      await shop.api.sales
        .removeFromCart({ params: { productId: id }, query: { ref: 'bundle' } })
        .catch(() => undefined);
      return notFoundWithProducts(shop);
    });
  assertCanonicalSlug(
    params.id,
    { slug: bundle.slug, path: `/${shop.locale}/bundles/${bundle.slug}/` },
    request,
  );
  return { bundle };
}

export const action = (args: Route.ActionArgs) => productPageAction(args);

export function meta({ matches, location, loaderData }: Route.MetaArgs) {
  return itemMeta({ matches, location }, loaderData?.bundle);
}

export default function BundlePage({ loaderData, actionData }: Route.ComponentProps) {
  const { bundle } = loaderData;
  const { locale, t } = useI18n();
  const money = useMoney();
  const shop = useLocaleData();
  const buyBox = useRef<HTMLDivElement>(null);
  const available = bundle.available && (shop?.shop.cart ?? false);
  const { separately, saving } = bundleSaving(bundle);
  const ldPage = useLdPage();
  return (
    <article>
      {/* A bundle is sold as one product: schema.org has no type of its own for it. */}
      <JsonLd data={productJsonLd(bundle, { ...ldPage, currency: shop?.shop.currency ?? 'EUR' })} />
      <nav aria-label={t('common.breadcrumbs')} className="mb-4 text-sm text-slate-600">
        <AppLink to={`/${locale}/bundles/`} className="hover:underline">
          {t('nav.bundles')}
        </AppLink>{' '}
        / <span aria-current="page">{bundle.title}</span>
      </nav>
      <div className="grid gap-8 lg:grid-cols-2">
        <Gallery images={bundle.images} title={bundle.title} />
        <div className="space-y-5">
          <h1 className="text-2xl font-bold sm:text-3xl">{bundle.title}</h1>
          <Price
            price={bundle.price}
            discountPrice={bundle.discountPrice}
            discountPercent={bundle.discountPercent}
            totalVat={bundle.totalVat}
            size="lg"
          />
          {saving > 0 && (
            <p className="rounded-md bg-green-50 px-3 py-2 font-medium text-green-900">
              {t('bundle.savings', { amount: money(saving) })}{' '}
              <span className="text-sm font-normal whitespace-nowrap text-green-800">
                ({t('bundle.separately', { amount: money(separately) })})
              </span>
            </p>
          )}
          <StockState stock={bundle.stock} available={bundle.available} />
          <div ref={buyBox}>
            <AddToCartForm
              itemId={bundle.id}
              refKind="bundle"
              available={available}
              answer={isAddToCartResult(actionData) ? actionData : undefined}
            />
          </div>
          <p className="text-slate-700">{bundle.description}</p>
          <section aria-labelledby="includes">
            <h2 id="includes" className="mb-2 text-lg font-bold">
              {t('bundle.includes')}
            </h2>
            <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
              {bundle.items.map((item) => {
                const image = item.product.images[0];
                return (
                  <li key={item.product.id} className="flex items-center gap-3 p-3">
                    <div className="h-16 w-16 shrink-0 overflow-hidden rounded-md bg-slate-100">
                      {image && (
                        <SizedImage
                          image={image}
                          alt=""
                          className="h-full w-full object-cover"
                          sizes="64px"
                        />
                      )}
                    </div>
                    <AppLink
                      to={`/${locale}${item.product.slugUri}`}
                      className="min-w-0 flex-1 text-primary hover:underline"
                    >
                      {item.quantity} × {item.product.title}
                    </AppLink>
                    <span className="shrink-0 text-sm text-slate-600">
                      {money(item.product.discountPrice)}
                    </span>
                  </li>
                );
              })}
            </ul>
          </section>
        </div>
      </div>
      <RelatedProducts items={bundle.related} />
      <StickyBuyBar item={bundle} watch={buyBox} available={available} />
    </article>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} homeHref={`/${params.lang}/`} />;
}

/** A catalogue page: its scripts start after the largest paint (decision 37). */
export const handle = scriptsAfterPaintHandle;

/** A refused cart quantity still changed the cart: what it shows reloads (lib/cart-revalidate.ts). */
export const shouldRevalidate = revalidateAfterCartChange;
