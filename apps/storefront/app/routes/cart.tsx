import { data, Form, useNavigation } from 'react-router';
import { isApiError, type Cart } from '@shop/contract';
import { AppLink } from '#app/components/app-link.tsx';
import { ErrorScreen } from '#app/components/error-screen.tsx';
import { useMoney } from '#app/components/price.tsx';
import { SizedImage } from '#app/components/sized-image.tsx';
import { verifyCsrf } from '#app/lib/csrf.server.ts';
import { useI18n } from '#app/lib/i18n.tsx';
import { pageMeta } from '#app/lib/seo.ts';
import { getShopRequest, rethrowApiError } from '#app/lib/shop.server.ts';
import { useLocaleData } from './locale.tsx';
import type { Route } from './+types/cart';

export async function loader({ context }: Route.LoaderArgs) {
  const shop = getShopRequest(context);
  if (!shop.shop.cart) throw data(null, { status: 404 });
  const cart = await shop.api.sales
    .cart()
    .catch((error: unknown) => rethrowApiError(error, shop.locale));
  return { cart };
}

type ActionResult = { ok: boolean; message?: string; field?: 'code' | 'quantity' };

/** Quantity changes, removals and promo codes: form posts, so the cart works without JavaScript. */
export async function action({ request, context }: Route.ActionArgs) {
  const shop = getShopRequest(context);
  const form = await request.formData();
  verifyCsrf(request, form);
  const intent = form.get('intent');
  const item = Number(form.get('item'));
  const ref = form.get('ref') === 'bundle' ? 'bundle' : 'product';
  try {
    if (intent === 'quantity') {
      const quantity = Number(form.get('quantity'));
      if (!Number.isSafeInteger(quantity) || quantity < 0) {
        return data<ActionResult>({ ok: false, field: 'quantity' }, { status: 400 });
      }
      await shop.api.sales.setCartQuantity(item, { quantity, ref });
    } else if (intent === 'remove') {
      await shop.api.sales.removeFromCart(item, { ref });
    } else if (intent === 'promo') {
      const raw = form.get('code');
      const code = typeof raw === 'string' ? raw.trim() : '';
      await shop.api.sales.applyPromoCode({ code });
    } else if (intent === 'remove-promo') {
      await shop.api.sales.removePromoCode();
    } else {
      return data<ActionResult>({ ok: false }, { status: 400 });
    }
    return data<ActionResult>({ ok: true });
  } catch (error) {
    if (isApiError(error, 400)) {
      const body = error.body as Record<string, unknown>;
      const first = (key: string) => {
        const value = body[key];
        return Array.isArray(value) && typeof value[0] === 'string' ? value[0] : undefined;
      };
      const message =
        first('code') ??
        first('quantity') ??
        first('product') ??
        (typeof body.detail === 'string' ? body.detail : undefined);
      return data<ActionResult>(
        {
          ok: false,
          ...(message ? { message } : {}),
          field: intent === 'promo' ? 'code' : 'quantity',
        },
        { status: 400 },
      );
    }
    return rethrowApiError(error, shop.locale);
  }
}

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta({ matches, location, titleKey: 'cart.title', robots: 'noindex' });
}

function Line({ line, csrf }: { line: Cart['items'][number]; csrf: string }) {
  const { locale, t } = useI18n();
  const money = useMoney();
  const id = line.ref === 'bundle' ? line.bundle : line.product;
  const image = line.item.images[0];
  return (
    <li className="grid grid-cols-[4.5rem_1fr] gap-3 border-b border-slate-200 py-4 sm:grid-cols-[5rem_1fr_auto]">
      <div className="h-18 w-18 overflow-hidden rounded-md bg-slate-100 sm:h-20 sm:w-20">
        {image && (
          <SizedImage
            image={{ ...image, imageType: 'icon' }}
            alt=""
            className="h-full w-full object-cover"
            sizes="80px"
          />
        )}
      </div>
      <div className="min-w-0">
        <AppLink to={`/${locale}${line.item.slugUri}`} className="font-medium hover:underline">
          {line.item.title}
        </AppLink>
        <p className="text-sm text-slate-600">
          {money(line.unitPrice)}
          {line.discountPercent > 0 && (
            <span className="ml-2 text-red-700">−{line.discountPercent}%</span>
          )}
        </p>
        {!line.available && (
          <p className="text-sm font-medium text-red-700">{t('errors.productNotAvailable')}</p>
        )}
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <Form method="post" className="flex items-center gap-2" preventScrollReset>
            <input type="hidden" name="csrf" value={csrf} />
            <input type="hidden" name="intent" value="quantity" />
            <input type="hidden" name="item" value={id ?? ''} />
            <input type="hidden" name="ref" value={line.ref} />
            <label className="sr-only" htmlFor={`qty-${line.id}`}>
              {t('cart.quantity')}: {line.item.title}
            </label>
            <input
              id={`qty-${line.id}`}
              type="number"
              name="quantity"
              min={0}
              max={99}
              defaultValue={line.quantity}
              className="w-20 rounded-md border border-slate-300 px-2 py-1.5"
            />
            <button
              type="submit"
              className="rounded-md border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-100"
            >
              {t('common.save')}
            </button>
          </Form>
          <Form method="post" preventScrollReset>
            <input type="hidden" name="csrf" value={csrf} />
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="item" value={id ?? ''} />
            <input type="hidden" name="ref" value={line.ref} />
            <button
              type="submit"
              aria-label={`${t('cart.remove')}: ${line.item.title}`}
              className="px-2 py-1.5 text-sm text-red-700 underline"
            >
              {t('cart.remove')}
            </button>
          </Form>
        </div>
      </div>
      <p className="col-start-2 font-bold sm:col-start-3 sm:text-right">
        {money(line.discountPrice)}
      </p>
    </li>
  );
}

