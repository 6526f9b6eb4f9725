import { useEffect, useRef } from 'react';
import { data, Form } from 'react-router';
import { getInputProps } from '@conform-to/react';
import { isApiError, type Cart } from '@shop/contract';
import { MAX_LINE_QUANTITY } from '@shop/domain';
import { Button, buttonVariants } from '#app/components/button.tsx';
import { AppLink } from '#app/components/app-link.tsx';
import { CsrfInput } from '#app/components/csrf-input.tsx';
import { ErrorScreen } from '#app/components/error-screen.tsx';
import { TotalsList } from '#app/components/totals-list.tsx';
import { FieldErrors, FormErrors } from '#app/components/form-messages.tsx';
import { useMoney } from '#app/components/price.tsx';
import { SizedImage } from '#app/components/sized-image.tsx';
import { formChecks, useLazyShopForm } from '#app/lib/lazy-form.ts';
import type * as CartChecksModule from '#app/lib/cart-checks.ts';
import { cartPageForm } from '#app/lib/cart-forms.ts';
import { variationText } from '#app/lib/cart-lines.ts';
import { resultFor } from '#app/lib/form-result.ts';
import { recoverRefusedLine } from '#app/lib/cart-refusal.server.ts';
import { revalidateAfterCartChange, type CartChanged } from '#app/lib/cart-revalidate.ts';
import { apiFailure, invalid, readForm, type FormReply } from '#app/lib/forms.server.ts';
import { useIsPending } from '#app/lib/pending.ts';
import { useI18n } from '#app/lib/i18n.tsx';
import { shopTranslator } from '#app/lib/messages.server.ts';
import { pageMeta } from '#app/lib/seo.ts';
import { getShopRequest } from '#app/lib/shop.server.ts';
import { pageLog } from '#app/lib/logger.server.ts';
import type { Route } from './+types/cart';
import { scriptsAfterPaintHandle } from '#app/lib/route-handle.ts';

export async function loader({ context }: Route.LoaderArgs) {
  const shop = getShopRequest(context);
  if (!shop.shop.cart) throw data(null, { status: 404 });
  const cart = await shop.api.sales.cart();
  return { cart };
}

/** Quantity changes, removals and promo codes: form posts, so the cart works without JavaScript. */
export async function action({ request, context }: Route.ActionArgs) {
  const shop = getShopRequest(context);
  const t = await shopTranslator(shop);
  const submission = await readForm(request, cartPageForm, t);
  if (submission.status !== 'success') return invalid(submission);
  const form = submission.value;
  try {
    if (form.intent === 'quantity') {
      await shop.api.sales.setCartQuantity({
        params: { productId: form.item },
        body: { quantity: form.quantity, ref: form.ref },
      });
    } else if (form.intent === 'remove') {
      await shop.api.sales.removeFromCart({
        params: { productId: form.item },
        query: { ref: form.ref },
      });
    } else if (form.intent === 'promo') {
      await shop.api.sales.applyPromoCode({ body: { code: form.code } });
    } else {
      await shop.api.sales.removePromoCode();
    }
  } catch (error) {
    if (form.intent === 'quantity') {
      try {
        // Spec section 8: a refused quantity never stays in the field; the line holds what the
        // server allows (or left the cart), and the field, the badge and the totals show it.
        const recovered = await recoverRefusedLine(
          shop.api,
          { item: form.item, ref: form.ref },
          error,
          t,
        );
        if (recovered) {
          const result = submission.reply({ formErrors: [recovered.message] });
          return data<FormReply & CartChanged>(
            {
              result:
                recovered.kind === 'set'
                  ? {
                      ...result,
                      initialValue: {
                        ...result.initialValue,
                        quantity: String(recovered.quantity),
                      },
                    }
                  : result,
              cartChanged: true,
            },
            { status: 400 },
          );
        }
      } catch (cleanup) {
        pageLog().error({ err: cleanup }, 'cart clean-up after a refused quantity failed');
      }
    }
    const failure = apiFailure(submission, error, t);
    // A login of this browser (another tab) ended its anonymous session as this change came: the
    // API changed nothing (409, decision 0079); the page's data reload shows the account's cart.
    if (isApiError(error, 409))
      return data<FormReply & CartChanged>({ ...failure.data, cartChanged: true }, { status: 409 });
    return failure;
  }
  return null;
}

export const shouldRevalidate = revalidateAfterCartChange;

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta({ matches, location, titleKey: 'cart.title', robots: 'noindex' });
}

