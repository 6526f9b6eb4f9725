import { useRef } from 'react';
import { data } from 'react-router';
import { isApiError, type ProductDetail } from '@shop/contract';
import { idFromSlug, variationChoices } from '@shop/domain';
import { AddToCartForm, isAddToCartResult } from '#app/components/add-to-cart.tsx';
import { WishlistHeart } from '#app/components/wishlist-heart.tsx';
import { AppLink } from '#app/components/app-link.tsx';
import { ErrorScreen } from '#app/components/error-screen.tsx';
import { Gallery } from '#app/components/gallery.tsx';
import { JsonLd, useLdPage } from '#app/components/json-ld.tsx';
import { Price } from '#app/components/price.tsx';
import { RelatedProducts, StockState } from '#app/components/product-card.tsx';
import { ReviewsSection } from '#app/components/review-section.tsx';
import { StickyBuyBar } from '#app/components/sticky-bar.tsx';
import { productPageAction } from '#app/lib/cart-action.server.ts';
import { useI18n } from '#app/lib/i18n.tsx';
import { itemMeta } from '#app/lib/seo.ts';
import { productJsonLd } from '#app/lib/json-ld.ts';
import { assertCanonicalSlug, notFoundWithProducts } from '#app/lib/api-errors.server.ts';
import { getShopRequest } from '#app/lib/shop.server.ts';
import { useLocaleData } from '#app/lib/locale-data.ts';
import type { ReviewReply } from '#app/lib/review-state.ts';
import { isReviewPost, loadProductReviews, reviewAction } from '#app/lib/reviews.server.ts';
import type { Route } from './+types/product';
import { scriptsAfterPaintHandle } from '#app/lib/route-handle.ts';
import { revalidateAfterCartChange } from '#app/lib/cart-revalidate.ts';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const shop = getShopRequest(context);
  const id = idFromSlug(params.id);
  if (id === null) throw data(null, { status: 404 });
  const product = await shop.api.products
    .detail({ params: { id }, expect: [404] })
    .catch(async (error: unknown) => {
      // A product that is gone leaves the cart too (spec section 4), then shows the 404 screen.
      if (!isApiError(error, 404)) throw error;
      await shop.api.sales.removeFromCart({ params: { productId: id } }).catch(() => undefined);
      return notFoundWithProducts(shop);
    });
  // One address per product: an old or partial slug redirects to the current one.
  assertCanonicalSlug(
    params.id,
    { slug: product.slug, path: `/${shop.locale}/products/${product.slug}/` },
    request,
  );
  // Secondary, but awaited: its pages and orders are links that work without JavaScript; a
  // failure only leaves the list empty (docs/decisions/0014-reviews.md).
  const reviews = await loadProductReviews(shop, new URL(request.url), product.id);
  return { product, reviews };
}

/** Add to cart, or the review forms (write, delete) of the reviews section. */
export async function action(args: Route.ActionArgs) {
  if (await isReviewPost(args.request)) {
    const id = idFromSlug(args.params.id);
    if (id === null) throw data(null, { status: 404 });
    return reviewAction(args.request, getShopRequest(args.context), { productId: id });
  }
  return productPageAction(args);
}

export function meta({ matches, location, loaderData }: Route.MetaArgs) {
  return itemMeta({ matches, location }, loaderData?.product);
}

/** The variation with `valueId` that keeps most of the current product's other values. */
function closestVariation(product: ProductDetail, valueId: number) {
  const current = new Set(product.values.map((v) => v.id));
  return product.variations
    .filter((v) => v.values.some((value) => value.id === valueId))
    .map((v) => ({ v, shared: v.values.filter((value) => current.has(value.id)).length }))
    .sort((a, b) => b.shared - a.shared)[0]?.v;
}