export default function CartPage({ loaderData, actionData }: Route.ComponentProps) {
  const { cart } = loaderData;
  const { locale, t } = useI18n();
  const money = useMoney();
  const shop = useLocaleData();
  const navigation = useNavigation();
  const csrf = shop?.csrfToken ?? '';
  const busy = navigation.state !== 'idle';
  if (cart.items.length === 0) {
    return (
      <section className="mx-auto max-w-xl py-12 text-center">
        <h1 className="text-2xl font-bold">{t('cart.empty')}</h1>
        <p className="mt-2 text-slate-600">{t('cart.emptyText')}</p>
        <AppLink
          to={`/${locale}/products/`}
          className="mt-6 inline-block rounded-md bg-primary px-5 py-3 font-bold text-white hover:bg-blue-800"
        >
          {t('cart.continueShopping')}
        </AppLink>
      </section>
    );
  }
  const totals = cart.totals;
  return (
    <div>
      <h1 className="mb-6 text-2xl font-bold sm:text-3xl">{t('cart.title')}</h1>
      {actionData && !actionData.ok && (
        <p role="alert" className="mb-4 rounded-md bg-red-50 p-3 text-red-800">
          {actionData.message ??
            t(actionData.field === 'code' ? 'cart.promoInvalid' : 'errors.somethingWentWrong')}
        </p>
      )}
      <div className="grid gap-8 lg:grid-cols-[1fr_22rem]" aria-busy={busy}>
        <ul aria-label={t('cart.itemsCount', { count: totals.quantity })}>
          {cart.items.map((line) => (
            <Line key={line.id} line={line} csrf={csrf} />
          ))}
        </ul>
        <aside
          aria-labelledby="cart-summary"
          className="h-fit rounded-lg border border-slate-200 p-5"
        >
          <h2 id="cart-summary" className="sr-only">
            {t('cart.total')}
          </h2>
          <dl className="space-y-2">
            <div className="flex justify-between">
              <dt>{t('cart.subtotal')}</dt>
              <dd>{money(totals.total)}</dd>
            </div>
            {totals.discount > 0 && (
              <div className="flex justify-between text-red-700">
                <dt>{t('cart.discount')}</dt>
                <dd>−{money(totals.discount)}</dd>
              </div>
            )}
            {totals.promoDiscount > 0 && (
              <div className="flex justify-between text-red-700">
                <dt>
                  {t('cart.promoCode')} {cart.promoCode?.code}
                </dt>
                <dd>−{money(totals.promoDiscount)}</dd>
              </div>
            )}
            <div className="flex justify-between border-t border-slate-200 pt-2 text-lg font-bold">
              <dt>{t('cart.total')}</dt>
              <dd>{money(totals.grandTotal)}</dd>
            </div>
            <div className="flex justify-between text-sm text-slate-600">
              <dt>{t('cart.vatIncluded')}</dt>
              <dd>{money(totals.totalVat)}</dd>
            </div>
          </dl>
          {cart.promoCode ? (
            <Form method="post" className="mt-4">
              <input type="hidden" name="csrf" value={csrf} />
              <input type="hidden" name="intent" value="remove-promo" />
              <button type="submit" className="text-sm text-primary underline">
                {t('cart.removePromo')} ({cart.promoCode.code})
              </button>
            </Form>
          ) : (
            <Form method="post" className="mt-4 flex gap-2">
              <input type="hidden" name="csrf" value={csrf} />
              <input type="hidden" name="intent" value="promo" />
              <label htmlFor="promo-code" className="sr-only">
                {t('cart.promoCode')}
              </label>
              <input
                id="promo-code"
                name="code"
                placeholder={t('cart.promoPlaceholder')}
                autoComplete="off"
                aria-invalid={actionData?.field === 'code' ? true : undefined}
                className="min-w-0 flex-1 rounded-md border border-slate-300 px-3 py-2 uppercase"
              />
              <button
                type="submit"
                className="rounded-md border border-slate-300 px-3 py-2 font-bold hover:bg-slate-100"
              >
                {t('cart.apply')}
              </button>
            </Form>
          )}
          <AppLink to={`/${locale}/products/`} className="mt-4 inline-block text-primary underline">
            {t('cart.continueShopping')}
          </AppLink>
        </aside>
      </div>
    </div>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} homeHref={`/${params.lang}/`} />;
}
