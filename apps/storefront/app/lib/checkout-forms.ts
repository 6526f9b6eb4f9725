import { z } from 'zod';
import {
  checkoutBodySchema,
  idSchema,
  postcodeIssues,
  shippingAddressSchema,
  type Country,
} from '@shop/contract';

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

/** What the page form needs to know of the shop's offer to check an order as the API will. */
export type CheckoutFormContext = {
  /** The deliveries collected at a pickup point: they need no address. */
  pickupIds: readonly number[];
  /** The countries delivered to, with their codes: the postcode is checked by each one's shape. */
  countries: readonly Pick<Country, 'id' | 'code' | 'title'>[];
};

/**
 * The checkout page's form: for any delivery but a pickup, the whole shipping address is required
 * and its postcode shaped as its country's (the contract's rules, so every missing field is
 * flagged on the first submit, before the API is asked).
 */
export function checkoutPageForm({ pickupIds, countries }: CheckoutFormContext) {
  return z
    .discriminatedUnion('intent', [checkoutPlacesForm, placeOrderForm])
    .superRefine((value, ctx) => {
      if (value.intent !== 'place' || pickupIds.includes(value.delivery)) return;
      const address = shippingAddressSchema.safeParse(value);
      if (!address.success) for (const issue of address.error.issues) ctx.addIssue({ ...issue });
      const country = countries.find((c) => c.id === value.country);
      if (country && value.postcode) {
        for (const issue of postcodeIssues(country, value.postcode)) {
          ctx.addIssue({
            code: 'custom',
            path: ['postcode'],
            message: issue.message ?? 'forms.invalid',
            params: issue.params,
          });
        }
      }
    });
}
