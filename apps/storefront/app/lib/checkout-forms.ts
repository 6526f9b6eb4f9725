import { z } from 'zod';
import { changePaymentBodySchema, checkoutBodySchema, idSchema } from '@shop/contract';

/*
 * The checkout page's forms, told apart by `intent`. 'places' asks for the regions of the chosen
 * country and the cities of the chosen region (a server round trip, so it works without
 * JavaScript); 'place' places the order with the contract's checkout body; 'method', on the
 * payment step of a placed order, pays it another way (after a declined card).
 */

export const checkoutPlacesForm = z.object({
  intent: z.literal('places'),
  country: idSchema.optional(),
  region: idSchema.optional(),
});

export const placeOrderForm = checkoutBodySchema.extend({
  /*
   * Optional: the browser checks the form without a submitter (a field left, a section's
   * "Continue"), and those checks are of the order's fields, not of the regions' round trip.
   */
  intent: z.literal('place').optional(),
  /** Rendered once with the page: submitting the same page twice places one order. */
  idempotencyKey: z.string().regex(/^[\w-]{8,100}$/),
});

export const changePaymentForm = changePaymentBodySchema.extend({
  intent: z.literal('method'),
  order: idSchema,
});

export const checkoutPageForm = z.discriminatedUnion('intent', [
  checkoutPlacesForm,
  placeOrderForm,
  changePaymentForm,
]);

/**
 * The checkout's sections, in their order, and the fields each one checks before it folds to its
 * one-line summary (the review section holds the rest: promo code, note, and the order button).
 */
export const CHECKOUT_SECTIONS = {
  contact: placeOrderForm.pick({ email: true, firstName: true, lastName: true, phone: true }),
  address: placeOrderForm.pick({
    country: true,
    region: true,
    city: true,
    address: true,
    postcode: true,
  }),
  delivery: placeOrderForm.pick({ delivery: true }),
  payment: placeOrderForm.pick({ payment: true }),
} as const;
export type CheckoutSection = keyof typeof CHECKOUT_SECTIONS;
