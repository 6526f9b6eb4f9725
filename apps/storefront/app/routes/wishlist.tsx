import { useEffect, useRef } from 'react';
import { data, Form, redirect, useFetcher } from 'react-router';
import { isApiError, WISHLIST_COMMENT_MAX_LENGTH, type WishlistItem } from '@shop/contract';
import { PRODUCT_PAGE_SIZE, safeRedirect } from '@shop/domain';
import { Button, buttonVariants } from '#app/components/button.tsx';
import { AppLink } from '#app/components/app-link.tsx';
import { CsrfInput } from '#app/components/csrf-input.tsx';
import { ErrorScreen } from '#app/components/error-screen.tsx';
import { FormErrors } from '#app/components/form-messages.tsx';
import { Pagination } from '#app/components/pagination.tsx';
import { Price } from '#app/components/price.tsx';
import { StockState } from '#app/components/product-card.tsx';
import { SizedImage } from '#app/components/sized-image.tsx';
import { useToast } from '#app/components/toasts.tsx';
import type { WishlistActionResult } from '#app/components/wishlist-heart.tsx';
import { requireShopper } from '#app/lib/account.server.ts';
import { wishlistForm } from '#app/lib/account-forms.ts';
import { apiFailure, invalid, readForm, type FormReply } from '#app/lib/forms.server.ts';
import { useIsPending } from '#app/lib/pending.ts';
import { useI18n } from '#app/lib/i18n.tsx';
import { shopTranslator } from '#app/lib/messages.server.ts';
import { pageMeta } from '#app/lib/seo.ts';
import { getShopRequest } from '#app/lib/shop.server.ts';
import type { Route } from './+types/wishlist';

const pageOf = (request: Request) => {
  const page = Number(new URL(request.url).searchParams.get('page') ?? '1');
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const shop = getShopRequest(context);
  requireShopper(shop, request);
  const page = pageOf(request);
  const list = await shop.api.wishlist.list({ query: { page, page_size: PRODUCT_PAGE_SIZE } });
  const pages = Math.max(1, Math.ceil(list.count / PRODUCT_PAGE_SIZE));
  // A page past the end (its last item was just removed): the last page instead.
  if (page > pages) {
    throw redirect(`/${shop.locale}/account/wishlist/${pages > 1 ? `?page=${pages}` : ''}`);
  }
  return {
    items: list.results,
    count: list.count,
    page,
    pages,
    cart: shop.shop.cart,
  };
}

type WishlistReply = FormReply & { done?: string; item?: number };

