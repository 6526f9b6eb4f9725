import { z } from 'zod';
import {
  cartRefSchema,
  idSchema,
  promoCodeBodySchema,
  setCartQuantityBodySchema,
} from '@shop/contract';
import { MAX_LINE_QUANTITY } from '@shop/domain';

/*
 * The cart's forms, each told apart by its `intent` (STYLE.md), built from the contract's body
 * schemas so that the browser, the storefront's action and the API check the same rules.
 */

const line = { item: idSchema, ref: cartRefSchema.default('product') };

export const cartQuantityForm = z.object({
  intent: z.literal('quantity'),
  ...line,
  quantity: setCartQuantityBodySchema.shape.quantity,
});
export const cartRemoveForm = z.object({ intent: z.literal('remove'), ...line });
export const promoCodeForm = z.object({
  intent: z.literal('promo'),
  code: promoCodeBodySchema.shape.code,
});
export const removePromoCodeForm = z.object({ intent: z.literal('remove-promo') });

/** Every form of the cart page. */
export const cartPageForm = z.discriminatedUnion('intent', [
  cartQuantityForm,
  cartRemoveForm,
  promoCodeForm,
  removePromoCodeForm,
]);

/** The add-to-cart form of product and bundle pages and the sticky bar. */
export const addToCartForm = z.object({
  intent: z.literal('add-to-cart'),
  ...line,
  quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY),
  /** Sent by the form before it runs with JavaScript: a page post is answered with the cart. */
  then: z.literal('cart').optional(),
});
