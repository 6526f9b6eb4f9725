import { data, redirect } from 'react-router';
import { idFromSlug } from '@shop/domain';
import { AddToCartForm, isAddToCartResult } from '#app/components/add-to-cart.tsx';
import { AppLink } from '#app/components/app-link.tsx';
import { BlogArticle } from '#app/components/blog-article.tsx';
import { ErrorScreen } from '#app/components/error-screen.tsx';
import { Gallery } from '#app/components/gallery.tsx';
import { Price } from '#app/components/price.tsx';
import { StockState } from '#app/components/product-card.tsx';
import { RichText } from '#app/components/rich-text.tsx';
import { VendorFrame } from '#app/components/vendor-frame.tsx';
import { productPageAction } from '#app/lib/cart-action.server.ts';
import { useI18n } from '#app/lib/i18n.tsx';
import { useLocaleData } from '#app/lib/locale-data.ts';
import { pageMeta } from '#app/lib/seo.ts';
import { getShopRequest } from '#app/lib/shop.server.ts';
import type { Route } from './+types/vendor-item';
import { revalidateAfterCartChange } from '#app/lib/cart-revalidate.ts';

type Kind = 'products' | 'blogs' | 'pages';

function kindOf(request: Request): Kind {
  const kind = new URL(request.url).pathname.split('/')[4];
  if (kind === 'products' || kind === 'blogs' || kind === 'pages') return kind;
  throw data(null, { status: 404 });
}

/**
 * `/vendors/{v}/products/{slug}/`, `/blogs/{slug}/` and `/pages/{slug}/` (spec section 2, vendor
 * detail screens): the item inside its vendor's frame (breadcrumb, tabs), once the vendor has
 * confirmed it is theirs. A product or post also has its own page: the canonical link names it,
 * so search engines keep one address. A vendor's page lives only here.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const shop = getShopRequest(context);
  const vendorId = idFromSlug(params.vendorId);
  if (vendorId === null) throw data(null, { status: 404 });
  const kind = kindOf(request);
  const itemParams = { params: { id: vendorId, itemId: params.slug } };
  const [vendor, item] = await Promise.all([
    shop.api.vendors.get({ params: { id: vendorId } }),
    kind === 'products'
      ? shop.api.vendors.product(itemParams).then((product) => ({ kind, product }) as const)
      : kind === 'blogs'
        ? shop.api.vendors.blog(itemParams).then((post) => ({ kind, post }) as const)
        : shop.api.vendors.page(itemParams).then((page) => ({ kind, page }) as const),
  ]);
  // One address inside the vendor too: an old or partial slug answers 301 to the current one.
  const slug =
    item.kind === 'products'
      ? item.product.slug
      : item.kind === 'blogs'
        ? item.post.slug
        : item.page.slug;
  if (params.vendorId !== vendor.slug || params.slug !== slug) {
    const url = new URL(request.url);
    throw redirect(`/${shop.locale}${vendor.slugUri}${kind}/${slug}/${url.search}`, 301);
  }
  return { vendor, item };
}

/** The product screen's one form adds to the cart; the others take no posts. */
export async function action(args: Route.ActionArgs) {
  if (kindOf(args.request) !== 'products') throw data(null, { status: 405 });
  return productPageAction(args);
}

export function meta({ matches, location, loaderData }: Route.MetaArgs) {
  const item = loaderData?.item;
  if (!item) return pageMeta({ matches, location, titleKey: 'errors.notFoundTitle' });
  const shown =
    item.kind === 'products' ? item.product : item.kind === 'blogs' ? item.post : item.page;
  return pageMeta({
    matches,
    location,
    title: shown.meta.title || shown.title,
    description: shown.meta.description || ('description' in shown ? shown.description : '') || '',
    image: shown.images[0]?.image ?? null,
    ...(item.kind === 'products' ? { type: 'product' } : {}),
    ...(item.kind === 'blogs' ? { type: 'article' } : {}),
    // The product's or post's own page; a vendor's page is its own canonical.
    canonicalPath: shown.slugUri,
  });
}

export default function VendorItem({ loaderData, actionData }: Route.ComponentProps) {
  const { vendor, item } = loaderData;
  const { locale, t } = useI18n();
  const shop = useLocaleData();
  if (item.kind === 'products') {
    const { product } = item;
    const available = product.available && (shop?.shop.cart ?? false);
    return (
      <VendorFrame vendor={vendor} tab="products" item={product.title}>
        <article className="grid gap-8 lg:grid-cols-2">
          <Gallery images={product.images} title={product.title} />
          <div className="space-y-5">
            <h1 className="text-2xl font-bold sm:text-3xl">{product.title}</h1>
            <Price
              price={product.price}
              discountPrice={product.discountPrice}
              discountPercent={product.discountPercent}
              totalVat={product.totalVat}
              size="lg"
            />
            <StockState stock={product.stock} available={product.available} />
            <AddToCartForm
              itemId={product.id}
              refKind="product"
              available={available}
              answer={isAddToCartResult(actionData) ? actionData : undefined}
            />
            <section aria-labelledby="description">
              <h2 id="description" className="mb-2 text-lg font-bold">
                {t('product.description')}
              </h2>
              <p className="whitespace-pre-line text-slate-700">{product.description}</p>
            </section>
            <AppLink
              to={`/${locale}${product.slugUri}`}
              className="inline-block font-medium text-primary underline"
            >
              {t('vendors.productPage')}
            </AppLink>
          </div>
        </article>
      </VendorFrame>
    );
  }
  if (item.kind === 'blogs') {
    const { post } = item;
    return (
      <VendorFrame vendor={vendor} tab="blogs" item={post.title}>
        <BlogArticle post={post} />
      </VendorFrame>
    );
  }
  const { page } = item;
  return (
    <VendorFrame vendor={vendor} tab="pages" item={page.title}>
      <article className="mx-auto max-w-3xl">
        <h1 className="mb-6 text-3xl font-bold">{page.title}</h1>
        <RichText html={page.content} />
      </article>
    </VendorFrame>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} homeHref={`/${params.lang}/`} />;
}

/** Its product view adds to the cart: a refused quantity still changed the cart (lib/cart-revalidate.ts). */
export const shouldRevalidate = revalidateAfterCartChange;