/**
 * The hearts (from any page) and the lines of this page. A heart's post answers its fetcher
 * with JavaScript and goes back to its page without; anonymous shoppers are sent to log in and
 * come back to that page.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const shop = getShopRequest(context);
  const t = await shopTranslator(shop);
  const submission = await readForm(request, wishlistForm, t);
  if (submission.status !== 'success') return invalid(submission);
  const form = submission.value;
  const back = 'redirectTo' in form ? safeRedirect(form.redirectTo, `/${shop.locale}/`) : undefined;
  requireShopper(shop, request, back);
  const api = shop.api.wishlist;
  try {
    if (form.intent === 'add' || form.intent === 'remove') {
      if (form.intent === 'add') await api.add({ body: { product: form.product } });
      else
        await api.remove({ params: { id: form.item } }).catch((error: unknown) => {
          // Removed already (another tab): the heart's wish is done.
          if (!isApiError(error, 404)) throw error;
        });
      if (form.fetch) return data<WishlistActionResult>({ ok: true, saved: form.intent === 'add' });
      if (back) return redirect(back);
      return data<WishlistReply>({ result: submission.reply({ resetForm: true }) });
    }
    if (form.intent === 'comment') {
      await api.update({ params: { id: form.item }, body: { comment: form.comment ?? '' } });
      return data<WishlistReply>({
        result: submission.reply(),
        done: t('wishlist.commentSaved'),
        item: form.item,
      });
    }
    // Move to cart: the cart first, so a refused add leaves the product saved.
    await shop.api.sales.addToCart({
      params: { productId: form.product },
      body: { quantity: 1, ref: 'product' },
    });
    await api.remove({ params: { id: form.item } }).catch(() => undefined);
    return data<WishlistReply>({
      result: submission.reply({ resetForm: true }),
      done: t('wishlist.movedToCart'),
    });
  } catch (error) {
    if (form.intent === 'add' || form.intent === 'remove') {
      if (form.fetch) {
        const message = isApiError(error, 400)
          ? t('wishlist.productUnavailable')
          : t('errors.somethingWentWrong');
        return data<WishlistActionResult>({ ok: false, message }, { status: 400 });
      }
    }
    const failure = apiFailure(submission, error, t);
    return data<WishlistReply>(
      { ...failure.data, item: 'item' in form ? form.item : undefined },
      failure.init ?? undefined,
    );
  }
}

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta({ matches, location, titleKey: 'wishlist.title', robots: 'noindex' });
}

function CommentForm({ item }: { item: WishlistItem }) {
  const { t } = useI18n();
  const fetcher = useFetcher<WishlistReply>();
  const { toast } = useToast();
  const handled = useRef<WishlistReply | undefined>(undefined);
  const id = `comment-${item.id}`;
  useEffect(() => {
    const reply = fetcher.data;
    if (!reply || reply === handled.current || fetcher.state !== 'idle') return;
    handled.current = reply;
    if (reply.done) toast(reply.done);
  }, [fetcher.data, fetcher.state, toast]);
  const errors = fetcher.data?.result.error?.comment;
  return (
    <fetcher.Form method="post" className="flex flex-col gap-2 sm:flex-row sm:items-end">
      <CsrfInput />
      <input type="hidden" name="intent" value="comment" />
      <input type="hidden" name="item" value={item.id} />
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="mb-1 block text-sm font-medium">
          {t('wishlist.comment')}
        </label>
        <textarea
          id={id}
          name="comment"
          rows={2}
          maxLength={WISHLIST_COMMENT_MAX_LENGTH}
          defaultValue={item.comment}
          placeholder={t('wishlist.commentPlaceholder')}
          aria-invalid={errors ? true : undefined}
          aria-describedby={errors ? `${id}-error` : undefined}
          className="w-full rounded-md border border-slate-300 px-3 py-2"
        />
        {errors && (
          <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
            {errors.join(' ')}
          </p>
        )}
      </div>
      <Button
        type="submit"
        variant="secondary"
        size="sm"
        className="font-medium"
        disabled={fetcher.state !== 'idle'}
      >
        {t('wishlist.saveComment')}
      </Button>
    </fetcher.Form>
  );
}

function WishlistLine({ item, cart }: { item: WishlistItem; cart: boolean }) {
  const { locale, t } = useI18n();
  const { product } = item;
  const image = product.images[0];
  // Only this line's buttons wait while it is moved or removed.
  const busy = useIsPending({ fields: { item: String(item.id) } });
  return (
    <li className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-[7rem_1fr]">
      <div className="aspect-square w-24 overflow-hidden rounded-md bg-slate-100 sm:w-28">
        {image && (
          <SizedImage image={image} alt="" className="h-full w-full object-cover" sizes="112px" />
        )}
      </div>
      <div className="min-w-0 space-y-3">
        <div>
          <h2 className="font-medium break-words">
            <AppLink to={`/${locale}${product.slugUri}`} className="hover:underline">
              {product.title}
            </AppLink>
          </h2>
          <Price
            price={product.price}
            discountPrice={product.discountPrice}
            discountPercent={product.discountPercent}
          />
          <StockState stock={product.stock} available={product.available} />
        </div>
        <CommentForm item={item} />
        <div className="flex flex-wrap gap-2">
          {cart && product.available && product.stock !== 0 && (
            <Form method="post">
              <CsrfInput />
              <input type="hidden" name="intent" value="move" />
              <input type="hidden" name="item" value={item.id} />
              <input type="hidden" name="product" value={product.id} />
              <Button type="submit" disabled={busy} size="sm">
                {t('wishlist.moveToCart')}
              </Button>
            </Form>
          )}
          <Form method="post">
            <CsrfInput />
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="item" value={item.id} />
            <Button
              type="submit"
              disabled={busy}
              variant="secondary"
              size="sm"
              className="font-medium"
              aria-label={`${t('wishlist.remove')}: ${product.title}`}
            >
              {t('wishlist.remove')}
            </Button>
          </Form>
        </div>
      </div>
    </li>
  );
}

export default function Wishlist({ loaderData, actionData }: Route.ComponentProps) {
  const { locale, t } = useI18n();
  const { items, count, page, pages, cart } = loaderData;
  // Every answer of this page's forms has this shape (the hearts' answers go to their fetchers).
  const reply = actionData && 'result' in actionData ? (actionData as WishlistReply) : undefined;
  const formErrors = reply?.result.error?.[''] ?? [];
  return (
    <section aria-labelledby="wishlist-title" className="mx-auto w-full max-w-3xl">
      <h1 id="wishlist-title" className="mb-2 text-2xl font-bold">
        {t('wishlist.title')}
      </h1>
      <p className="mb-6 text-slate-600">{t('wishlist.itemsCount', { count })}</p>
      {reply?.done && !reply.item && (
        <p role="status" className="mb-4 rounded-md border border-green-200 bg-green-50 p-3">
          {reply.done}{' '}
          <AppLink to={`/${locale}/checkout/cart/`} className="font-medium text-primary underline">
            {t('cart.viewCart')}
          </AppLink>
        </p>
      )}
      {reply?.done && reply.item && (
        <p role="status" className="mb-4 rounded-md border border-green-200 bg-green-50 p-3">
          {reply.done}
        </p>
      )}
      <FormErrors form={{ errorId: 'wishlist-errors', errors: formErrors }} />
      {items.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 p-8 text-center">
          <p className="text-lg font-medium">{t('wishlist.empty')}</p>
          <p className="mt-2 text-slate-600">{t('wishlist.emptyText')}</p>
          <AppLink
            to={`/${locale}/products/`}
            className={buttonVariants({ className: 'mt-4 inline-block' })}
          >
            {t('cart.continueShopping')}
          </AppLink>
        </div>
      ) : (
        <ul className="space-y-4">
          {items.map((item) => (
            <WishlistLine key={item.id} item={item} cart={cart} />
          ))}
        </ul>
      )}
      <Pagination
        page={page}
        total={pages}
        href={(p) => `/${locale}/account/wishlist/${p > 1 ? `?page=${p}` : ''}`}
      />
    </section>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} homeHref={`/${params.lang}/`} />;
}