export default function ProductPage({ loaderData, actionData }: Route.ComponentProps) {
  const { product, reviews } = loaderData;
  const reviewReply =
    actionData && 'result' in actionData ? (actionData as ReviewReply) : undefined;
  const { locale, t } = useI18n();
  const shop = useLocaleData();
  const cartOn = shop?.shop.cart ?? true;
  const buyBox = useRef<HTMLDivElement>(null);
  // Only attributes the variations differ in are choices; sizes in size order.
  const groups = variationChoices(product.variations);
  const ldPage = useLdPage();
  return (
    <article>
      <JsonLd
        data={productJsonLd(product, { ...ldPage, currency: shop?.shop.currency ?? 'EUR' })}
      />
      <nav aria-label={t('common.breadcrumbs')} className="mb-4 text-sm text-slate-600">
        <ol className="flex flex-wrap gap-1">
          <li>
            <AppLink to={`/${locale}/`} className="hover:underline">
              {t('nav.home')}
            </AppLink>{' '}
            /
          </li>
          <li>
            <AppLink to={`/${locale}/products/`} className="hover:underline">
              {t('nav.products')}
            </AppLink>{' '}
            /
          </li>
          <li aria-current="page">{product.title}</li>
        </ol>
      </nav>
      <div className="grid gap-8 lg:grid-cols-2">
        <Gallery images={product.images} title={product.title} />
        <div className="space-y-5">
          {product.vendor && (
            <p className="text-sm text-slate-600">
              {t('product.soldBy', { vendor: product.vendor.title })}
            </p>
          )}
          <div className="flex items-start justify-between gap-3">
            <h1 className="min-w-0 text-2xl font-bold break-words sm:text-3xl">{product.title}</h1>
            <WishlistHeart
              productId={product.id}
              title={product.title}
              className="shrink-0 border border-slate-300"
            />
          </div>
          <Price
            price={product.price}
            discountPrice={product.discountPrice}
            discountPercent={product.discountPercent}
            totalVat={product.totalVat}
            size="lg"
          />
          <StockState stock={product.stock} available={product.available} />
          {groups.map((group) => (
            <fieldset key={group.title}>
              <legend className="mb-2 font-bold">{group.title}</legend>
              <ul className="flex flex-wrap gap-2">
                {group.values.map((value) => {
                  const variation = closestVariation(product, value.id);
                  if (!variation) return null;
                  const current = variation.id === product.id;
                  const soldOut = (!variation.available && cartOn) || variation.stock === 0;
                  const few = !soldOut && variation.stock !== null && variation.stock <= 3;
                  return (
                    <li key={value.id}>
                      {/* A plain link without JavaScript; with it, the page changes in place and
                          keeps its scroll position (the shopper stays at the choices). */}
                      <AppLink
                        to={`/${locale}${variation.slugUri}`}
                        preventScrollReset
                        replace
                        aria-current={current ? 'true' : undefined}
                        className={`flex min-h-11 min-w-11 flex-col items-center justify-center rounded-md border px-3 py-1.5 text-center ${
                          current
                            ? 'border-primary bg-blue-50 font-bold'
                            : soldOut
                              ? 'border-dashed border-slate-300 text-slate-600 hover:border-slate-500'
                              : 'border-slate-300 hover:border-primary'
                        }`}
                      >
                        <span className={soldOut ? 'line-through' : undefined}>{value.title}</span>
                        {(soldOut || few) && (
                          <span
                            className={`text-xs font-normal ${soldOut ? 'text-red-700' : 'text-amber-800'}`}
                          >
                            {soldOut
                              ? t('product.soldOut')
                              : t('product.onlyLeft', { count: variation.stock ?? 0 })}
                          </span>
                        )}
                      </AppLink>
                    </li>
                  );
                })}
              </ul>
            </fieldset>
          ))}
          <div ref={buyBox}>
            <AddToCartForm
              itemId={product.id}
              refKind="product"
              available={product.available && (shop?.shop.cart ?? false)}
              answer={isAddToCartResult(actionData) ? actionData : undefined}
            />
          </div>
          <section aria-labelledby="description">
            <h2 id="description" className="mb-2 text-lg font-bold">
              {t('product.description')}
            </h2>
            <p className="whitespace-pre-line text-slate-700">{product.description}</p>
          </section>
          {product.values.length > 0 && (
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              {product.values.map((value) => (
                <div key={value.id} className="contents">
                  <dt className="font-medium">{value.attribute.title}</dt>
                  <dd>
                    <AppLink
                      to={`/${locale}/values/${value.id}/`}
                      className="text-primary hover:underline"
                    >
                      {value.title}
                    </AppLink>
                  </dd>
                </div>
              ))}
            </dl>
          )}
        </div>
      </div>

      <div className="mt-12">
        <ReviewsSection
          kind="product"
          headingId="reviews"
          title={t('reviews.productReviews')}
          action={`/${locale}${product.slugUri}`}
          list={reviews}
          mine={reviews.mine}
          reply={reviewReply}
          prefix="reviews_"
          summary={
            product.rating !== null && product.reviewsCount > 0 ? (
              <p className="mb-4 text-slate-700">
                {t('reviews.averageRating', { rating: product.rating })} ·{' '}
                {t('reviews.count', { count: product.reviewsCount })}
              </p>
            ) : null
          }
        />
      </div>

      <RelatedProducts items={product.related} />

      <StickyBuyBar
        item={product}
        watch={buyBox}
        available={product.available && (shop?.shop.cart ?? false)}
      />
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
