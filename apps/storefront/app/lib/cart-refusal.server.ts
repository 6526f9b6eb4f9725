import { addToCartErrorSchema, isApiError, type ApiClient, type CartRef } from '@shop/contract';
import type { Translate } from '@shop/contract';

/** What the cart holds of a line after the API refused a quantity for it. */
export type LineRecovery =
  /** The item is gone from the shop: it left the cart. */
  | { kind: 'removed'; message: string }
  /** Stock was short: the line now holds what the server allows (0: it left the cart). */
  | { kind: 'set'; quantity: number; message: string };

/**
 * Spec section 8, for the forms that set or add a cart line with a chosen quantity (the product's
 * add, the cart page's quantity; the wishlist's "move to cart" still answers its own message): a 400 with a `product` error removes the line and says 'Sorry, the product is
 * not available.'; one with `productQuantity` sets the line to it (removes it at 0) and says the
 * server's first quantity message. The body is read with the contract's schema; anything else
 * (another status, a body of another shape) is no refusal of a line: null, and the caller answers
 * as for any failure. The cart changed either way, so the caller's answer says so
 * (`cartChanged`, lib/cart-revalidate.ts) and every route that shows the cart reloads.
 */
export async function recoverRefusedLine(
  api: ApiClient,
  line: { item: number; ref: CartRef },
  error: unknown,
  t: Translate,
): Promise<LineRecovery | null> {
  if (!isApiError(error, 400)) return null;
  const refusal = addToCartErrorSchema.safeParse(error.body);
  if (!refusal.success) return null;
  const { product, productQuantity, quantity } = refusal.data;
  const params = { productId: line.item };
  if (product !== undefined) {
    await api.sales.removeFromCart({ params, query: { ref: line.ref } });
    return { kind: 'removed', message: t('errors.productNotAvailable') };
  }
  if (productQuantity === undefined) return null;
  if (productQuantity === 0) await api.sales.removeFromCart({ params, query: { ref: line.ref } });
  else
    await api.sales.setCartQuantity({ params, body: { quantity: productQuantity, ref: line.ref } });
  return {
    kind: 'set',
    quantity: productQuantity,
    message: quantity?.[0] ?? t('errors.somethingWentWrong'),
  };
}
