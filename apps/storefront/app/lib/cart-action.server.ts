import { data, type RouterContextProvider } from 'react-router';
import { isApiError } from '@shop/contract';
import type { AddToCartResult } from '#app/components/add-to-cart.tsx';
import { addToCartForm } from './cart-forms.ts';
import { readForm } from './forms.server.ts';
import { shopTranslator } from './messages.server.ts';
import { getShopRequest, type ShopRequest } from './shop.server.ts';

/**
 * Adds to the cart: the new quantity is what the cart holds plus what was added (the cart API
 * sets quantities). A 400 with `product` means the item is gone: 'Sorry, the product is not
 * available.'; with `productQuantity`, the server's first quantity message (spec section 8).
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
  const { item, ref, quantity } = submission.value;
  try {
    const cart = await shop.api.sales.cart();
    const existing =
      cart.items.find((i) => (ref === 'bundle' ? i.bundle === item : i.product === item))
        ?.quantity ?? 0;
    const next = await shop.api.sales.setCartQuantity({
      params: { productId: item },
      body: { quantity: existing + quantity, ref },
    });
    return data<AddToCartResult>({ ok: true, quantity: next.totals.quantity });
  } catch (error) {
    if (isApiError(error, 400)) {
      const body = error.body as { product?: unknown; quantity?: unknown };
      if (body.product)
        return data<AddToCartResult>(
          { ok: false, message: t('errors.productNotAvailable') },
          { status: 400 },
        );
      const first: unknown = Array.isArray(body.quantity)
        ? (body.quantity as unknown[])[0]
        : undefined;
      if (typeof first === 'string')
        return data<AddToCartResult>({ ok: false, message: first }, { status: 400 });
    }
    console.error('add to cart failed', error);
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
