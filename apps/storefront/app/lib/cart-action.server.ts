import { data, type RouterContextProvider } from 'react-router';
import { isApiError } from '@shop/contract';
import type { AddToCartResult } from '#app/components/add-to-cart.tsx';
import { addToCartForm } from './cart-forms.ts';
import { readForm } from './forms.server.ts';
import { shopTranslator } from './messages.server.ts';
import { getShopRequest, type ShopRequest } from './shop.server.ts';

/**
 * Adds to the cart with the API's atomic "add n" (two quick adds both count). A 400 follows spec
 * section 8: a `product` error means the item is gone, so it leaves the cart and the shopper reads
 * 'Sorry, the product is not available.'; a `productQuantity` sets the line to that quantity
 * (removes it at 0) and shows the server's first quantity message.
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
  const line = { params: { productId: item } };
  try {
    const next = await shop.api.sales.addToCart({ ...line, body: { quantity, ref } });
    return data<AddToCartResult>({ ok: true, quantity: next.totals.quantity });
  } catch (error) {
    if (isApiError(error, 400)) {
      const body = error.body as {
        product?: unknown;
        quantity?: unknown;
        productQuantity?: unknown;
      };
      const first: unknown = Array.isArray(body.quantity)
        ? (body.quantity as unknown[])[0]
        : undefined;
      try {
        if (body.product) {
          await shop.api.sales.removeFromCart({ ...line, query: { ref } });
          return data<AddToCartResult>(
            { ok: false, message: t('errors.productNotAvailable') },
            { status: 400 },
          );
        }
        if (typeof body.productQuantity === 'number' && typeof first === 'string') {
          await shop.api.sales.setCartQuantity({
            ...line,
            body: { quantity: body.productQuantity, ref },
          });
          return data<AddToCartResult>({ ok: false, message: first }, { status: 400 });
        }
      } catch (cleanup) {
        console.error('cart clean-up after a refused add failed', cleanup);
      }
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