/**
 * The quantity's and the promo code's checks in the browser, loaded on the first touch of a form
 * (decision 0084): zod and the schemas were as much of the page's start-up as React DOM. The
 * steppers and "Remove" send fixed values and are checked by the server only, as before.
 */
const cartChecks = formChecks(() => import('#app/lib/cart-checks.ts'));
type CartChecks = typeof CartChecksModule;

function Line({ line, reply }: { line: Cart['items'][number]; reply: FormReply | undefined }) {
  const { locale, t } = useI18n();
  const money = useMoney();
  const id = String((line.ref === 'bundle' ? line.bundle : line.product) ?? '');
  const [form, fields, formProps] = useLazyShopForm(
    cartChecks,
    (m: CartChecks) => m.cartQuantityForm,
    {
      id: `line-${line.id}`,
      lastResult: resultFor(reply, { intent: 'quantity', item: id, ref: line.ref }),
      defaultValue: { quantity: line.quantity },
      shouldValidate: 'onBlur',
    },
  );
  const image = line.item.images[0];
  const stepFormId = `line-${line.id}-step`;
  // The field shows what the cart holds after every answer: a refused quantity that leaves the
  // line as it was (the line holds the whole stock, 9 typed) re-renders with the same number,
  // so the typed one is put back by hand, keeping the focus where it was. Not on the first run:
  // the page's scripts start after its largest paint (decision 0068), and what a shopper typed
  // into the server-rendered field before they ran is theirs, not an answer to undo.
  const quantityField = useRef<HTMLInputElement>(null);
  const answered = useRef({ quantity: line.quantity, reply });
  useEffect(() => {
    if (answered.current.quantity === line.quantity && answered.current.reply === reply) return;
    answered.current = { quantity: line.quantity, reply };
    if (quantityField.current) quantityField.current.value = String(line.quantity);
  }, [line.quantity, reply]);
  return (
    <li className="grid grid-cols-[4.5rem_minmax(0,1fr)] gap-3 border-b border-slate-200 py-4 sm:grid-cols-[5rem_minmax(0,1fr)_auto]">
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
        <AppLink
          to={`/${locale}${line.item.slugUri}`}
          className="font-medium break-words hover:underline"
        >
          {line.item.title}
        </AppLink>
        {line.variation.length > 0 && (
          <p className="text-sm text-slate-700">{variationText(line.variation)}</p>
        )}
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
          <Form
            method="post"
            className="flex flex-wrap items-center gap-2"
            preventScrollReset
            {...formProps}
          >
            <CsrfInput />
            <input type="hidden" name="intent" value="quantity" />
            <input type="hidden" name="item" value={id} />
            <input type="hidden" name="ref" value={line.ref} />
            <label className="sr-only" htmlFor={fields.quantity.id}>
              {t('cart.quantity')}: {line.item.title}
            </label>
            <div className="flex items-stretch">
              <Button
                type="submit"
                form={`${stepFormId}-less`}
                variant="secondary"
                size="xs"
                disabled={line.quantity <= 1}
                aria-label={t('cart.decrease', { title: line.item.title })}
                className="w-10 rounded-r-none text-lg leading-none"
              >
                <span aria-hidden="true">−</span>
              </Button>
              <input
                {...getInputProps(fields.quantity, { type: 'number' })}
                ref={quantityField}
                key={`quantity-${line.quantity}`}
                defaultValue={line.quantity}
                className="w-16 border-y border-slate-300 px-2 py-1.5 text-center"
              />
              <Button
                type="submit"
                form={`${stepFormId}-more`}
                variant="secondary"
                size="xs"
                disabled={line.quantity >= MAX_LINE_QUANTITY}
                aria-label={t('cart.increase', { title: line.item.title })}
                className="w-10 rounded-l-none text-lg leading-none"
              >
                <span aria-hidden="true">+</span>
              </Button>
            </div>
            <Button type="submit" variant="secondary" size="xs">
              {t('common.save')}
            </Button>
            <div className="basis-full empty:hidden">
              <FieldErrors field={fields.quantity} />
              <FormErrors form={form} />
            </div>
          </Form>
          <Form method="post" preventScrollReset>
            <CsrfInput />
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="item" value={id} />
            <input type="hidden" name="ref" value={line.ref} />
            <button
              type="submit"
              aria-label={`${t('cart.remove')}: ${line.item.title}`}
              className="py-1.5 text-sm text-red-700 underline sm:px-2"
            >
              {t('cart.remove')}
            </button>
          </Form>
        </div>
        {/*
         * The steppers' own forms (the buttons sit beside the field with `form=`), outside the
         * row of controls: empty as they are, each took a gap of that row and pushed "Remove" in
         * from the line's edge on a phone. Each sends one less or one more than the cart holds
         * as the same "quantity" intent, so a refusal is recovered and said as for a typed
         * quantity. A repeated click sends the same number again, never one step too many. Enter
         * in the field still submits the field's own form (its first button is "Save").
         */}
        {[
          ['less', line.quantity - 1],
          ['more', line.quantity + 1],
        ].map(([step, quantity]) => (
          <Form key={step} method="post" id={`${stepFormId}-${step}`} preventScrollReset>
            <CsrfInput />
            <input type="hidden" name="intent" value="quantity" />
            <input type="hidden" name="item" value={id} />
            <input type="hidden" name="ref" value={line.ref} />
            <input type="hidden" name="quantity" value={quantity} />
          </Form>
        ))}
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
  // Busy while one of the cart's own forms is sent and the cart reloads.
  const busy = useIsPending();
  const [promoForm, promoFields, promoFormProps] = useLazyShopForm(
    cartChecks,
    (m: CartChecks) => m.promoCodeForm,
    {
      id: 'promo-code',
      lastResult: resultFor(actionData, { intent: 'promo' }),
      shouldValidate: 'onSubmit',
    },
  );
  // Removals have no fields: what went wrong with them is said above the cart.
  const removal =
    resultFor(actionData, { intent: 'remove' }) ??
    resultFor(actionData, { intent: 'remove-promo' });
  const removalErrors = removal?.error?.[''] ?? [];
  if (cart.items.length === 0) {
    return (
      <section className="mx-auto max-w-xl py-12 text-center">
        <h1 className="text-2xl font-bold">{t('cart.empty')}</h1>
        <p className="mt-2 text-slate-600">{t('cart.emptyText')}</p>
        <AppLink
          to={`/${locale}/products/`}
          className={buttonVariants({ size: 'xl', className: 'mt-6 inline-block' })}
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
      {removalErrors.length > 0 && (
        <p role="alert" className="mb-4 rounded-md bg-red-50 p-3 text-red-800">
          {removalErrors.join(' ')}
        </p>
      )}
      <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]" aria-busy={busy}>
        <ul aria-label={t('cart.itemsCount', { count: totals.quantity })}>
          {cart.items.map((line) => (
            <Line key={line.id} line={line} reply={actionData ?? undefined} />
          ))}
        </ul>
        <aside
          aria-labelledby="cart-summary"
          className="h-fit min-w-0 rounded-lg border border-slate-200 p-5"
        >
          <h2 id="cart-summary" className="sr-only">
            {t('cart.total')}
          </h2>
          <TotalsList
            subtotal={totals.total}
            discount={totals.discount}
            promo={{ code: cart.promoCode?.code, amount: totals.promoDiscount }}
            total={totals.grandTotal}
            vat={totals.totalVat}
          />
          <AppLink
            to={`/${locale}/checkout/checkout/`}
            className={buttonVariants({ size: 'lg', className: 'mt-4 block text-center' })}
          >
            {t('cart.checkout')}
          </AppLink>
          {cart.promoCode ? (
            <Form method="post" className="mt-4">
              <CsrfInput />
              <input type="hidden" name="intent" value="remove-promo" />
              <button type="submit" className="py-0.5 text-sm text-primary underline">
                {t('cart.removePromo')} ({cart.promoCode.code})
              </button>
            </Form>
          ) : (
            <Form method="post" className="mt-4" {...promoFormProps}>
              <CsrfInput />
              <input type="hidden" name="intent" value="promo" />
              <label htmlFor={promoFields.code.id} className="sr-only">
                {t('cart.promoCode')}
              </label>
              <div className="flex gap-2">
                <input
                  {...getInputProps(promoFields.code, { type: 'text' })}
                  placeholder={t('cart.promoPlaceholder')}
                  autoComplete="off"
                  className="min-w-0 flex-1 rounded-md border border-slate-300 px-3 py-2 uppercase placeholder:normal-case"
                />
                <Button type="submit" variant="secondary" size="compact" className="font-bold">
                  {t('cart.apply')}
                </Button>
              </div>
              <FieldErrors field={promoFields.code} />
              <FormErrors form={promoForm} />
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

/**
 * The scripts start after the largest paint (decision 0068): every control of the cart works
 * without them, and the shopper's first touch, click or key starts them at once.
 */
export const handle = scriptsAfterPaintHandle;
