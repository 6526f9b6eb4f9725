import { z } from 'zod';
import { checkoutBodySchema, idSchema } from '@shop/contract';

/*
 * The checkout page's forms, told apart by `intent`. 'places' asks for the regions of the chosen
 * country and the cities of the chosen region (a server round trip, so it works without
 * JavaScript); 'place' places the order with the contract's checkout body.
 */

export const checkoutPlacesForm = z.object({
  intent: z.literal('places'),
  country: idSchema.optional(),
  region: idSchema.optional(),
});

export const placeOrderForm = checkoutBodySchema.extend({
  intent: z.literal('place'),
  /** Rendered once with the page: submitting the same page twice places one order. */
  idempotencyKey: z.string().regex(/^[\w-]{8,100}$/),
});

export const checkoutPageForm = z.discriminatedUnion('intent', [
  checkoutPlacesForm,
  placeOrderForm,
]);
