import { data, redirect, type RouterContextProvider } from 'react-router';
import { cartDisabledRefusal, detailErrorSchema, isApiError, isBusyRefusal } from '@shop/contract';
import type { AddToCartResult } from '#app/components/add-to-cart.tsx';
import { addToCartForm } from './cart-forms.ts';
import { cartAdded } from './cart-lines.ts';
import { recoverRefusedLine } from './cart-refusal.server.ts';
import { readForm } from './forms.server.ts';
import { shopTranslator } from './messages.server.ts';
import { getShopRequest, type ShopRequest } from './shop.server.ts';
import { pageLog } from './logger.server.ts';

/**
 * Adds to the cart with the API's atomic "add n" (two quick adds both count). The answer names
 * the line as the cart now holds it and the cart's subtotal (the mini-cart shows them); a form
 * posted as a page (`then=cart`: no scripts) is answered with the cart page instead. A refusal of
 * the line is recovered as spec section 8 says (lib/cart-refusal.server.ts); the answer says the
 * cart changed, so the badge and the product's stock reload.
 */
export async function addToCart(request: Request, shop: ShopRequest) {
  const t = await shopTranslator(shop);
  const submission = await readForm(request, addToCartForm, t);
  if (submission.status !== 'success') {
    const first = Object.values(submission.error ?? {}).flat()[0];
    return data<AddToCartResult>(
      { ok: false, message: first ?? t('errors.somethingWentWrong') },
      { status: 400 },
    );
  }
  const { item, ref, quantity, then } = submission.value;
  const line = { params: { productId: item } };
  try {
    const next = await shop.api.sales.addToCart({ ...line, body: { quantity, ref } });
    if (then === 'cart') return redirect(`/${shop.locale}/checkout/cart/`);
    return data<AddToCartResult>({ ok: true, ...cartAdded(next, { item, ref }) });
  } catch (error) {
    // The shop's cart was turned off after this page was shown (decision 0071): the API says so by
    // its code, in the page's language; the page's data reloads, so the button and the header's
    // cart go. Nothing of the cart is touched.
    // The shop was busy (decision 0088): nothing was added, and the shopper may press again.
    if (isBusyRefusal(error))
      return data<AddToCartResult>(
        { ok: false, message: t('errors.busyNothingDone') },
        { status: 503 },
      );
    const cartOff = cartDisabledRefusal(error);
    if (cartOff)
      return data<AddToCartResult>(
        { ok: false, message: cartOff.detail, cartChanged: true },
        { status: 400 },
      );
    // A login of this browser (another tab) ended its anonymous session as this add came: the API
    // added nothing (409, decision 0079) and says so; the reload shows the account's cart.
    if (isApiError(error, 409)) {
      const refused = detailErrorSchema.safeParse(error.body);
      if (refused.success)
        return data<AddToCartResult>(
          { ok: false, message: refused.data.detail, cartChanged: true },
          { status: 409 },
        );
    }
    try {
      const recovered = await recoverRefusedLine(shop.api, { item, ref }, error, t);
      if (recovered)
        return data<AddToCartResult>(
          { ok: false, message: recovered.message, cartChanged: true },
          { status: 400 },
        );
    } catch (cleanup) {
      pageLog().error({ err: cleanup }, 'cart clean-up after a refused add failed');
    }
    pageLog().error({ err: error }, 'add to cart failed');
    return data<AddToCartResult>(
      { ok: false, message: t('errors.somethingWentWrong') },
      { status: 502 },
    );
  }
}

/** The action of a product or bundle page: its one form adds to the cart. */
export async function productPageAction({
  request,
  context,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
}) {
  return addToCart(request, getShopRequest(context));
}
