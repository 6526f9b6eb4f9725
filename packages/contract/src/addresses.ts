import { z } from 'zod';
import { idSchema } from './common.ts';
import { postcodeRule, isValidPostcode } from '@shop/domain';
import type { IssueLike } from './field-errors.ts';
import { checkoutBodySchema, shippingAddressSchema } from './sales.ts';

/* The logged-in user's address book (spec section 2, dashboard address-book). */

/** At most this many addresses per user: a book, not a log of every parcel. */
export const ADDRESS_BOOK_LIMIT = 20;

/** The address fields of the checkout form, with the same rules, so a saved address always fits it. */
export const addressFieldsSchema = checkoutBodySchema
  .pick({ firstName: true, lastName: true, phone: true })
  .extend(shippingAddressSchema.shape);

/**
 * The postcode checked against its country's pattern (domain `isValidPostcode`): no issue, or one
 * at `postcode` whose message names the country and an example ("e.g. 10115"). The country is
 * known by its code only where the countries are (the API's database, the page's country list),
 * so this runs beside the schema's parse, and its issue is localised like the schema's.
 */
export function postcodeIssues(
  country: { code: string; title: string },
  postcode: string,
): IssueLike[] {
  if (postcode.trim() === '' || isValidPostcode(country.code, postcode)) return [];
  const { example } = postcodeRule(country.code);
  return [
    {
      code: 'custom',
      path: ['postcode'],
      message: example ? 'forms.postcode' : 'forms.postcodeAny',
      params: { country: country.title, example },
    },
  ];
}

/** POST /api/accounts/addresses/ : a new address; `isDefault` makes it the checkout's default. */
export const createAddressBodySchema = addressFieldsSchema
  .extend({ isDefault: z.boolean().optional() })
  .strict();
export type CreateAddressBody = z.infer<typeof createAddressBodySchema>;

/** PATCH /api/accounts/addresses/{id}/ : any of the fields. */
export const updateAddressBodySchema = createAddressBodySchema.partial().strict();
export type UpdateAddressBody = z.infer<typeof updateAddressBodySchema>;

const placeSchema = z.object({ id: idSchema, title: z.string() });

export const addressSchema = z.object({
  id: idSchema,
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  country: placeSchema,
  region: placeSchema.nullable(),
  /** As the shopper typed it. */
  city: z.string(),
  address: z.string(),
  postcode: z.string(),
  /** The address the checkout form starts with; the first address saved is the default. */
  isDefault: z.boolean(),
});
export type Address = z.infer<typeof addressSchema>;
