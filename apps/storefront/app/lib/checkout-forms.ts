import { z } from 'zod';
import {
  changePaymentBodySchema,
  checkoutBodySchema,
  idSchema,
  postcodeIssues,
  shippingAddressSchema,
  type Country,
} from '@shop/contract';

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

/** What the page form needs to know of the shop's offer to check an order as the API will. */
export type CheckoutFormContext = {
  /** The deliveries collected at a pickup point: they need no address. */
  pickupIds: readonly number[];
  /** The countries delivered to, with their codes: the postcode is checked by each one's shape. */
  countries: readonly Pick<Country, 'id' | 'code' | 'title'>[];
};

/** The address an order goes to, checked as the API checks it: required fields, the postcode's shape. */
function addressIssues(
  value: { country?: number | undefined; postcode?: string | undefined },
  countries: CheckoutFormContext['countries'],
  ctx: z.RefinementCtx,
) {
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
}

/**
 * The checkout page's form: for any delivery but a pickup, the whole shipping address is required
 * and its postcode shaped as its country's (the contract's rules, so every missing field is
 * flagged on the first submit, before the API is asked).
 */
export function checkoutPageForm({ pickupIds, countries }: CheckoutFormContext) {
  return z
    .discriminatedUnion('intent', [checkoutPlacesForm, placeOrderForm, changePaymentForm])
    .superRefine(
      (value, ctx) => {
        if (value.intent === 'places' || value.intent === 'method') return;
        if (pickupIds.includes(value.delivery)) return;
        addressIssues(value, countries, ctx);
      },
      // Also while other fields are missing (zod skips refinements then): every empty field of
      // the address is flagged on the first submit with the contact's, not in a second round.
      { when: () => true },
    );
}

/**
 * The checkout's sections, in their order, and the fields each one checks before it folds to its
 * one-line summary (the review section holds the rest: promo code, note, and the order button).
 * The address section is checked with the shipping address's rules (a pickup skips the section).
 */
export function checkoutSections({ countries }: Pick<CheckoutFormContext, 'countries'>) {
  return {
    contact: placeOrderForm.pick({ email: true, firstName: true, lastName: true, phone: true }),
    address: shippingAddressSchema
      .partial()
      .superRefine((value, ctx) => addressIssues(value, countries, ctx)),
    delivery: placeOrderForm.pick({ delivery: true }),
    payment: placeOrderForm.pick({ payment: true }),
  } as const;
}
export type CheckoutSection = keyof ReturnType<typeof checkoutSections>;
